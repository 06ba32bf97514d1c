import { DebugEvents, ErrorCode, NatsError, connect, type NatsConnection } from 'nats';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';
import { exponentialBackoff } from './retry.js';
import { Bus, type BusSettings } from './bus/index.js';
import { ConfigError } from './config.js';
import { mongoCommandErrors, redisCommandErrors } from './metrics.js';
import { natsContracts, natsInboxPrefix } from '@meydan/proto';
import { createRequire } from 'node:module';
import { createRedisClient, isCluster } from './redis-url.js';

/** The live connections a service works with. */
export interface Connections {
  nats: NatsConnection;
  bus: Bus;
  mongo: Connection;
  redis: Redis;
  /** Drains NATS (after letting consumers finish), then closes MongoDB and Redis. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  service: string;
  natsUrl: string;
  /** NATS_USER / NATS_PASSWORD: the service's own NATS user, when the server asks for one. */
  natsAuth?: NatsAuth | undefined;
  /** NATS_STREAM_REPLICAS and NATS_PUBLISH_RETRY_MS. */
  jetstream?: Partial<BusSettings> | undefined;
  redisUrl: string;
  mongoUrl: string;
  mongoDb?: string | undefined;
  /** See NATS_CONSUMER_PREFIX in the base config. */
  consumerPrefix?: string | undefined;
  /** The version the NATS service reports; defaults to the service workspace's package version. */
  version?: string;
  log: Logger;
}

/** The `version` of the service's workspace package (`@meydan/<service>`), or 0.0.0 when it cannot be read. */
export function serviceVersion(service: string): string {
  try {
    const pkg = createRequire(import.meta.url)(`@meydan/${service}/package.json`) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** A NATS user and its password (NATS_USER, NATS_PASSWORD). */
export interface NatsAuth {
  user?: string | undefined;
  password?: string | undefined;
}

/** How often a connection pings its NATS server; two unanswered, the third ping's turn drops it for another server. */
export const NATS_PING_INTERVAL_MS = 2000;

const AUTH_REFUSALS: string[] = [
  ErrorCode.AuthorizationViolation,
  ErrorCode.AuthenticationExpired,
  ErrorCode.AuthenticationTimeout,
  ErrorCode.BadAuthentication,
];

/**
 * Connects to one NATS server or a cluster (`url` a comma-separated list), as the service's own user when given; a
 * user's replies (and its JetStream consumers' messages) then come on its own inbox prefix, `_INBOX_<user>`, which
 * the server lets no other user subscribe to (see nats-permissions).
 * Credentials the server refuses are a ConfigError saying which user and the server's words: retrying would not help.
 */
export async function connectNats(
  url: string,
  service: string,
  log: Logger,
  auth: NatsAuth = {},
): Promise<NatsConnection> {
  if (Boolean(auth.user) !== Boolean(auth.password))
    throw new ConfigError('NATS_USER and NATS_PASSWORD are set together or not at all');
  const nc = await connect({
    servers: url.split(','),
    name: service,
    ...(auth.user ? { user: auth.user, pass: auth.password, inboxPrefix: natsInboxPrefix(auth.user) } : {}),
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    // A server that dies with its machine (no reset on the connection, as a killed process's kernel sends) is noticed
    // after three pings without an answer, 6 s, instead of nats.js's 2 min × 3: the process then moves to another.
    pingInterval: NATS_PING_INTERVAL_MS,
    maxPingOut: 2,
    waitOnFirstConnect: true,
    // No stack captured for every request and JetStream publish (two Errors each, a tenth of the vote path's CPU);
    // a timeout still says which subject, and our logs carry the request id.
    noAsyncTraces: true,
  }).catch((err: unknown) => {
    if (err instanceof NatsError && AUTH_REFUSALS.includes(err.code)) {
      const who = auth.user
        ? `user "${auth.user}" (NATS_USER/NATS_PASSWORD)`
        : 'a connection without NATS_USER/NATS_PASSWORD';
      throw new ConfigError(`the NATS server refused ${who}: ${err.message}`);
    }
    throw err;
  });
  void (async () => {
    for await (const status of nc.status()) {
      // Each ping's timer is a status too (every NATS_PING_INTERVAL_MS): only a debug line.
      const level =
        status.type === 'disconnect' || status.type === 'error'
          ? 'warn'
          : status.type === DebugEvents.PingTimer
            ? 'debug'
            : 'info';
      log[level]({ nats: status.type, data: String(status.data) }, 'nats status');
    }
  })();
  log.info({ server: nc.getServer() }, 'nats connected');
  return nc;
}

export async function connectMongo(url: string, dbName: string, log: Logger): Promise<Connection> {
  // Loaded here rather than with the kit: the gateway uses the kit's NATS and Redis connections but no database, and
  // mongoose with its driver is about 10 MB of heap.
  const { default: mongoose } = await import('mongoose');
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5000,
    heartbeatFrequencyMS: 2000,
    autoIndex: true,
    // For the command-error counter (commandFailed); the driver then describes every command it sends.
    monitorCommands: true,
  });
  conn.on('disconnected', () => log.warn({ dbName }, 'mongo disconnected'));
  conn.on('error', () => mongoCommandErrors.inc({ command: 'connection' }));
  conn.getClient().on('commandFailed', (event) => mongoCommandErrors.inc({ command: event.commandName }));
  conn.on('reconnected', () => log.info({ dbName }, 'mongo reconnected'));
  await conn.asPromise();
  log.info({ dbName }, 'mongo connected');
  return conn;
}

/** How long ioredis waits before its n-th attempt to reconnect. */
export const redisReconnectDelay = exponentialBackoff(200, 2000);

/** ioredis (one server, Sentinel or Cluster, by REDIS_URL) with a per-service key prefix: no service reads another's keys. */
export function connectRedis(url: string, service: string, log: Logger): Redis {
  const redis = createRedisClient(url, {
    keyPrefix: `${service}:`,
    maxRetriesPerRequest: 2,
    retryStrategy: redisReconnectDelay,
    enableReadyCheck: true,
    // Commands issued in the same tick by concurrent requests leave in one write (one syscall, one read on the
    // server) instead of one each: under load the hot paths' Redis steps batch themselves.
    enableAutoPipelining: true,
  });
  countCommandErrors(redis);
  let wasDown = false;
  redis.on('ready', () => {
    if (wasDown) log.info('redis reconnected');
    wasDown = false;
  });
  redis.on('error', (err) => {
    redisCommandErrors.inc({ command: 'connection' });
    if (!wasDown) log.warn({ err: err.message }, 'redis error');
    wasDown = true;
  });
  return redis;
}

const COUNTED = Symbol('meydan.countedErrors');

/**
 * Counts every command of this client that fails (ioredis sends each one, pipelined or not, through sendCommand).
 * On a cluster, a MOVED answer also has the client's slot map read again: ioredis follows a MOVED itself only outside
 * a pipeline or in one of read-only commands, so with auto-pipelining a write or a script to slots whose master
 * changed (a master lost and back, a failover) kept failing until something else refreshed the map (14 s measured in
 * services/polls/test/timeline-shards.test.ts).
 */
function countCommandErrors(redis: Redis): void {
  const cluster = isCluster(redis) ? (redis as unknown as { refreshSlotsCache(): void }) : null;
  type Command = { name: string; reject: (err: Error) => void; [COUNTED]?: true };
  const send = redis.sendCommand.bind(redis) as (command: Command, ...rest: unknown[]) => unknown;
  (redis as unknown as { sendCommand: typeof send }).sendCommand = (command, ...rest) => {
    if (!command[COUNTED]) {
      command[COUNTED] = true;
      const reject = command.reject;
      command.reject = (err) => {
        redisCommandErrors.inc({ command: command.name });
        if (cluster && err?.message?.startsWith('MOVED ')) cluster.refreshSlotsCache();
        reject(err);
      };
    }
    return send(command, ...rest);
  };
}

export async function connectAll(options: ConnectOptions): Promise<Connections> {
  const { service, log } = options;
  const nats = await connectNats(options.natsUrl, service, log, options.natsAuth);
  const bus = new Bus(nats, nats.jetstream(), log, service, natsContracts, options.consumerPrefix, options.jetstream);
  await bus.ensureStreams();
  await bus.startService({ version: options.version ?? serviceVersion(service), description: `Meydan ${service}` });
  const mongo = await connectMongo(options.mongoUrl, options.mongoDb ?? `meydan_${service}`, log);
  const redis = connectRedis(options.redisUrl, service, log);
  return {
    nats,
    bus,
    mongo,
    redis,
    async close() {
      await bus.stop();
      if (!nats.isClosed()) await nats.drain().catch((err) => log.warn({ err }, 'nats drain failed'));
      await mongo.close().catch((err) => log.warn({ err }, 'mongo close failed'));
      const ended = new Promise((resolve) => redis.once('end', resolve));
      await redis.quit().catch(() => redis.disconnect());
      await ended;
    },
  };
}
