/**
 * The processes' bundles (deploy/local/bundle.mjs): made from the build, remade when the build is newer and only
 * then, and a bundle runs as its `dist/main.js` did. (That each service's and the gateway's bundle runs is what every
 * browser test's stack shows.)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleOf, bundleStale, ensureBundles } from '../local/bundle.mjs';

const root = mkdtempSync(join(tmpdir(), 'meydan-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const workspace = 'services/sample';
const dist = join(root, workspace, 'dist');
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'greeting.js'), "export const greeting = (name) => 'Merhaba ' + name;\n");
writeFileSync(join(dist, 'main.js'), "import { greeting } from './greeting.js';\nconsole.log(greeting('Meydan'));\n");
const run = () => execFileSync(process.execPath, [bundleOf(root, workspace)], { encoding: 'utf8' }).trim();

describe('the bundle of a process', () => {
  it('is made from dist/main.js with what it imports, and runs as it did', async () => {
    expect(bundleStale(root, workspace)).toBe(true);
    expect(await ensureBundles(root, [workspace])).toEqual([workspace]);
    expect(run()).toBe('Merhaba Meydan');
    expect(readFileSync(bundleOf(root, workspace), 'utf8')).toContain('Merhaba');
  });

  it('is kept while the build is older, and made again once a built file is newer', async () => {
    expect(bundleStale(root, workspace)).toBe(false);
    expect(await ensureBundles(root, [workspace])).toEqual([]);
    writeFileSync(join(dist, 'greeting.js'), "export const greeting = (name) => 'Selam ' + name;\n");
    const later = statSync(bundleOf(root, workspace)).mtimeMs / 1000 + 5;
    utimesSync(join(dist, 'greeting.js'), later, later);
    expect(bundleStale(root, workspace)).toBe(true);
    expect(await ensureBundles(root, [workspace])).toEqual([workspace]);
    expect(run()).toBe('Selam Meydan');
  });

  it('says what to run when there is no build', async () => {
    await expect(ensureBundles(root, ['services/unbuilt'])).rejects.toThrow(
      'services/unbuilt/dist/main.js missing: run npx tsc -b',
    );
  });
});
