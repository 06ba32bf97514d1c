/**
 * The whole Meydan stack for the browser tests, on free ports: the built services and the built gateway (serving
 * web/dist) started by the launcher `npm start` uses (deploy/local/stack.mjs), on top of the throw-away
 * NATS/Redis/MongoDB of the vitest global setup and a private MailDev. `stop()` ends every process it started.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { ServiceName } from '@meydan/proto';
import { freePort, releasePort, type ProcessHandle } from '../../deploy/local/servers.mjs';
import { replicasOf, SERVICES, startStack as launchStack } from '../../deploy/local/stack.mjs';
import { TEST_MAIL_SECRET, infra, startTestMailDev } from '../harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  /** The gateway, e.g. http://127.0.0.1:41234 — the site's public origin. */
  origin: string;
  mail: Awaited<ReturnType<typeof startTestMailDev>>;
  logDir: string;
  /** The MongoDB database of each service (on the MONGO_URL of the run). */
  databases: Record<ServiceName, string>;
  /** Processes of each service (`auth`, `auth-2`, … as named in `instances`). */
  replicas: number;
  /** Where each process (`gateway`, `auth`, `auth-2`, …) serves its Prometheus metrics (`/metrics`). */
  metricsPorts: Record<string, number>;
  /** Every service process by name: `auth`, `auth-2`, …, `admin-2` (the gateway is not one of them). */
  instances: readonly { service: ServiceName; name: string }[];
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
 */
export async function startStack(
  options: { webDist?: string; env?: NodeJS.ProcessEnv; replicas?: number } = {},
): Promise<Stack> {
  // REPLICAS=2 runs every stack test against two processes of each service, as `REPLICAS=2 npm start` does.
  const replicas = replicasOf(options.replicas ?? process.env['REPLICAS']);
  for (const name of [...SERVICES.map((s) => `services/${s}`), 'gateway']) {
    if (!existsSync(join(root, name, 'dist', 'main.js')))
      throw new Error(`${name}/dist/main.js missing: run npx tsc -b`);
  }
  if (!existsSync(join(root, 'web', 'dist', 'index.html')))
    throw new Error('web/dist missing: run npm run build -w @meydan/web');

  const { natsUrl, redisUrl, mongoUrl, dir } = infra();
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
    const { base: origin, instances, metricsPorts } = launched;
    return { origin, mail, logDir, databases, replicas, instances, metricsPorts, logTail, kill, restart, stop };
  } catch (err) {
    release();
    await mail.stop(5_000).catch(() => undefined);
    throw err;
  }
}
