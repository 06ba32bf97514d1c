import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `npm test` also runs the app journeys against two processes of every service (REPLICAS=2, see test/e2e/stack.ts);
 * `npm run test:replicas` runs the whole stack suite that way. Running single files (`npx vitest run …`) runs them
 * once, against one process each.
 */
const withReplicaJourneys = process.env['npm_lifecycle_event'] === 'test' || process.env['MEYDAN_WHOLE_SUITE'] === '1';

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
/** What every project of the run needs: the servers, and time enough for integration suites. */
const shared = {
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['{proto,services/*,gateway,web,deploy}/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // The k6 load test runs alone (`npm run test:k6`): beside the other suites, on this 2-core machine, its load and
    // theirs met in the shared Redis (one suite watches it with MONITOR) and it failed where it passes alone.
    exclude: [...configDefaults.exclude, ...(process.env['MEYDAN_K6'] ? [] : ['test/e2e/k6-mixed.test.ts'])],
    ...shared,
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    ...(withReplicaJourneys
      ? {
          projects: [
            { extends: true, test: { name: 'meydan' } },
            // Not `extends`: that would add this include to the root's instead of replacing it.
            { resolve: { alias }, test: { ...shared, name: 'replicas', include: ['test/e2e/app.test.ts'], env: { REPLICAS: '2' } } },
          ],
        }
      : {}),
  },
});
