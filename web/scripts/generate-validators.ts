/** Writes the validators under web/src/generated/ (see validators-source.ts for why). */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedValidatorModules } from './validators-source.js';

const root = fileURLToPath(new URL('../src/generated/', import.meta.url));
rmSync(root, { recursive: true, force: true });
for (const [file, source] of Object.entries(generatedValidatorModules())) {
  const target = `${root}${file}`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, source);
}
console.log(`validators written to ${root}`);
