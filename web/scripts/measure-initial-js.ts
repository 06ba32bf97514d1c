/** Prints the JavaScript a visitor downloads for `/` (gzip) and fails above the budget. Run after `vite build`. */
import { fileURLToPath } from 'node:url';
import { initialJsBudgetBytes, measureInitialJs } from './initial-js.js';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const { files, totalGzipBytes } = measureInitialJs(dist);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
for (const { file, gzipBytes } of files) console.log(`${kB(gzipBytes).padStart(10)}  ${file}`);
console.log(`${kB(totalGzipBytes).padStart(10)}  initial JS for / (gzip), budget ${kB(initialJsBudgetBytes)}`);
if (totalGzipBytes > initialJsBudgetBytes) {
  console.error('initial JS for / is over budget: load the new screen lazily (router.tsx) instead');
  process.exitCode = 1;
}
