// The one launcher of the Meydan stack: the list of services, the environment every process gets (the gateway's map
// of service URLs among it), the start of the six services and the gateway (under the supervisor where restarts are
// wanted) and one readiness check. `npm start` (start.mjs), the bench (deploy/bench), the chaos run (deploy/chaos),
// `npm run bench:votes` (deploy/k6) and the browser tests (test/e2e/stack.ts) start the stack through here (the load
// runs through throwaway-stack.mjs, which starts their servers first); each passes what differs: ports, limits, log
// level, where logs go. Plain Node with built-ins only, like servers.mjs.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOf, ensureBundles } from './bundle.mjs';
import { startNodeProcess } from './node-runtime.mjs';
import { freePort } from './servers.mjs';
import { newVapidKeys } from './stack-servers.mjs';
import { supervise } from './supervisor.mjs';

/** @import { ServiceName } from '@meydan/proto' */
/** @import { ProcessHandle } from './servers.mjs' */
/** @import { StackCredentials, VapidKeys } from './stack-servers.mjs' */
/** @import { Supervised } from './supervisor.mjs' */
/** @typedef {{ service: ServiceName, replica: number, name: string }} Instance */
/** @typedef {ProcessHandle | Supervised} StackProcess */
/**
 * What startStack is told (see there).
 * @typedef {object} StackOptions
 * @property {string} [root]
 * @property {string} logDir
 * @property {{ nats: string, redis: string, mongo: string }} urls
 * @property {string} [smtpUrl]
 * @property {number} [replicas]
 * @property {(instance: Instance | { name: 'gateway' }) => Promise<{ port: number, metricsPort: number }>} [portsFor]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {(instance: { service: ServiceName, name: string }) => NodeJS.ProcessEnv} [serviceEnv]
 * @property {NodeJS.ProcessEnv} [gatewayEnv]
 * @property {StackCredentials | null} [credentials]
 * @property {string} [secret]
 * @property {string} [mailSecret] MAIL_SECRET of the services that send mail and the mailer (default: the credentials', else a new one)
 * @property {VapidKeys} [vapid] notifications' VAPID keys (default: the credentials', else a new pair; VAPID_* in the environment win)
 * @property {string} [origin]
 * @property {string} [webDist]
 * @property {Parameters<typeof supervise>[2] | null} [supervise]
 * @property {(name: string) => boolean} [profile]
 * @property {readonly string[]} [required]
 * @property {boolean} [health]
 * @property {boolean} [nodeRuntime]
 * @property {unknown[]} [started]
 * @property {(name: string) => string} [explain]
 * @property {(line: string) => void} [say]
 */

const launcherRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The six services, as proto lists them (`serviceNames` in proto/src/subjects.ts, the list the gateway and the
 * services read too): taken from its source, since the launcher runs before anything is built.
 * @returns {ServiceName[]}
 */
function protoServiceNames() {
  const file = join(launcherRoot, 'proto', 'src', 'subjects.ts');
  const list = /export const serviceNames = \[([^\]]*)\] as const/.exec(readFileSync(file, 'utf8'));
  if (!list) throw new Error(`${file} no longer declares \`export const serviceNames = [...] as const\``);
  return [.../** @type {string} */ (list[1]).matchAll(/'([a-z-]+)'/g)].map((m) => /** @type {ServiceName} */ (m[1]));
}
export const SERVICES = Object.freeze(protoServiceNames());

/**
 * REPLICAS: processes of each service, 1 to 4; anything else is 1.
 * @param {unknown} value
 */
export function replicasOf(value) {
  return Math.max(1, Math.min(4, Math.trunc(Number(value || 1)) || 1));
}

/**
 * A service's processes are `auth`, `auth-2`, …: every service `replicas` times, in SERVICES order.
 * @param {number} replicas
 * @returns {Instance[]}
 */
export function instancesOf(replicas) {
  return SERVICES.flatMap((service) =>
    Array.from({ length: replicas }, (_, replica) => ({
      service,
      replica,
      name: replica === 0 ? service : `${service}-${replica + 1}`,
    })),
  );
}

/**
 * The gateway's map of service URLs: `AUTH_URL` … `ADMIN_URL`, each listing its service's processes (the gateway takes turns).
 * @param {readonly Instance[]} instances
 * @param {(name: string) => number | undefined} portOf
 * @returns {Record<string, string>}
 */
export function gatewayUrls(instances, portOf) {
  return Object.fromEntries(
    SERVICES.map((s) => [
      `${s.toUpperCase()}_URL`,
      instances
        .filter((i) => i.service === s)
        .map((i) => `http://127.0.0.1:${portOf(i.name)}`)
        .join(','),
    ]),
  );
}

/**
 * The variables every process of the stack gets: where the servers are, the internal secret, the public origin; then `extra`.
 * @param {{ natsUrl: string, redisUrl: string, mongoUrl: string, smtpUrl: string, secret: string, origin: string, extra?: NodeJS.ProcessEnv, env?: NodeJS.ProcessEnv }} options
 * @returns {NodeJS.ProcessEnv}
 */
export function stackEnv({ natsUrl, redisUrl, mongoUrl, smtpUrl, secret, origin, extra = {}, env = process.env }) {
  return {
    ...env,
    HOST: '127.0.0.1',
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    MONGO_URL: mongoUrl,
    SMTP_URL: smtpUrl,
    INTERNAL_SECRET: secret,
    PUBLIC_ORIGIN: origin,
    LOG_PRETTY: '0',
    ...extra,
  };
}

/**
 * Waits until `url` answers 2xx, asking a few times a second (a health check is an /api request like any other,
 * 600 a minute per IP: polling hard would end in 429s); fails at once when the process (`handle.proc`, read anew each
 * time: a supervised process is replaced) exits. `explain(name)` is added to a failure: where its log is.
 * @param {string} name
 * @param {string} url
 * @param {{ proc: ProcessHandle['proc'] }} handle
 * @param {{ timeoutMs?: number, explain?: (name: string) => string }} [options]
 */
export async function waitReady(name, url, handle, { timeoutMs = 60_000, explain = () => '' } = {}) {
  const until = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < until) {
    const { exitCode } = handle.proc;
    if (exitCode !== null) throw new Error(`${name} exited with code ${exitCode}${explain(name)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = /** @type {Error} */ (err).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} not ready at ${url} within ${timeoutMs / 1000} s (${last})${explain(name)}`);
}

/** The services that hold MAIL_SECRET: those that send mail, and the mailer (notifications). */
export const MAIL_SERVICES = Object.freeze(['auth', 'contact', 'admin', 'notifications']);

/**
 * Each service process's and the gateway's port and metrics port, by name.
 * @param {Instance[]} instances
 * @param {NonNullable<StackOptions['portsFor']>} portsFor
 */
async function allocatePorts(instances, portsFor) {
  /** @type {Record<string, number>} */
  const ports = {};
  /** @type {Record<string, number>} */
  const metricsPorts = {};
  for (const instance of [...instances, { name: /** @type {const} */ ('gateway') }]) {
    ({ port: ports[instance.name], metricsPort: metricsPorts[instance.name] } = await portsFor(instance));
  }
  return { ports, metricsPorts };
}

/**
 * Starts the six services (`replicas` processes each) and then the gateway, from the builds under `root`, and waits
 * until each is ready and the gateway's /api/health says all are (`health: false`: only that the gateway is up).
 *
 * - `urls`: NATS, Redis and MongoDB ({ nats, redis, mongo }); `smtpUrl` (default: a port nobody listens on).
 * - `portsFor(instance)`: { port, metricsPort } of `gateway` and each service process (default: free ports, and
 *   any port for /metrics).
 * - `env`: further variables of every process; `serviceEnv(instance)` of one service process; `gatewayEnv` of the gateway.
 * - `credentials`: from `writeCredentials`, when the servers were started with them: each process gets its own.
 * - `secret`, `origin` (default: the gateway's own address), `webDist` (what the gateway serves).
 * - `supervise`: the supervisor's options, when a process that dies is to be started again; otherwise none is.
 * - `profile(name)`: whether that Node process runs with --cpu-prof into `<logDir>/profiles` (the bench's);
 *   `required`: the services the run cannot do without (default all; one not ready of the others is said with `say`
 *   and left out).
 * - `nodeRuntime: false`: the processes run with Node's own memory defaults, not node-runtime.mjs's settings.
 * - `started`: the list every process started is pushed to (so a caller's Ctrl-C in the middle stops them too).
 * - `explain(name)`: what a readiness failure adds, e.g. where the process's log is.
 * @param {StackOptions} options
 */
export async function startStack({
  root = launcherRoot,
  logDir,
  urls,
  smtpUrl,
  replicas = 1,
  portsFor = async () => ({ port: await freePort(), metricsPort: 0 }),
  env = {},
  serviceEnv = () => ({}),
  gatewayEnv = {},
  credentials = null,
  secret = randomBytes(24).toString('hex'),
  mailSecret = credentials?.mailSecret ?? randomBytes(32).toString('hex'),
  vapid = credentials?.vapid ?? newVapidKeys(),
  origin,
  webDist = join(root, 'web', 'dist'),
  supervise: supervision = null,
  profile = () => false,
  required = SERVICES,
  health = true,
  nodeRuntime = true,
  started = [],
  explain = (name) => `; see ${join(logDir, `${name}.log`)}`,
  say = () => {},
}) {
  mkdirSync(logDir, { recursive: true });
  const profileDir = join(logDir, 'profiles');
  const nodeArgs = (/** @type {string} */ name) => {
    if (!profile(name)) return [];
    mkdirSync(profileDir, { recursive: true });
    return ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`];
  };
  /** @type {StackProcess[]} */
  const own = [];
  const stop = async () => {
    for (const handle of [...own].reverse()) await handle.stop(5_000).catch(() => {});
    own.length = 0;
  };
  /** @type {<H extends StackProcess>(handle: H) => H} */
  const track = (handle) => {
    own.push(handle);
    started.push(handle);
    return handle;
  };
  try {
    const instances = instancesOf(replicas);
    const { ports, metricsPorts } = await allocatePorts(instances, portsFor);
    const base = `http://127.0.0.1:${ports.gateway}`;
    const common = stackEnv({
      natsUrl: urls.nats,
      redisUrl: urls.redis,
      mongoUrl: urls.mongo,
      smtpUrl: smtpUrl ?? `smtp://127.0.0.1:${await freePort()}`,
      secret,
      origin: origin ?? base,
      extra: env,
    });
    const credentialsOf = (/** @type {ServiceName | 'gateway'} */ client) =>
      credentials?.envOf(client, urls.redis) ?? {};
    // The key of mail bodies: the services that send mail and the mailer only.
    const mailSecretOf = (/** @type {string} */ service) =>
      MAIL_SERVICES.includes(service) ? { MAIL_SECRET: mailSecret } : {};
    // Web Push's keys: notifications only; VAPID_* given in the environment win.
    const vapidOf = (/** @type {string} */ service) =>
      service === 'notifications' && !common.VAPID_PUBLIC_KEY
        ? { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }
        : {};
    /**
     * @param {string} name
     * @param {string} script
     * @param {NodeJS.ProcessEnv} processEnv
     */
    const startNode = (name, script, processEnv) => {
      const start = () =>
        startNodeProcess(name, script, {
          nodeArgs: nodeArgs(name),
          logFile: join(logDir, `${name}.log`),
          env: processEnv,
          runtime: nodeRuntime,
          cwd: root,
        });
      return track(supervision ? supervise(name, start, supervision) : start());
    };
    /**
     * A service process: one of `instances`, or another (`{ service, name, port }`) the gateway does not know of.
     * @param {{ service: ServiceName, name: string, port?: number, metricsPort?: number }} instance
     */
    const launch = ({ service, name, port = ports[name], metricsPort = metricsPorts[name] ?? 0 }) =>
      startNode(name, bundleOf(root, `services/${service}`), {
        ...common,
        ...mailSecretOf(service),
        ...vapidOf(service),
        ...credentialsOf(service),
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        ...serviceEnv({ service, name }),
      });
    /**
     * @param {string} name
     * @param {number | undefined} port
     * @param {{ proc: ProcessHandle['proc'] }} handle
     */
    const ready = (name, port, handle) => waitReady(name, `http://127.0.0.1:${port}/readyz`, handle, { explain });

    // Each process starts from its one-file bundle of the build (bundle.mjs), made again when the build is newer.
    await ensureBundles(root);
    // With NATS users, the services may not set up streams: the operator does, first.
    await credentials?.setUpStreams?.(urls.nats, Number(common.NATS_STREAM_REPLICAS ?? 1));
    const handles = Object.fromEntries(instances.map((instance) => [instance.name, launch(instance)]));
    await Promise.all(
      instances.map(({ service, name }) =>
        ready(name, ports[name], /** @type {StackProcess} */ (handles[name])).catch((err) => {
          if (required.includes(service)) throw err;
          say(`! ${name} did not start (${err.message}); the run does not need it`);
        }),
      ),
    );
    /**
     * A gateway in front of the service processes: `gateway` on its port, or another (the bench's) with `extraEnv`.
     * @param {string} name
     * @param {number | undefined} port
     * @param {number | undefined} metricsPort
     * @param {NodeJS.ProcessEnv} [extraEnv]
     */
    const launchGateway = (name, port, metricsPort, extraEnv = {}) =>
      startNode(name, bundleOf(root, 'gateway'), {
        ...common,
        ...gatewayUrls(instances, (instance) => ports[instance]),
        ...credentialsOf('gateway'),
        WEB_DIST: webDist,
        ...gatewayEnv,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        ...extraEnv,
      });
    const gateway = launchGateway('gateway', ports.gateway, metricsPorts.gateway);
    await ready('gateway', ports.gateway, gateway);
    if (health)
      await waitReady('all services', `${base}/api/health`, gateway, {
        timeoutMs: 30_000,
        explain: () => explain('gateway'),
      });
    return {
      base,
      secret,
      instances,
      ports,
      metricsPorts,
      handles,
      gateway,
      launch,
      profileDir,
      /** A Node script beside the stack (e.g. a load generator), with this process's environment and `env`; tracked and profiled like the stack's processes. */
      startScript: (
        /** @type {string} */ name,
        /** @type {string} */ script,
        /** @type {NodeJS.ProcessEnv | undefined} */ scriptEnv,
      ) =>
        track(
          startNodeProcess(name, script, {
            nodeArgs: nodeArgs(name),
            logFile: join(logDir, `${name}.log`),
            env: { ...process.env, ...scriptEnv },
            cwd: root,
          }),
        ),
      /** One more gateway in front of the same service processes, on `port`, with `extraEnv` over the gateway's settings. */
      launchGateway: (
        /** @type {string} */ name,
        /** @type {number} */ port,
        /** @type {NodeJS.ProcessEnv} */ extraEnv = {},
      ) => launchGateway(name, port, 0, extraEnv),
      /** Waits until a service process (or the gateway) on `port` is ready. */
      ready: (
        /** @type {string} */ name,
        port = ports[name],
        /** @type {{ proc: ProcessHandle['proc'] }} */ handle = handles[name] ?? gateway,
      ) => ready(name, port, handle),
      /** Every process started (and whatever was added with `track`), by name and pid. */
      processes: () => own.map((h) => ({ name: h.name, pid: h.proc.pid })),
      track,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
