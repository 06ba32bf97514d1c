/**
 * The whole Meydan stack for the browser tests, on free ports: the built services and the built gateway (serving
 * web/dist) as child processes with the environment `deploy/local/start.mjs` gives them, on top of the throw-away
 * NATS/Redis/MongoDB of the vitest global setup and a private MailDev. `stop()` ends every process it started.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startProcess, type ProcessHandle } from '../../deploy/local/servers.mjs';
import { infra, startTestMailDev, until } from '../harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const services = ['auth', 'polls', 'social', 'notifications', 'contact', 'admin'] as const;
/** REPLICAS=2 runs every stack test against two processes of each service, as `REPLICAS=2 npm start` does. */
const replicasOf = (value: unknown) => Math.max(1, Math.min(4, Number(value ?? 1) || 1));

export interface Stack {
  /** The gateway, e.g. http://127.0.0.1:41234 — the site's public origin. */
  origin: string;
  mail: Awaited<ReturnType<typeof startTestMailDev>>;
  logDir: string;
  /** The MongoDB database of each service (on the MONGO_URL of the run). */
  databases: Record<(typeof services)[number], string>;
  /** Processes of each service (`auth`, `auth-2`, … as named in `instances`). */
  replicas: number;
  /** Where each process (`gateway`, `auth`, `auth-2`, …) serves its Prometheus metrics (`/metrics`). */
  metricsPorts: Record<string, number>;
  /** Every service process by name: `auth`, `auth-2`, …, `admin-2` (the gateway is not one of them). */
  instances: readonly { service: (typeof services)[number]; name: string }[];
  /** The last lines of a process's log (for failure messages). */
  logTail(name: string, lines?: number): string;
  /** `kill -9` of one service process; resolves once it is gone. */
  kill(name: string): Promise<void>;
  /** Starts a killed service process again, as a supervisor would; resolves once it is ready. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** How long the readiness check waits between two unanswered requests. */
const READY_POLL_MS = 200;

async function waitOk(url: string, handle: ProcessHandle, timeoutMs: number, logTail: () => string): Promise<void> {
  let last = '';
  const outcome = await until(
    async () => {
      // A process that died will never answer: stop waiting at once.
      if (handle.proc.exitCode !== null) return { exited: handle.proc.exitCode };
      try {
        const res = await fetch(url);
        if (res.ok) return { ok: true };
        last = `${res.status} ${await res.text()}`;
      } catch (err) {
        last = (err as Error).message;
      }
      // Asked a few times a second, not every 25 ms: on a loaded machine the services take a while, and a health
      // check is an /api request like any other (600 a minute per IP), so polling hard would end in 429s.
      await new Promise((r) => setTimeout(r, READY_POLL_MS));
      return null;
    },
    timeoutMs,
    `${handle.name} ready`,
  ).catch(() => {
    throw new Error(`${handle.name} not ready at ${url} within ${timeoutMs} ms (${last}):\n${logTail()}`);
  });
  if ('exited' in outcome) throw new Error(`${handle.name} exited (${outcome.exited}):\n${logTail()}`);
}

/**
 * `webDist`: serve this copy of the built SPA instead of web/dist (a test that changes files works on a copy).
 * `env`: further variables for every process (e.g. RATE_LIMIT_SCALE for a test that sends many requests).
 * `replicas`: processes of each service (default: REPLICAS from the environment, else 1).
 */
/**
 * Ports for a stack's processes, below the kernel's ephemeral range (32768–60999) and in a block of this test worker's
 * own: a port picked from the ephemeral range and released could be handed to the other worker's process (or an
 * outgoing connection) in the seconds before the gateway listens on it (seen: EADDRINUSE when files ran side by side).
 */
let nextPortOffset = 0;
async function stackPort(): Promise<number> {
  const worker = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const base = 21000 + worker * 1000;
  for (let tries = 0; tries < 1000; tries++) {
    const port = base + (nextPortOffset++ % 1000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${base}–${base + 999}`);
}

export async function startStack(options: { webDist?: string; env?: NodeJS.ProcessEnv; replicas?: number } = {}): Promise<Stack> {
  const replicas = replicasOf(options.replicas ?? process.env['REPLICAS']);
  for (const name of [...services.map((s) => `services/${s}`), 'gateway']) {
    if (!existsSync(join(root, name, 'dist', 'main.js'))) throw new Error(`${name}/dist/main.js missing: run npx tsc -b`);
  }
  if (!existsSync(join(root, 'web', 'dist', 'index.html'))) throw new Error('web/dist missing: run npm run build -w @meydan/web');

  const { natsUrl, redisUrl, mongoUrl, dir } = infra();
  const runId = randomBytes(4).toString('hex');
  const logDir = join(dir, `e2e-${runId}`);
  mkdirSync(logDir, { recursive: true });
  const started: ProcessHandle[] = [];
  const logTail = (name: string, lines = 40) => {
    try {
      return readFileSync(join(logDir, `${name}.log`), 'utf8').trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  };

  const mail = await startTestMailDev();
  const stop = async () => {
    for (const handle of [...started].reverse()) await handle.stop(5_000).catch(() => undefined);
    await mail.stop(5_000).catch(() => undefined);
  };

  try {
    const instances = services.flatMap((service) => Array.from({ length: replicas }, (_, r) => ({ service, name: r === 0 ? service : `${service}-${r + 1}` })));
    const ports = Object.fromEntries(await Promise.all([...instances.map((i) => i.name), 'gateway'].map(async (s) => [s, await stackPort()] as const)));
    const metricsPorts = Object.fromEntries(await Promise.all([...instances.map((i) => i.name), 'gateway'].map(async (s) => [s, await stackPort()] as const)));
    const origin = `http://127.0.0.1:${ports['gateway']}`;
    // The worker's own Redis database, which only the suites of this worker use, one after another: empty it, so an
    // earlier suite's rate-limit windows (same client IP) never count against this one.
    const redisOfStack = new Redis(redisUrl);
    await redisOfStack.flushdb();
    await redisOfStack.quit();
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      NATS_URL: natsUrl,
      REDIS_URL: redisUrl,
      MONGO_URL: mongoUrl,
      SMTP_URL: mail.smtpUrl,
      INTERNAL_SECRET: `e2e-secret-${randomBytes(12).toString('hex')}`,
      PUBLIC_ORIGIN: origin,
      ADMIN_EMAIL: 'admin@meydan.local',
      ADMIN_PASSWORD: 'meydan-admin',
      LOG_PRETTY: '0',
      LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
      ...options.env,
    };
    const running = new Map<string, ProcessHandle>();
    const launch = (name: string) => {
      const { service } = instances.find((i) => i.name === name)!;
      const handle = startProcess(name, process.execPath, [join(root, 'services', service, 'dist', 'main.js')], {
        logFile: join(logDir, `${name}.log`),
        env: { ...common, PORT: String(ports[name]), METRICS_PORT: String(metricsPorts[name]), MONGO_DB: `e2e_${runId}_${service}`, NATS_CONSUMER_PREFIX: `e2e_${runId}_` },
      });
      started.push(handle);
      running.set(name, handle);
      return handle;
    };
    const handles = instances.map(({ name }) => launch(name));
    await Promise.all(handles.map((h) => waitOk(`http://127.0.0.1:${ports[h.name]}/readyz`, h, 60_000, () => logTail(h.name))));
    const kill = async (name: string) => {
      const handle = running.get(name);
      if (!handle) throw new Error(`no service process ${name}`);
      handle.proc.kill('SIGKILL');
      await handle.exited;
    };
    const restart = async (name: string) => {
      const handle = running.get(name);
      if (handle && handle.proc.exitCode === null && handle.proc.signalCode === null) throw new Error(`${name} is still running`);
      const again = launch(name);
      await waitOk(`http://127.0.0.1:${ports[name]}/readyz`, again, 60_000, () => logTail(name));
    };

    const serviceUrls = Object.fromEntries(
      services.map((s) => [`${s.toUpperCase()}_URL`, instances.filter((i) => i.service === s).map((i) => `http://127.0.0.1:${ports[i.name]}`).join(',')]),
    );
    const gateway = startProcess('gateway', process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
      logFile: join(logDir, 'gateway.log'),
      env: { ...common, ...serviceUrls, PORT: String(ports['gateway']), METRICS_PORT: String(metricsPorts['gateway']), WEB_DIST: options.webDist ?? join(root, 'web', 'dist') },
    });
    started.push(gateway);
    await waitOk(`${origin}/readyz`, gateway, 30_000, () => logTail('gateway'));
    await waitOk(`${origin}/api/health`, gateway, 30_000, () => logTail('gateway'));
    const databases = Object.fromEntries(services.map((s) => [s, `e2e_${runId}_${s}`])) as Stack['databases'];
    return { origin, mail, logDir, databases, replicas, instances, metricsPorts, logTail, kill, restart, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
