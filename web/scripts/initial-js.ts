/**
 * What a visitor's browser downloads as JavaScript before `/` can render: the entry chunk and every chunk it imports
 * statically, transitively (lazy routes' chunks are not counted), gzip-compressed as the gateway's clients see it.
 * Read from the Vite manifest that `vite build` writes (build.manifest).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The budget for `/`: React, react-router (without its data router: app/router.tsx), Redux Toolkit and
 * styled-components are about 118 kB of it, the rest is the feed and the frame around it. A screen, dialog or library
 * the first view does not show loads on demand.
 */
export const initialJsBudgetBytes = 160 * 1000;

export interface InitialJs {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
}

export function measureInitialJs(distDir: string): InitialJs {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`no entry chunk in ${distDir}/.vite/manifest.json`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  const files = [...seen].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSync(readFileSync(join(distDir, file))).length };
  });
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
