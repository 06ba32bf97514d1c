import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measureInitialJs } from '../scripts/initial-js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function writeDist(manifest: Record<string, unknown>, files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'meydan-initial-js-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('initial JS of /', () => {
  it('counts the entry and its static imports, transitively and once, but not lazily loaded screens', () => {
    const files = {
      'assets/index.js': 'entry '.repeat(200),
      'assets/vendor.js': 'vendor '.repeat(300),
      'assets/shared.js': 'shared '.repeat(100),
      'assets/BlogPage.js': 'blog '.repeat(5000),
    };
    const dist = writeDist(
      {
        'index.html': {
          file: 'assets/index.js',
          isEntry: true,
          imports: ['_vendor.js', '_shared.js'],
          dynamicImports: ['src/BlogPage.tsx'],
        },
        '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared.js' },
        'src/BlogPage.tsx': { file: 'assets/BlogPage.js', isDynamicEntry: true, imports: ['_shared.js'] },
      },
      files,
    );
    const measured = measureInitialJs(dist);
    expect(measured.files.map((f) => f.file).sort()).toEqual([
      'assets/index.js',
      'assets/shared.js',
      'assets/vendor.js',
    ]);
    const gz = (name: keyof typeof files) => gzipSync(files[name]).length;
    expect(measured.totalGzipBytes).toBe(gz('assets/index.js') + gz('assets/vendor.js') + gz('assets/shared.js'));
  });
});
