import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `npm test` (and `npm run test:stress` without files) runs the whole suite: every lane below, and the app journeys a
 * second time against two processes of every service (REPLICAS=2, see test/e2e/stack.ts). Running single files
 * (`npx vitest run …`) runs them in their lane, once, against one process each.
 */
const wholeSuite = process.env['npm_lifecycle_event'] === 'test' || process.env['MEYDAN_WHOLE_SUITE'] === '1';

const alias = {
  '@meydan/proto': here('./proto/src/index.ts'),
  '@meydan/testing': here('./test/harness.ts'),
  '@meydan/kit': here('./services/kit/src/index.ts'),
};

/**
 * The fault runs: each kills a server of a cluster or a process of a stack and measures how the rest rides it out (a
 * chaos storm's times to recover, replicas killed under load, a publish through a JetStream leader election bounded
 * by the vote path's retry time), which a busy neighbour would distort, so they run last, one at a time.
 */
const longRuns = ['deploy/test/chaos-cluster.test.ts', 'test/replicas/**/*.test.ts', 'services/kit/test/jetstream-cluster.test.ts'];
/** The k6 load test runs alone (`npm run test:k6`): beside the other suites its load and theirs met in the shared Redis. */
const alone = process.env['MEYDAN_K6'] ? [] : ['test/e2e/k6-mixed.test.ts'];

/**
 * A lane: a vitest project whose files run side by side on two workers, after the lanes before it (`order`), so a lane
 * never starves another. Every file runs in a process of its own. (Sharing a worker's module graph between files,
 * `isolate: false`, halved the CPU of the services' files, but vitest 4.1 then gives both workers of the next lane the
 * same VITEST_POOL_ID, by which each test process picks its own NATS server, Redis database and ports: reproduced with
 * eight empty test files in two lanes.)
 */
function lane(name: string, order: number, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name,
      globalSetup: ['./test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: 2,
      fileParallelism: true,
      sequence: { groupOrder: order },
      ...test,
      exclude: [...configDefaults.exclude, ...alone, ...(test?.exclude ?? [])],
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      // Unit and integration tests of every workspace but the web app, on the real NATS, Redis and MongoDB-wire servers.
      lane('services', 0, {
        include: ['{proto,services/*,gateway,deploy}/test/**/*.test.ts', 'test/*.test.ts', 'test/cluster/**/*.test.ts'],
        exclude: longRuns,
      }),
      // The web app's tests in jsdom.
      lane('web', 1, { include: ['web/test/**/*.test.{ts,tsx}'] }),
      // Browser journeys in Chromium against whole stacks, and the OpenAPI fuzzing of a whole stack.
      lane('browser', 2, { include: ['test/e2e/**/*.test.ts', 'test/fuzz/**/*.test.ts'] }),
      lane('long', 3, { include: longRuns, maxWorkers: 1 }),
      // The app journeys again, against two processes of every service, after the fault runs, alone too.
      ...(wholeSuite ? [lane('replicas', 3, { include: ['test/e2e/app.test.ts'], maxWorkers: 1, env: { REPLICAS: '2' } })] : []),
    ],
  },
});
