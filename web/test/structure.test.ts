import { describe, expect, it } from 'vitest';

/**
 * The layers of web/src, bottom to top (web/README.md says what each holds). A file may import its own
 * folder and any folder of a lower layer, never one of its own layer or above: ui/ knows no store and no feature,
 * features never import layout/ or app/. Features may import one another (a poll card shows the follow button).
 */
const layers: readonly (readonly string[])[] = [
  ['theme', 'i18n', 'generated'],
  ['lib'],
  ['ui'],
  ['store'],
  ['features'],
  ['layout'],
  ['app'],
  ['main.tsx', 'entry-server.tsx'],
];

const sources = import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const files = new Set(Object.keys(sources).map((key) => key.replace('../src/', '')));

/** The folder right under web/src that a file (path relative to web/src) belongs to, or the file itself at the top. */
function folderOf(file: string): string {
  return file.split('/')[0]!;
}

function layerOf(file: string): number {
  return layers.findIndex((layer) => layer.includes(folderOf(file)));
}

/** Every module specifier of a source: static imports and re-exports, side-effect imports, dynamic import(). */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s+['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1]!);
}

/** A relative specifier as a path relative to web/src, or undefined when it names no file there. */
function resolve(from: string, specifier: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.replace(/\?.*$/, '').split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const path = parts.join('/');
  if (/\.(css|svg|png|json)$/.test(path)) return path;
  return [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`].find((candidate) =>
    files.has(candidate),
  );
}

/** Every import of web/src that breaks the layering, as 'file → import (why)'. */
function upwardImports(): string[] {
  const wrong: string[] = [];
  for (const [key, source] of Object.entries(sources)) {
    const file = key.replace('../src/', '');
    if (layerOf(file) < 0) {
      wrong.push(
        `${file} is in no layer (give the folder ${folderOf(file)}/ one in structure.test.ts and web/README.md)`,
      );
      continue;
    }
    for (const specifier of specifiers(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(file, specifier);
      if (target === undefined) {
        wrong.push(`${file} → '${specifier}' (names no file under web/src)`);
        continue;
      }
      if (folderOf(target) === folderOf(file)) continue;
      if (layerOf(target) < 0 || layerOf(target) >= layerOf(file)) {
        wrong.push(`${file} → '${specifier}' (${folderOf(file)} may not import ${folderOf(target)})`);
      }
    }
  }
  return wrong.sort();
}

describe('web/src structure', () => {
  it('reads every source file and finds imports in each layer', () => {
    expect(files.size).toBeGreaterThan(100);
    for (const folder of ['ui', 'store', 'features', 'layout', 'app']) {
      const inFolder = [...files].filter((file) => folderOf(file) === folder);
      expect(inFolder.length, folder).toBeGreaterThan(0);
      expect(
        inFolder.some((file) => specifiers(sources[`../src/${file}`]!).some((s) => s.startsWith('.'))),
        folder,
      ).toBe(true);
    }
  });

  it('has no import from a lower layer to a higher one or sideways', () => {
    expect(upwardImports()).toEqual([]);
  });
});
