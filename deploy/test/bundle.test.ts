/**
 * The processes' bundles (deploy/local/bundle.mjs): made from the build, remade when the build is newer and only
 * then, and a bundle runs as its `dist/main.js` did. (That each service's and the gateway's bundle runs is what every
 * browser test's stack shows.) It is ASCII only, without comments or indentation, and leaves out what loads on first use.
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleOf, bundleStale, EXTERNAL, ensureBundles, PROCESS_WORKSPACES } from '../local/bundle.mjs';

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

  it('is ASCII only and keeps no comment nor indentation: V8 holds its source, one byte per character', async () => {
    const other = 'services/turkish';
    const built = join(root, other, 'dist');
    mkdirSync(built, { recursive: true });
    // esbuild keeps the JSDoc of an object's properties (proto's subjects) unless it drops whitespace, and a regular
    // expression's letters as written.
    writeFileSync(
      join(built, 'main.js'),
      "const subjects = {\n  /** {id} → şu üyenin adı */\n  name: 'üye.ad',\n};\nconsole.log(subjects.name + ' ' + `ğ😀` + ' ' + /ı+/.test('ıı'));\n",
    );
    await ensureBundles(root, [other]);
    const bundle = readFileSync(bundleOf(root, other));
    expect(bundle.every((byte) => byte < 0x80)).toBe(true);
    expect(bundle.toString('latin1')).not.toMatch(/u2192|\/\*\*|\n {2}/);
    expect(execFileSync(process.execPath, [bundleOf(root, other)], { encoding: 'utf8' }).trim()).toBe(
      'üye.ad ğ😀 true',
    );
  });

  it('leaves out every package a process loads on first use, whose source it would otherwise hold from the start', () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    const loadedOnUse = new Set<string>();
    for (const workspace of [...PROCESS_WORKSPACES, 'services/kit', 'proto']) {
      const src = join(repo, workspace, 'src');
      for (const entry of readdirSync(src, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
        const code = readFileSync(join(entry.parentPath, entry.name), 'utf8');
        // `await import('exceljs')`, not `typeof import('sharp')` (a type) nor a module of the workspace ('./x.js').
        for (const [, name] of code.matchAll(/(?<!typeof )\bimport\('([^.'][^']*)'\)/g)) {
          if (!name?.startsWith('node:')) loadedOnUse.add(name ?? '');
        }
      }
    }
    expect([...loadedOnUse].sort()).toEqual(['exceljs', 'mongoose', 'nodemailer', 'sharp', 'web-push']);
    const bundled = (name: string) =>
      !EXTERNAL.some(
        (external) => external === name || (external.endsWith('/*') && name.startsWith(external.slice(0, -1))),
      );
    // mongoose is loaded by every service but the gateway, which has no database: bundled, it is read once.
    expect([...loadedOnUse].filter(bundled)).toEqual(['mongoose']);
  });

  it('says what to run when there is no build', async () => {
    await expect(ensureBundles(root, ['services/unbuilt'])).rejects.toThrow(
      'services/unbuilt/dist/main.js missing: run npx tsc -b',
    );
  });
});
