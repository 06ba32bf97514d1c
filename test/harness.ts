/**
 * What integration tests share: the throw-away servers started by global-setup, a way to build a
 * service app against them exactly as `main` does, and signed identities as the gateway makes them.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { join } from 'node:path';
import { inject, vi } from 'vitest';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { ServiceName } from '@meydan/proto';
import {
  IDENTITY_HEADER,
  connectAll,
  readSignedIdentity,
  signIdentity,
  type BaseConfig,
  type Connections,
  type Identity,
  type IdentityBinding,
  type Logger,
  type ServiceDeps,
} from '@meydan/kit';
import { freePort, startMailDev, startNats, startRedis } from '../deploy/local/servers.mjs';

/** What global-setup started: one NATS server per test worker, one Redis, one MongoDB-wire server. */
export interface StartedInfra {
  natsUrls: string[];
  redisUrl: string;
  mongoUrl: string;
  dir: string;
  /** Where each worker lists the pids of its shared stack (e2e/stack.ts `workerStack`), for the teardown. */
  workerStacks: string;
  natsServer: string;
  redisServer: string;
}

/** The servers as one test file sees them: its worker's NATS server and its worker's Redis database. */
export interface Infra {
  natsUrl: string;
  redisUrl: string;
  mongoUrl: string;
  dir: string;
  workerStacks: string;
  natsServer: string;
  redisServer: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    infra: StartedInfra;
    /** The lane's shared headless Chromium (test/e2e/chromium.ts), or null when each browser file launches its own. */
    browserEndpoint: string | null;
    /** Whether a worker's browser files share one stack (e2e/stack.ts `workerStack`): its lane keeps modules loaded. */
    stackPerWorker: boolean;
  }
}

export const TEST_SECRET = 'test-internal-secret-0123456789';
/** The MAIL_SECRET of tests: mail requests' bodies are sealed with it (the kit's mail.ts). */
export const TEST_MAIL_SECRET = 'test-mail-secret-0123456789abcdef0123456789';

/** This test worker's number, from 1: files of one worker run one after another, of different workers side by side. */
export const testWorker = () => Number(process.env['VITEST_POOL_ID'] ?? '1');

export function infra(): Infra {
  const value = inject('infra');
  if (!value) throw new Error('no test servers: run without MEYDAN_TEST_NO_SERVERS');
  // Each worker has its own NATS server and Redis database (rate limits per IP, revocation lists), so that files
  // running side by side cannot see each other.
  const worker = testWorker();
  const { natsUrls, ...rest } = value;
  return { ...rest, natsUrl: natsUrls[(worker - 1) % natsUrls.length]!, redisUrl: `${value.redisUrl}/${worker - 1}` };
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Waits until `check` gives a truthy value and returns it: vi.waitFor for checks written as conditions rather than
 * assertions (a count reached, a document found).
 */
export function until<T>(check: () => T | Promise<T>, timeoutMs = 15_000, what = 'condition'): Promise<Truthy<T>> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`${what} not met within ${timeoutMs} ms`);
      return value as Truthy<T>;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

/**
 * A gate for races: after `hold()`, the next `pass()` waits until `release()` (a slow database read the test lets a
 * write overtake); `reached` resolves when that `pass()` begins waiting. Other passes go straight through.
 */
export function raceGate() {
  let next: { reached: () => void; released: Promise<void> } | null = null;
  return {
    hold() {
      let reached = () => {};
      let release = () => {};
      const wasReached = new Promise<void>((resolve) => (reached = resolve));
      next = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: wasReached, release };
    },
    async pass(): Promise<void> {
      const held = next;
      next = null;
      if (!held) return;
      held.reached();
      await held.released;
    },
  };
}

/** Waits until a durable consumer has handled (and acked) everything published to it so far. */
export async function drained(
  deps: Pick<ServiceDeps, 'nats' | 'bus'>,
  durable: string,
  timeoutMs = 15_000,
): Promise<void> {
  const jsm = await deps.nats.jetstreamManager();
  await until(
    async () => {
      const info = await jsm.consumers.info('EVENTS', deps.bus.durableName(durable));
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    timeoutMs,
    `${durable} drained`,
  );
}

/** A silent logger, or one writing into `lines` so tests can read what was logged. */
export function testLogger(lines?: Record<string, unknown>[]): Logger {
  if (!lines) return pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
  return pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
}

/**
 * Headers the gateway would add for this identity. The gateway binds each one to a single request
 * (method, path, service) for seconds; `startTestService` does that at `inject` time, so these can be
 * written once and reused. Sent any other way (fetch, sockets) they stay unbound.
 */
export function identityHeaders(identity: Partial<Identity> = {}, secret = TEST_SECRET): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentity({ userId: null, role: null, ...identity }, secret) };
}

export const asVisitor = () => identityHeaders();
export const asMember = (userId: string) => identityHeaders({ userId, role: 'member' });
/** A staff member whose session's second factor was verified (the gateway lets no staff route through without it). */
export const asAdmin = (userId: string) => identityHeaders({ userId, role: 'admin', mfa: true });
export const asModerator = (userId: string) => identityHeaders({ userId, role: 'moderator', mfa: true });

export function testConfig(overrides: Partial<BaseConfig> = {}): BaseConfig {
  const { natsUrl, redisUrl, mongoUrl } = infra();
  return {
    HOST: '127.0.0.1',
    PORT: 0,
    LISTEN_BACKLOG: 4096,
    LOG_LEVEL: 'silent',
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    MONGO_URL: mongoUrl,
    MONGO_DB: `test_${randomBytes(4).toString('hex')}`,
    INTERNAL_SECRET: TEST_SECRET,
    MAIL_SECRET: TEST_MAIL_SECRET,
    SHUTDOWN_TIMEOUT_MS: 10_000,
    // No load shedding in the tests (load-shedding.test.ts turns it on): the suites share a busy two-core machine,
    // where a starved process would refuse requests that the test expects answered.
    SHED_EVENT_LOOP_DELAY_MS: 0,
    SHED_EVENT_LOOP_UTILIZATION: 0,
    SHED_MAX_IN_FLIGHT: 0,
    SHED_SAMPLE_INTERVAL_MS: 1000,
    ...overrides,
  };
}

export interface TestService {
  app: FastifyInstance;
  deps: ServiceDeps;
  /** Closes the app and its connections, and drops its test database. */
  close(): Promise<void>;
}

/** Connects to the test servers (a fresh database each time) and builds the app as main does. */
export async function startTestService(
  service: ServiceName,
  buildApp: (deps: ServiceDeps) => Promise<FastifyInstance>,
  options: { config?: Partial<BaseConfig>; log?: Logger; listen?: boolean } = {},
): Promise<TestService> {
  const config = testConfig(options.config);
  const log = options.log ?? testLogger();
  const conns: Connections = await connectAll({
    service,
    natsUrl: config.NATS_URL,
    redisUrl: config.REDIS_URL,
    mongoUrl: config.MONGO_URL,
    mongoDb: config.MONGO_DB,
    // The test's own consumers: instances that share a store (same MONGO_DB) share them, no other test does.
    consumerPrefix: `${config.MONGO_DB}--`,
    log,
  });
  const deps: ServiceDeps = { ...conns, config, log };
  const app = await buildApp(deps);
  bindIdentityOnInject(app, service, config.INTERNAL_SECRET);
  if (options.listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  let closed = false;
  return {
    app,
    deps,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await conns.mongo.dropDatabase().catch(() => {});
      await conns.close();
    },
  };
}

type InjectOptions = import('fastify').InjectOptions;

/**
 * Signs an unbound identity header (from `identityHeaders`) for one request, as the gateway would: this method,
 * this path, this service, now. Headers already bound, forged or malformed go as given.
 */
export function bindIdentityHeaders<H extends Record<string, unknown>>(
  headers: H,
  binding: IdentityBinding,
  secret = TEST_SECRET,
): H {
  const header = headers[IDENTITY_HEADER];
  if (typeof header !== 'string') return headers;
  const signed = readSignedIdentity(header, secret, Date.now(), Number.MAX_SAFE_INTEGER);
  if (!signed || signed.binding) return headers;
  const { binding: _unbound, ...identity } = signed;
  return { ...headers, [IDENTITY_HEADER]: signIdentity(identity, secret, binding) };
}

/** Makes `app.inject` bind unbound identity headers to the request being injected (see `bindIdentityHeaders`). */
function bindIdentityOnInject(app: FastifyInstance, service: ServiceName, secret: string): void {
  const inject = app.inject.bind(app) as (opts?: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  const rebind = (opts: InjectOptions | string): InjectOptions | string => {
    if (typeof opts === 'string' || !opts.headers) return opts;
    const url = typeof opts.url === 'string' ? opts.url : ((opts.path as string | undefined) ?? '/');
    const binding = { method: opts.method ?? 'GET', path: url, service };
    return {
      ...opts,
      headers: bindIdentityHeaders(opts.headers as Record<string, unknown>, binding, secret),
    } as InjectOptions;
  };
  (app as unknown as { inject: typeof inject }).inject = (opts?: InjectOptions | string) =>
    opts === undefined ? inject() : inject(rebind(opts));
}

/**
 * Every command the test servers' Redis runs (all databases), as its MONITOR reports them: `args` are the command and
 * its arguments, keys with their service prefix. Over a socket of its own: ioredis's monitor() throws from its socket
 * handler when another client's command comes in the same read as MONITOR's OK (it marks itself monitoring a moment
 * later), which the parallel test files' traffic made happen. Resolves once watching.
 */
export async function watchRedisCommands(onCommand: (args: string[]) => void): Promise<{ stop(): void }> {
  const { hostname, port, username, password } = new URL(infra().redisUrl);
  const socket = connect(Number(port || 6379), hostname);
  const send = (...args: string[]) =>
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  let started!: () => void;
  const watching = new Promise<void>((resolve, reject) => {
    started = resolve;
    socket.once('error', reject);
  });
  let oksToCome = password ? 2 : 1;
  let buffered = '';
  socket.on('data', (chunk) => {
    // MONITOR escapes what is not printable ASCII (\xNN): its bytes are the text.
    buffered += chunk.toString('latin1');
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line.startsWith('-')) socket.destroy(new Error(`redis: ${line.slice(1)}`));
      else if (line === '+OK' && oksToCome > 0) {
        if (--oksToCome === 0) started();
      } else onCommand([...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')));
    }
  });
  socket.on('error', () => {});
  if (password) send('AUTH', ...(username ? [decodeURIComponent(username)] : []), decodeURIComponent(password));
  send('MONITOR');
  await watching;
  return { stop: () => socket.destroy() };
}

/** A private Redis the test may stop and start again (the shared one must stay up). */
export async function startPrivateRedis(port?: number) {
  const { dir, redisServer } = infra();
  const p = port ?? (await freePort());
  return startRedis({ port: p, dataDir: join(dir, `redis-${p}`), binary: redisServer });
}

/** A private NATS the test may stop. */
export async function startPrivateNats() {
  const { dir, natsServer } = infra();
  const p = await freePort();
  return startNats({ port: p, dataDir: join(dir, `nats-${p}`), binary: natsServer });
}

/**
 * A private MailDev (SMTP catcher + HTTP API) for tests that send mail. `messages()` lists what
 * arrived (MailDev's GET /email): each has subject, to[{address}], html and text.
 */
export async function startTestMailDev() {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const root = new URL('..', import.meta.url).pathname;
  const handle = await startMailDev({ smtpPort, webPort, root, logFile: join(infra().dir, `maildev-${webPort}.log`) });
  return {
    ...handle,
    async messages(): Promise<
      {
        id: string;
        subject: string;
        to: { address: string }[];
        html: string;
        text: string;
        headers: Record<string, string>;
      }[]
    > {
      const res = await fetch(`${handle.webUrl}/email`);
      return (await res.json()) as never;
    },
    async clear(): Promise<void> {
      await fetch(`${handle.webUrl}/email/all`, { method: 'DELETE' });
    },
  };
}

export { freePort };

/** A Prometheus scrape: `GET /metrics` of a process's metrics port. */
export async function scrapeMetrics(port: number, host = '127.0.0.1'): Promise<string> {
  const res = await fetch(`http://${host}:${port}/metrics`);
  if (!res.ok) throw new Error(`metrics on ${port}: ${res.status}`);
  return res.text();
}

/** The sum of a metric's samples (in a scrape) whose labels include `labels`; 0 when there is none. */
export function metricValue(scrape: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of scrape.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(match[4]);
  }
  return sum;
}
