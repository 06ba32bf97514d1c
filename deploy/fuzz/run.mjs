// `npm run fuzz`: the fuzz test of `npm test` (test/fuzz/openapi-fuzz.test.ts), run long. FUZZ_SECONDS (per
// identity, default 600) and FUZZ_SEED (to replay a run) pass through.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @type {[string, string[]][]} */
const steps = [
  ['node', ['deploy/local/ensure-deps.mjs', '--servers']],
  ['npx', ['tsc', '-b']],
  ['npm', ['run', 'build', '-w', '@meydan/web']],
  ['npx', ['vitest', 'run', 'test/fuzz/openapi-fuzz.test.ts']],
];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_SECONDS: process.env.FUZZ_SECONDS || '600' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
