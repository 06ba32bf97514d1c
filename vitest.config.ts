import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One test run over every workspace. Integration suites share the throw-away NATS, Redis and
 * MongoDB-wire servers that `test/global-setup.ts` starts once; files run one after another so
 * their services never answer each other's NATS subjects.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@meydan/proto': here('./proto/src/index.ts'),
      '@meydan/testing': here('./test/harness.ts'),
      '@meydan/kit': here('./services/kit/src/index.ts'),
    },
  },
  test: {
    include: ['{proto,services/*,gateway,web,deploy}/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
