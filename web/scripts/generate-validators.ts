/** Writes web/src/generated/validators.ts (see validators-source.ts for why). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateValidatorsSource } from './validators-source.js';

const target = fileURLToPath(new URL('../src/generated/validators.ts', import.meta.url));
writeFileSync(target, generateValidatorsSource());
console.log(`validators written to ${target}`);
