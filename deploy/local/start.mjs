// `npm start`: the whole of Meydan on this machine, on embedded defaults.
// Installs what is missing, starts NATS (JetStream), Redis, a MongoDB-wire server and MailDev
// (unless NATS_URL / REDIS_URL / MONGO_URL / SMTP_URL point elsewhere), builds and starts the six
// services and the gateway, prints one status table, and on Ctrl-C stops everything it started. A service or the
// gateway that dies is started again (with backoff), said so and counted in the table's restarts column.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNpmDependencies, root } from './ensure-deps.mjs';
import { ensureCardFont } from './install.mjs';
import { ADMIN_PASSWORD_FILE, gatewayHost, localAdmin, localAllowedOrigins } from './local-access.mjs';
import { seedDemo } from './seed.mjs';
import { ensureServerBinaries, portInUse, startMailDev } from './servers.mjs';
import { instancesOf, replicasOf, SERVICES, startStack } from './stack.mjs';
import { startServers, writeCredentials } from './stack-servers.mjs';

/** @import { Binaries, ProcessHandle, ServerHandle } from './servers.mjs' */
/** @import { StackCredentials } from './stack-servers.mjs' */
/** @import { StackProcess } from './stack.mjs' */
/** @typedef {Partial<Record<'nats' | 'redis' | 'mongo' | 'smtp', string>>} ExternalUrls */
/**
 * A row of the status table: name, port, pid, ready, the supervised process (its pid and restarts read when printed),
 * metrics port.
 * @typedef {[string, number | string | undefined, number | null | undefined, string, { proc: { pid?: number | undefined }, restarts?: number }?, (number | undefined)?]} Row
 */

const env = process.env;
const dataDir = join(root, '.data');
const logDir = join(dataDir, 'logs');
const num = (/** @type {string} */ name, /** @type {number} */ fallback) => Number(env[name] || fallback);

/** Default ports (the services 4001… in proto's order); each can be moved with the variable named beside it (`AUTH_PORT`, …). */
/** @type {{ gateway: number, nats: number, redis: number, mongo: number, smtp: number, maildev: number } & Record<string, number | undefined>} */
const ports = {
  gateway: num('GATEWAY_PORT', 8080),
  ...Object.fromEntries(SERVICES.map((name, i) => [name, num(`${name.toUpperCase()}_PORT`, 4001 + i)])),
  nats: num('NATS_PORT', 4222),
  redis: num('REDIS_PORT', 6379),
  mongo: num('MONGO_PORT', 27017),
  smtp: num('MAILDEV_SMTP_PORT', 1025),
  maildev: num('MAILDEV_WEB_PORT', 1080),
};
/** Where each process serves its Prometheus metrics (`/metrics`); `<NAME>_METRICS_PORT` moves one. */
const metricsPorts = Object.fromEntries(
  ['gateway', ...SERVICES].map((name, i) => [name, num(`${name.toUpperCase()}_METRICS_PORT`, 9100 + i)]),
);
/**
 * REPLICAS=2: two processes of each service (the second on its port + 100), the gateway taking turns among them.
 * They share NATS queue groups and durable consumers, Redis and MongoDB, as replicas in Kubernetes do.
 */
const replicas = replicasOf(env.REPLICAS);
/**
 * Where a process listens: the second replica of a service on its port + 100, and so on.
 * @param {{ name: string, service?: string, replica?: number }} instance
 */
const portsOf = ({ name, service = name, replica = 0 }) => ({
  port: /** @type {number} */ (ports[service]) + 100 * replica,
  metricsPort: /** @type {number} */ (metricsPorts[service]) + 100 * replica,
});

/** @type {(ProcessHandle | StackProcess)[]} */
const started = [];
let stopping = false;
/** Once the table has been printed, a restart prints it again. */
let allReady = false;

function say(/** @type {string} */ line) {
  process.stdout.write(`${line}\n`);
}

function fail(/** @type {string} */ message) {
  process.stderr.write(`\nnpm start: ${message}\n`);
  return stopAll(1);
}

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  if (started.length) say('\nstopping…');
  for (const handle of [...started].reverse()) await handle.stop(10_000).catch(() => {});
  if (started.length) say('stopped: no process of ours is left running.');
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));

/** A stable internal secret per checkout, so a restart keeps sessions signed the same way. */
function internalSecret() {
  if (env.INTERNAL_SECRET) return env.INTERNAL_SECRET;
  const file = join(dataDir, 'internal-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Before anything starts: every port we would listen on is free (NATS, Redis, MongoDB and SMTP unless given). */
async function checkPorts(/** @type {ExternalUrls} */ external) {
  const names = [
    'gateway',
    ...SERVICES,
    ...(external.nats ? [] : ['nats']),
    ...(external.redis ? [] : ['redis']),
    ...(external.mongo ? [] : ['mongo']),
    ...(external.smtp ? [] : ['smtp', 'maildev']),
  ];
  const processesOf = (/** @type {string} */ name) =>
    name === 'gateway' ? [{ name }] : instancesOf(replicas).filter((i) => i.service === name);
  /** @type {[string, number][]} */
  const wanted = names.flatMap((name) =>
    name in metricsPorts
      ? processesOf(name).flatMap((one) => {
          const { port, metricsPort } = portsOf(one);
          return /** @type {[string, number][]} */ ([
            [one.name, port],
            [`${one.name} metrics`, metricsPort],
          ]);
        })
      : [[name, /** @type {number} */ (ports[name])]],
  );
  /** @type {string[]} */
  const busy = [];
  for (const [name, port] of wanted) if (await portInUse(port)) busy.push(`${name} on ${port}`);
  if (busy.length) {
    const list = busy.join(', ');
    throw new Error(
      `port already in use: ${list}. Is another Meydan (or another program) running? ` +
        'Stop it, or choose other ports with GATEWAY_PORT, AUTH_PORT, …, GATEWAY_METRICS_PORT, AUTH_METRICS_PORT, …, NATS_PORT, REDIS_PORT, MONGO_PORT (see README).',
    );
  }
}

/**
 * Rows are [name, port, pid, ready, supervised, metrics port]; a supervised process's pid and restarts are read when
 * printed.
 * @param {Row[]} rows
 */
function table(rows) {
  const header = ['service', 'port', 'metrics', 'pid', 'ready', 'restarts'];
  const cells = rows.map(([name, port, pid, ready, supervised, metrics = '-']) =>
    supervised
      ? [name, port, metrics, supervised.proc.pid, ready, supervised.restarts]
      : [name, port, metrics, pid, ready, '-'],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => String(r[i]).length)));
  const line = (/** @type {unknown[]} */ row) =>
    row.map((c, i) => String(c).padEnd(/** @type {number} */ (widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/**
 * NATS, Redis, the MongoDB-wire server and MailDev, each unless its URL was given; their rows of the table.
 * @param {ExternalUrls} external
 * @param {Binaries} binaries
 * @param {StackCredentials} credentials
 * @param {Row[]} rows
 */
async function startOurServers(external, binaries, credentials, rows) {
  const servers = await startServers({
    credentials,
    dataDir,
    logDir,
    binaries,
    ports: { nats: ports.nats, redis: ports.redis, mongo: ports.mongo },
    persist: true,
    external: { nats: external.nats, redis: external.redis, mongo: external.mongo },
    started,
  });
  for (const handle of /** @type {ServerHandle[]} */ (Object.values(servers.handles))) {
    rows.push([handle.name, handle.port, handle.proc.pid, 'yes']);
  }
  let smtpUrl = external.smtp;
  if (!smtpUrl) {
    const maildev = await startMailDev({
      smtpPort: ports.smtp,
      webPort: ports.maildev,
      logFile: join(logDir, 'maildev.log'),
      root,
    });
    started.push(maildev);
    rows.push(['maildev', `${ports.maildev} (smtp ${ports.smtp})`, maildev.proc.pid, 'yes']);
    smtpUrl = maildev.smtpUrl;
  }
  return { ...servers.urls, smtp: smtpUrl };
}

/**
 * The services and the gateway, supervised: one that dies is started again, said so and counted.
 * @param {Awaited<ReturnType<typeof startOurServers>>} urls
 * @param {StackCredentials} credentials
 * @param {Row[]} rows
 * @param {ReturnType<typeof localAdmin>} admin
 */
async function startOurStack(urls, credentials, rows, admin) {
  const stack = await startStack({
    credentials,
    root,
    logDir,
    urls,
    smtpUrl: urls.smtp,
    replicas,
    portsFor: async (instance) => portsOf(instance),
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    gatewayEnv: {
      HOST: gatewayHost(env),
      METRICS_HOST: '127.0.0.1',
      ALLOWED_ORIGINS: localAllowedOrigins(ports.gateway, env),
    },
    secret: internalSecret(),
    origin: env.PUBLIC_ORIGIN || `http://localhost:${ports.gateway}`,
    supervise: {
      onExit: ({ name, pid, code, signal, delayMs, error }) =>
        say(
          error
            ? `! ${name} could not be started again (${error.message}); next try in ${delayMs / 1000} s`
            : `! ${name} (pid ${pid}) exited (${signal ?? `code ${code}`}); restarting in ${delayMs / 1000} s — see .data/logs/${name}.log`,
        ),
      onRestart: (supervised) => {
        say(`↻ ${supervised.name} restarted (pid ${supervised.proc.pid}, restart ${supervised.restarts})`);
        if (allReady) say(`\n${table(rows)}\n`);
      },
    },
    started,
    explain: (name) => `; see .data/logs/${name}.log`,
  });
  for (const { name } of stack.instances)
    rows.push([name, stack.ports[name], null, 'yes', stack.handles[name], stack.metricsPorts[name]]);
  rows.push(['gateway', ports.gateway, null, 'yes', stack.gateway, metricsPorts.gateway]);
}

async function seed(/** @type {ExternalUrls} */ external) {
  if (external.smtp || env.SEED_DEMO === '0') return;
  try {
    const seeded = await seedDemo({
      base: `http://127.0.0.1:${ports.gateway}`,
      mailUrl: `http://127.0.0.1:${ports.maildev}`,
    });
    if (seeded) say(seeded);
  } catch (err) {
    say(`demo content could not be seeded (${/** @type {Error} */ (err).message}); Meydan runs without it`);
  }
}

/**
 * @param {Row[]} rows
 * @param {ExternalUrls} external
 * @param {number} t0
 * @param {ReturnType<typeof localAdmin>} admin
 */
function sayReady(rows, external, t0, admin) {
  say(`\n${table(rows)}\n`);
  say(`all ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  say(
    `  Meydan:       http://localhost:${ports.gateway}${gatewayHost(env) === '127.0.0.1' ? ' (this machine only; HOST=0.0.0.0 opens it to the network)' : ''}`,
  );
  // The password is printed on the start that made it; after that it is read from its file.
  if (admin.created)
    say(
      `  admin:        ${admin.email} / ${admin.password} (made for this machine, kept in .data/${ADMIN_PASSWORD_FILE})`,
    );
  else if (admin.file) say(`  admin:        ${admin.email}, password in .data/${ADMIN_PASSWORD_FILE}`);
  say(`  health:       http://localhost:${ports.gateway}/api/health`);
  say(`  metrics:      http://localhost:${metricsPorts.gateway}/metrics … ${metricsPorts.admin}/metrics (Prometheus)`);
  if (!external.smtp) say(`  mail (MailDev): http://localhost:${ports.maildev}`);
  say(`  logs:         .data/logs/<name>.log (pino JSON)`);
  say('Press Ctrl-C to stop everything.');
}

/** The servers are not restarted: services reconnect to them, so a server that died is for the operator to see. */
function watchServers() {
  for (const handle of started) {
    if ('restarts' in handle) continue;
    handle.exited.then(({ code, signal }) => {
      if (!stopping)
        say(
          `! ${handle.name} (pid ${handle.proc.pid}) exited (${signal ?? `code ${code}`}); /api/health now names it. Restart with npm start.`,
        );
    });
  }
}

async function main() {
  const t0 = Date.now();
  mkdirSync(logDir, { recursive: true });
  ensureNpmDependencies();
  const external = { nats: env.NATS_URL, redis: env.REDIS_URL, mongo: env.MONGO_URL, smtp: env.SMTP_URL };
  const binaries = ensureServerBinaries({ nats: !external.nats, redis: !external.redis, mongo: !external.mongo });
  ensureCardFont();
  await checkPorts(external);

  say('building…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed (see above)');

  // Every process its own NATS and Redis user on the servers we start (new Redis passwords at each start).
  const credentials = await writeCredentials(join(dataDir, 'credentials'), {
    nats: !external.nats,
    redis: !external.redis,
  });
  /** @type {Row[]} */
  const rows = [];
  const urls = await startOurServers(external, binaries, credentials, rows);
  const admin = localAdmin(dataDir, env);
  await startOurStack(urls, credentials, rows, admin);
  await seed(external);
  allReady = true;
  sayReady(rows, external, t0, admin);
  watchServers();
}

main().catch((err) => fail(err.message));
