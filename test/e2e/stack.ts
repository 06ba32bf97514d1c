/**
 * The whole Meydan stack for the browser tests, on free ports: the built services and the built gateway (serving
 * web/dist) started by the launcher `npm start` uses (deploy/local/stack.mjs), on top of the throw-away
 * NATS/Redis/MongoDB of the vitest global setup and a private MailDev. `stop()` ends every process it started.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import type { ServiceName } from '@meydan/proto';
import { freePort, killAll, releasePort, type ProcessHandle } from '../../deploy/local/servers.mjs';
import { replicasOf, SERVICES, startStack as launchStack } from '../../deploy/local/stack.mjs';
import { TEST_MAIL_SECRET, infra, startPrivateNats, startTestMailDev, testWorker } from '../harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  /** The gateway, e.g. http://127.0.0.1:41234 — the site's public origin. */
  origin: string;
  mail: Awaited<ReturnType<typeof startTestMailDev>>;
  logDir: string;
  /** The Redis database its services use (the worker's, or the worker stack's own). */
  redisUrl: string;
  /** The MongoDB database of each service (on the MONGO_URL of the run). */
  databases: Record<ServiceName, string>;
  /** Processes of each service (`auth`, `auth-2`, … as named in `instances`). */
  replicas: number;
  /** Where each process (`gateway`, `auth`, `auth-2`, …) serves its Prometheus metrics (`/metrics`). */
  metricsPorts: Record<string, number>;
  /** Every service process by name: `auth`, `auth-2`, …, `admin-2` (the gateway is not one of them). */
  instances: readonly { service: ServiceName; name: string }[];
  /** The pid of each process it started (services, gateway, MailDev). */
  pids(): number[];
  /** The last lines of a process's log (for failure messages). */
  logTail(name: string, lines?: number): string;
  /** `kill -9` of one service process; resolves once it is gone. */
  kill(name: string): Promise<void>;
  /** Starts a killed service process again, as a supervisor would; resolves once it is ready. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A port for one of a stack's processes: free, below the kernel's ephemeral range, and claimed for this process on
 * this machine (deploy/local/servers.mjs freePort), so that neither the other workers' stacks nor a run in another
 * checkout is handed it before its process listens on it; the stack gives its claims up when it stops.
 */
async function stackPort(claimed: number[]): Promise<number> {
  const port = await freePort();
  claimed.push(port);
  return port;
}

/**
 * `webDist`: serve this copy of the built SPA instead of web/dist (a test that changes files works on a copy).
 * `env`: further variables for every process (e.g. RATE_LIMIT_SCALE for a test that sends many requests).
 * `replicas`: processes of each service (default: REPLICAS from the environment, else 1).
 * `servers`: a NATS server and a Redis database in place of the worker's (the worker's stack, below).
 */
export async function startStack(
  options: {
    webDist?: string;
    env?: NodeJS.ProcessEnv;
    replicas?: number;
    servers?: { natsUrl: string; redisUrl: string };
  } = {},
): Promise<Stack> {
  // REPLICAS=2 runs every stack test against two processes of each service, as `REPLICAS=2 npm start` does.
  const replicas = replicasOf(options.replicas ?? process.env['REPLICAS']);
  for (const name of [...SERVICES.map((s) => `services/${s}`), 'gateway']) {
    if (!existsSync(join(root, name, 'dist', 'main.js')))
      throw new Error(`${name}/dist/main.js missing: run npx tsc -b`);
  }
  if (!existsSync(join(root, 'web', 'dist', 'index.html')))
    throw new Error('web/dist missing: run npm run build -w @meydan/web');

  const { mongoUrl, dir, ...worker } = infra();
  const { natsUrl, redisUrl } = options.servers ?? worker;
  const claimed: number[] = [];
  const release = () => {
    for (const port of claimed.splice(0)) releasePort(port);
  };
  const runId = randomBytes(4).toString('hex');
  const logDir = join(dir, `e2e-${runId}`);
  const logTail = (name: string, lines = 40) => {
    try {
      return readFileSync(join(logDir, `${name}.log`), 'utf8')
        .trim()
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '(no log)';
    }
  };

  const mail = await startTestMailDev();
  try {
    // The worker's own Redis database, which only the suites of this worker use, one after another: empty it, so an
    // earlier suite's rate-limit windows (same client IP) never count against this one.
    const redisOfStack = new Redis(redisUrl);
    await redisOfStack.flushdb();
    await redisOfStack.quit();
    const launched = await launchStack({
      root,
      logDir,
      urls: { nats: natsUrl, redis: redisUrl, mongo: mongoUrl },
      smtpUrl: mail.smtpUrl,
      replicas,
      portsFor: async () => ({ port: await stackPort(claimed), metricsPort: await stackPort(claimed) }),
      // No load shedding: the browser journeys share a busy two-core machine with the other suites, where a starved
      // process would answer 503 overloaded to what a journey expects answered (kit/load-shedding.ts has its own tests).
      // PUSH_ALLOW_HTTP_ENDPOINTS: the stand-in for a browser vendor's push service is a local http server
      // (web-push.test.ts); a real one is https only.
      env: {
        ADMIN_EMAIL: 'admin@meydan.local',
        ADMIN_PASSWORD: 'meydan-admin',
        LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        SHED_MAX_IN_FLIGHT: '0',
        PUSH_ALLOW_HTTP_ENDPOINTS: '1',
        ...options.env,
      },
      serviceEnv: ({ service }) => ({ MONGO_DB: `e2e_${runId}_${service}`, NATS_CONSUMER_PREFIX: `e2e_${runId}_` }),
      secret: `e2e-secret-${randomBytes(12).toString('hex')}`,
      // One mail key for every stack of the run: the stacks of a worker share its NATS server and so its mail
      // requests, and a mailer handed one sealed with another stack's key retried it for minutes (up to 20
      // deliveries), holding up its own stack's activation mails (a fresh-clone run's browser files failed so).
      mailSecret: TEST_MAIL_SECRET,
      webDist: options.webDist ?? join(root, 'web', 'dist'),
      explain: (name) => `:\n${logTail(name)}`,
      // Node's own memory defaults, as the browser tests have always run: the launcher changes how they start, not
      // what runs (the production settings made the timing-sensitive journeys of app.test.ts fail more often here).
      nodeRuntime: false,
    });
    const running = new Map<string, ProcessHandle>(Object.entries(launched.handles) as [string, ProcessHandle][]);
    const kill = async (name: string) => {
      const handle = running.get(name);
      if (!handle) throw new Error(`no service process ${name}`);
      handle.proc.kill('SIGKILL');
      await handle.exited;
    };
    const restart = async (name: string) => {
      const handle = running.get(name);
      const instance = launched.instances.find((i) => i.name === name);
      if (!instance) throw new Error(`no service process ${name}`);
      if (handle && handle.proc.exitCode === null && handle.proc.signalCode === null)
        throw new Error(`${name} is still running`);
      const again = launched.launch(instance) as ProcessHandle;
      running.set(name, again);
      await launched.ready(name, launched.ports[name], again);
    };
    const databases = Object.fromEntries(SERVICES.map((s) => [s, `e2e_${runId}_${s}`])) as Stack['databases'];
    const stop = async () => {
      await launched.stop();
      release();
      await mail.stop(5_000).catch(() => undefined);
    };
    const pids = () => [...[...running.values(), launched.gateway].map((handle) => handle.proc.pid!), mail.proc.pid!];
    const { base: origin, instances, metricsPorts } = launched;
    return {
      origin,
      mail,
      logDir,
      redisUrl,
      databases,
      replicas,
      instances,
      metricsPorts,
      pids,
      logTail,
      kill,
      restart,
      stop,
    };
  } catch (err) {
    release();
    await mail.stop(5_000).catch(() => undefined);
    throw err;
  }
}

/**
 * The stack that the files of one test worker share, one after another: where a worker runs file after file with the
 * modules it has loaded (vitest.config.ts, the `journeys` lane, isolate: false), the first file that asks starts it
 * and the later ones find it running, rather than each starting and stopping seven processes of its own. Each file
 * makes members, polls and share links of its own (support.ts `createMember`, `uniqueTag`), and reads what it made.
 *
 * - It runs on a NATS server and a Redis database of its own (the worker's database + 8): a stack with other options
 *   that a file of the same worker starts meanwhile answers the worker's NATS subjects and empties the worker's
 *   database, and must meet neither.
 * - Its rate limits are scaled up (RATE_LIMIT_SCALE): the files sign members up and in from one address, 127.0.0.1,
 *   and used to have a new stack, with its counters emptied, every file. A file that checks a limit starts its own.
 * - It is stopped when the worker is (vitest ends a worker with SIGTERM); test/global-setup.ts ends whatever a worker
 *   killed otherwise left (each worker lists its stack's pids in `infra().workerStacks`).
 *
 * Where files do not share a worker's modules (`stackPerWorker` false: the other lanes, e.g. web-push.test.ts in
 * `last`), each file gets a stack of its own, which `leaveStack` stops.
 */
let workerShared: Promise<Stack> | null = null;
const sharedStacks = new WeakSet<Stack>();

export function workerStack(): Promise<Stack> {
  if (!inject('stackPerWorker')) return startStack();
  workerShared ??= startWorkerStack().catch((err: unknown) => {
    workerShared = null;
    throw err;
  });
  return workerShared;
}

/** Stops a file's stack; the worker's shared one is left for its next file. */
export async function leaveStack(stack: Stack | undefined): Promise<void> {
  if (stack && !sharedStacks.has(stack)) await stack.stop();
}

async function startWorkerStack(): Promise<Stack> {
  // The Redis server of the run (infra() gives the worker's database on it).
  const { workerStacks, redisUrl: server } = inject('infra');
  const nats = await startPrivateNats();
  let stack: Stack;
  try {
    stack = await startStack({
      servers: { natsUrl: nats.url, redisUrl: `${server}/${8 + ((testWorker() - 1) % 8)}` },
      env: { RATE_LIMIT_SCALE: '100' },
    });
  } catch (err) {
    await nats.stop();
    throw err;
  }
  sharedStacks.add(stack);
  const pids = () => [...stack.pids(), nats.proc.pid!];
  const listed = join(workerStacks, `${process.pid}.pids`);
  mkdirSync(workerStacks, { recursive: true });
  writeFileSync(listed, pids().join('\n'));
  // The worker's end: its processes are killed at once (a test server keeps nothing), their list removed, and then the
  // signal is taken as it would have been without this listener.
  process.once('SIGTERM', () => {
    killAll(pids());
    rmSync(listed, { force: true });
    process.kill(process.pid, 'SIGTERM');
  });
  return stack;
}
