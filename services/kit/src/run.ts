import type { FastifyInstance } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { ServiceName } from '@meydan/proto';
import { ConfigError, loadConfig, type BaseConfig } from './config.js';
import { connectAll, type Connections } from './connections.js';
import { createLogger, type Logger } from './logger.js';
import type { ServiceDeps } from './app.js';
import { stopTracing } from './tracing.js';
import { collectProcessMetrics, defaultMetricsPorts, startMetricsServer } from './metrics.js';

/**
 * Closes in order: stop accepting and let in-flight requests finish, stop consumers, drain NATS,
 * close MongoDB and Redis. Gives up and exits non-zero after `timeoutMs`.
 */
export function createShutdown(
  app: FastifyInstance,
  conns: Pick<Connections, 'close'>,
  log: Logger,
  timeoutMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => Promise<void> {
  let closing: Promise<void> | undefined;
  return (signal) => {
    closing ??= (async () => {
      log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        log.error({ timeoutMs }, 'shutdown took too long; exiting');
        exit(1);
      }, timeoutMs);
      timer.unref();
      try {
        await app.close();
        await conns.close();
        await stopTracing();
        clearTimeout(timer);
        log.info('shut down cleanly');
        exit(0);
      } catch (err) {
        log.error({ err }, 'shutdown failed');
        exit(1);
      }
    })();
    return closing;
  };
}

/** What every process's `main` reads besides its own settings. */
interface ProcessConfig {
  HOST?: string | undefined;
  PORT?: number | undefined;
  LISTEN_BACKLOG?: number | undefined;
  LOG_LEVEL?: string | undefined;
  SHUTDOWN_TIMEOUT_MS?: number | undefined;
  METRICS_PORT?: number | undefined;
  METRICS_HOST?: string | undefined;
}

export interface RunProcessOptions<C extends ProcessConfig, D extends Pick<Connections, 'close'>> {
  name: ServiceName | 'gateway';
  configSchema: { type: 'object'; properties: Record<string, JSONSchema> };
  /** The environment to read; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  connect: (config: C, log: Logger) => Promise<D>;
  buildApp: (connections: D, config: C, log: Logger) => Promise<FastifyInstance>;
}

/**
 * A process's whole `main` (a service or the gateway): config (fail fast with one line), connections,
 * app, its metrics port, graceful shutdown on SIGTERM/SIGINT, listen.
 */
export async function runProcess<C extends ProcessConfig, D extends Pick<Connections, 'close'>>(
  options: RunProcessOptions<C, D>,
): Promise<void> {
  let config: C;
  try {
    config = loadConfig<C>(options.configSchema, options.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${options.name}: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(options.name, config.LOG_LEVEL);
  try {
    const connections = await options.connect(config, log);
    const app = await options.buildApp(connections, config, log);
    // Prometheus reads this port; the public one never serves /metrics.
    collectProcessMetrics(options.name);
    const metrics = await startMetricsServer(
      config.METRICS_PORT ?? defaultMetricsPorts[options.name],
      config.METRICS_HOST ?? config.HOST ?? '0.0.0.0',
      log,
    );
    app.addHook('onClose', () => metrics.close());
    const shutdown = createShutdown(app, connections, log, config.SHUTDOWN_TIMEOUT_MS ?? 10_000);
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
    await app.listen({
      host: config.HOST ?? '0.0.0.0',
      port: config.PORT ?? 8080,
      backlog: config.LISTEN_BACKLOG ?? 4096,
    });
  } catch (err) {
    // A setting the servers refuse (NATS credentials, stream replicas) is said in one line, like a missing variable.
    if (err instanceof ConfigError) process.stderr.write(`${options.name}: ${err.message}\n`);
    else log.fatal({ err }, `${options.name} failed to start`);
    process.exit(1);
  }
}

export interface RunServiceOptions<C extends BaseConfig> {
  service: ServiceName;
  configSchema: { type: 'object'; properties: Record<string, JSONSchema> };
  buildApp: (deps: ServiceDeps<C>) => Promise<FastifyInstance>;
}

/** A service's `main`: runProcess with NATS (+ JetStream), its MongoDB database and Redis. */
export function runService<C extends BaseConfig>(options: RunServiceOptions<C>): Promise<void> {
  return runProcess<C, Connections>({
    name: options.service,
    configSchema: options.configSchema,
    connect: (config, log) =>
      connectAll({
        service: options.service,
        natsUrl: config.NATS_URL,
        natsAuth: { user: config.NATS_USER, password: config.NATS_PASSWORD },
        jetstream: {
          streamReplicas: config.NATS_STREAM_REPLICAS ?? 1,
          publishRetryMs: config.NATS_PUBLISH_RETRY_MS ?? 10_000,
        },
        redisUrl: config.REDIS_URL,
        mongoUrl: config.MONGO_URL,
        mongoDb: config.MONGO_DB,
        consumerPrefix: config.NATS_CONSUMER_PREFIX,
        log,
      }),
    buildApp: (conns, config, log) => options.buildApp({ ...conns, config, log }),
  });
}
