import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { COMPILE_CACHE_DIR } from './deploy/local/node-runtime.mjs';
import LongestFirst from './test/longest-first.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One test run over every workspace. Integration suites share the throw-away Redis and MongoDB-wire servers that
 * `test/global-setup.ts` starts once; two workers run files side by side, each with a NATS server and a Redis
 * database of its own so that their services never answer each other's NATS subjects or share rate limits, and
 * each test with its own database and durable consumer names.
 */
const alias = {
  '@meydan/proto': here('./proto/src/index.ts'),
  '@meydan/testing': here('./test/harness.ts'),
  '@meydan/kit': here('./services/kit/src/index.ts'),
};
// Node's compile cache for this run's processes: the test workers inherit it, and so do the processes they start
// (deploy/local/node-runtime.mjs gives the stacks' processes the same directory).
process.env['NODE_COMPILE_CACHE'] ??= COMPILE_CACHE_DIR;
enableCompileCache(process.env['NODE_COMPILE_CACHE']);

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['{proto,services/*,gateway,web,deploy}/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // The k6 load test runs alone (`npm run test:k6`): beside the other suites, on this 2-core machine, its load and
    // theirs met in the shared Redis (one suite watches it with MONITOR) and it failed where it passes alone.
    exclude: [...configDefaults.exclude, ...(process.env['MEYDAN_K6'] ? [] : ['test/e2e/k6-mixed.test.ts'])],
    globalSetup: ['./test/global-setup.ts'],
    // Time enough for integration suites on a busy two-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    // The longest files first (test/durations.json), so that both workers finish together.
    sequence: { sequencer: LongestFirst },
  },
});
