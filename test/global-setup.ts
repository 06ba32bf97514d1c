import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { PROCESS_WORKSPACES, ensureBundles } from '../deploy/local/bundle.mjs';
import {
  ensureServerBinaries,
  freePort,
  killAll,
  startMongoWire,
  startNats,
  startRedis,
} from '../deploy/local/servers.mjs';
import type { StartedInfra } from './harness.js';
import { startSharedHeadless } from './e2e/chromium.js';

/**
 * Starts throw-away NATS (JetStream), Redis and a MongoDB-wire server (FerretDB, or TEST_MONGO_URL)
 * on free ports in a temp dir, once per run; removes them afterwards. Each test worker gets a NATS server of its
 * own: test files running side by side start the same services, which must not answer each other's requests.
 */
export default async function setup(project: TestProject) {
  if (process.env['MEYDAN_TEST_NO_SERVERS']) return;
  // The stacks' processes start from their bundles (deploy/local/bundle.mjs): made once here, before the workers,
  // rather than by the first stack of each (a run without the build leaves it to the stack, which says what to run).
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (PROCESS_WORKSPACES.every((ws) => existsSync(join(root, ws, 'dist', 'main.js')))) await ensureBundles(root);
  const dir = mkdtempSync(join(tmpdir(), 'meydan-test-'));
  const mongoGiven = process.env['TEST_MONGO_URL'];
  const binaries = ensureServerBinaries({ mongo: !mongoGiven });
  // A project that does not extend the root config (vitest.config.ts: `replicas`) has no maxWorkers of its own.
  const workers = Math.max(1, project.config.maxWorkers || project.globalConfig.maxWorkers || 1);
  const natsPorts = await Promise.all(Array.from({ length: workers }, () => freePort()));
  const [redisPort, mongoPort] = await Promise.all([freePort(), freePort()]);
  const [natsServers, redis, mongo] = await Promise.all([
    Promise.all(
      natsPorts.map((port, i) =>
        startNats({
          port,
          dataDir: join(dir, `nats-${i + 1}`),
          logFile: join(dir, `nats-${i + 1}.log`),
          binary: binaries.natsServer,
        }),
      ),
    ),
    startRedis({
      port: redisPort,
      dataDir: join(dir, 'redis'),
      logFile: join(dir, 'redis.log'),
      binary: binaries.redisServer,
    }),
    mongoGiven
      ? null
      : startMongoWire({ port: mongoPort, dataDir: join(dir, 'mongo'), logFile: join(dir, 'mongo.log'), binaries }),
  ]);
  const infra: StartedInfra = {
    natsUrls: natsServers.map((nats) => nats.url),
    redisUrl: redis.url,
    mongoUrl: mongoGiven ?? mongo!.url,
    dir,
    workerStacks: join(dir, 'worker-stacks'),
    natsServer: binaries.natsServer ?? 'nats-server',
    redisServer: binaries.redisServer ?? 'redis-server',
  };
  project.provide('infra', infra);
  // The browser journeys' lane (vitest.config.ts) shares one headless Chromium between its files.
  const browser = project.name === 'journeys' ? await startSharedHeadless() : null;
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? null);
  // A lane whose workers run file after file with the modules loaded shares a stack per worker (e2e/stack.ts).
  project.provide('stackPerWorker', project.config.isolate === false);
  return async () => {
    await browser?.close();
    endWorkerStacks(infra.workerStacks);
    await Promise.all([...natsServers.map((nats) => nats.stop()), redis.stop(), mongo?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Kills what the workers' shared stacks left: a worker stops its stack when vitest ends it with SIGTERM, but one killed
 * otherwise (SIGKILL, a crash) could not.
 */
function endWorkerStacks(listed: string): void {
  if (!existsSync(listed)) return;
  for (const file of readdirSync(listed)) killAll(readFileSync(join(listed, file), 'utf8').split('\n').map(Number));
}
