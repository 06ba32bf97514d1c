// The servers under a stack and what the stack's processes sign in to them with: NATS (JetStream), Redis and the
// MongoDB-wire server started for a stack (stack.mjs's throw-away stacks, `npm start`), and the user and password of
// every process on NATS and Redis, the mail secret and Web Push's VAPID keys. Plain Node with built-ins only, like
// servers.mjs (the kit is imported when credentials are written, after the build).
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startMongoWire, startNats, startRedis } from './servers.mjs';

/** @import { ServiceName } from '@meydan/proto' */
/** @import { Binaries, ServerHandle } from './servers.mjs' */
/** @typedef {'nats' | 'redis' | 'mongo'} ServerName */
/**
 * A Web Push VAPID key pair (base64url): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY of notifications.
 * @typedef {{ publicKey: string, privateKey: string }} VapidKeys
 */
/**
 * A user and password per process on NATS and Redis (writeCredentials): the servers' files and each process's variables.
 * @typedef {object} StackCredentials
 * @property {string} [mailSecret] MAIL_SECRET of the services that send mail and the mailer
 * @property {VapidKeys} [vapid] Web Push's VAPID key pair of notifications
 * @property {string} [natsConfigFile]
 * @property {string} [redisAclFile]
 * @property {(client: ServiceName | 'gateway', redisUrl: string) => NodeJS.ProcessEnv} envOf
 * @property {(natsUrl: string, replicas: number) => Promise<void>} [setUpStreams] absent without NATS users
 */

/**
 * NATS (JetStream), Redis and the MongoDB-wire server, each unless `external` gives its URL; data under
 * `<dataDir>/<name>`, logs in `<logDir>/<name>.log`, on `ports` (default: free ones). `persist`: Redis keeps an
 * append-only file. `restart(name)` stops one and starts it again on its port and data; `stop()` stops all.
 * `started`: the list each server is pushed to as it starts. `credentials` ({ natsConfigFile, redisAclFile }, from
 * `writeCredentials`): NATS and Redis start with a user and password per process, and refuse anyone else.
 * @param {{ dataDir: string, logDir?: string, binaries: Partial<Binaries>, ports?: Partial<Record<ServerName, number>>, persist?: boolean, external?: Partial<Record<ServerName, string>>, started?: unknown[], credentials?: StackCredentials | null }} options
 */
export async function startServers({
  dataDir,
  logDir = dataDir,
  binaries,
  ports = {},
  persist = false,
  external = {},
  started = [],
  credentials = null,
}) {
  const log = (/** @type {string} */ name) => join(logDir, `${name}.log`);
  /** @type {Record<ServerName, (port: number) => Promise<ServerHandle>>} */
  const starters = {
    nats: (port) =>
      startNats({
        port,
        dataDir: join(dataDir, 'nats'),
        logFile: log('nats'),
        binary: binaries.natsServer,
        configFile: credentials?.natsConfigFile,
      }),
    redis: (port) =>
      startRedis({
        port,
        dataDir: join(dataDir, 'redis'),
        logFile: log('redis'),
        persist,
        binary: binaries.redisServer,
        extraArgs: credentials?.redisAclFile ? ['--aclfile', credentials.redisAclFile] : [],
      }),
    mongo: (port) => startMongoWire({ port, dataDir: join(dataDir, 'mongo'), logFile: log('mongo'), binaries }),
  };
  /** @type {Partial<Record<ServerName, ServerHandle>>} */
  const handles = {};
  const stop = async () => {
    for (const handle of /** @type {ServerHandle[]} */ (Object.values(handles)).reverse())
      await handle.stop(10_000).catch(() => {});
  };
  const urls = /** @type {Record<ServerName, string>} */ ({ ...external });
  try {
    for (const [name, start] of /** @type {[ServerName, (port: number) => Promise<ServerHandle>][]} */ (
      Object.entries(starters)
    )) {
      if (external[name]) continue;
      handles[name] = await start(ports[name] ?? (await freePort()));
      started.push(handles[name]);
      urls[name] = /** @type {ServerHandle} */ (handles[name]).url;
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    handles,
    urls,
    /** @param {ServerName} name */
    async restart(name) {
      const handle = /** @type {ServerHandle} */ (handles[name]);
      await handle.stop(10_000);
      handles[name] = await starters[name](handle.port);
    },
    stop,
  };
}

/**
 * A user and a password for every service and the gateway on the NATS and Redis servers we start (`nats`, `redis`:
 * which of the two): the kit writes the servers' files into `dir` (`nats-auth.conf`, each user allowed the subjects of
 * its contracts in proto; `redis-users.acl`, each user its own keys). Needs the build (the kit derives the NATS
 * permissions from proto's contracts). `envOf(client, redisUrl)`: the NATS_USER, NATS_PASSWORD and REDIS_URL of one;
 * `setUpStreams(natsUrl, replicas)`: the streams set up as the `operator` user, the one NATS user that may (startStack
 * calls it before the services start: they only look the streams up).
 * @param {string} dir
 * @param {{ nats?: boolean, redis?: boolean }} [which]
 * @returns {Promise<StackCredentials>}
 */
export async function writeCredentials(dir, { nats = true, redis = true } = {}) {
  const kit = await import('@meydan/kit');
  const natsAuth = nats ? kit.writeNatsAuthConfig(dir) : null;
  const redisAcl = redis ? kit.writeRedisAcl(dir) : null;
  // Kept like the passwords: a mail requested before a restart is still opened after it.
  const mailSecretFile = join(dir, 'mail-secret');
  if (!existsSync(mailSecretFile)) writeFileSync(mailSecretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  // Web Push's VAPID key pair, made once: browsers subscribed with its public key stay subscribed across restarts.
  const vapidFile = join(dir, 'vapid.json');
  if (!existsSync(vapidFile)) writeFileSync(vapidFile, JSON.stringify(newVapidKeys()), { mode: 0o600 });
  return {
    mailSecret: readFileSync(mailSecretFile, 'utf8').trim(),
    vapid: JSON.parse(readFileSync(vapidFile, 'utf8')),
    natsConfigFile: natsAuth?.configFile,
    redisAclFile: redisAcl?.file,
    envOf: (/** @type {ServiceName | 'gateway'} */ client, /** @type {string} */ redisUrl) => ({
      ...(natsAuth ? { NATS_USER: natsAuth.users[client].user, NATS_PASSWORD: natsAuth.users[client].password } : {}),
      ...(redisAcl ? { REDIS_URL: kit.redisUrlFor(redisUrl, client, redisAcl.passwords[client]) } : {}),
    }),
    ...(natsAuth
      ? {
          /** @type {(natsUrl: string, replicas: number) => Promise<void>} */
          async setUpStreams(natsUrl, replicas) {
            const log = kit.createLogger('operator', 'warn');
            const nc = await kit.connectNats(natsUrl, 'operator', log, natsAuth.users.operator);
            try {
              await kit.setUpStreams(await nc.jetstreamManager(), {
                replicas,
                clustered: Boolean(nc.info?.cluster),
                log,
              });
            } finally {
              await nc.close();
            }
          },
        }
      : {}),
  };
}

/**
 * A Web Push VAPID key pair, base64url: the uncompressed P-256 public point (65 bytes) and the private scalar (32),
 * as notifications' VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 * @returns {VapidKeys}
 */
export function newVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(Math.max(0, 32 - scalar.length)), scalar]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
