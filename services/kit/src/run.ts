import type { FastifyInstance } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { ServiceName } from '@meydan/proto';
import { ConfigError, loadConfig, type BaseConfig } from './config.js';
import { connectAll, type Connections } from './connections.js';
import { createLogger, type Logger } from './logger.js';
import type { ServiceDeps } from './app.js';

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

export interface RunServiceOptions<C extends BaseConfig> {
  service: ServiceName;
  configSchema: { type: 'object'; properties: Record<string, JSONSchema> };
  buildApp: (deps: ServiceDeps<C>) => Promise<FastifyInstance>;
}

/** A service's whole `main`: config (fail fast), connections, app, listen, graceful shutdown. */
export async function runService<C extends BaseConfig>(options: RunServiceOptions<C>): Promise<void> {
  let config: C;
  try {
    config = loadConfig<C>(options.configSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${options.service}: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(options.service, config.LOG_LEVEL);
  try {
    const conns = await connectAll({
      service: options.service,
      natsUrl: config.NATS_URL,
      redisUrl: config.REDIS_URL,
      mongoUrl: config.MONGO_URL,
      mongoDb: config.MONGO_DB,
      log,
    });
    const app = await options.buildApp({ ...conns, config, log });
    const shutdown = createShutdown(app, conns, log, config.SHUTDOWN_TIMEOUT_MS ?? 10_000);
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
    await app.listen({ host: config.HOST ?? '0.0.0.0', port: config.PORT });
  } catch (err) {
    log.fatal({ err }, 'service failed to start');
    process.exit(1);
  }
}
