import { fileURLToPath } from 'node:url';
import { Bus, ConfigError, connectNats, connectRedis, createLogger, createShutdown, loadConfig } from '@meydan/kit';
import { gatewayConfigSchema } from './config.js';
import { buildGateway, type GatewayConfig } from './app.js';

let config: GatewayConfig;
try {
  config = loadConfig<GatewayConfig>(gatewayConfigSchema, {
    WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    ...process.env,
  });
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`gateway: ${err.message}\n`);
  process.exit(1);
}

const log = createLogger('gateway', config.LOG_LEVEL);
try {
  const nats = await connectNats(config.NATS_URL, 'gateway', log);
  const bus = new Bus(nats, nats.jetstream(), log, 'gateway');
  const redis = connectRedis(config.REDIS_URL, 'gateway', log);
  const app = await buildGateway({ config, log, bus, redis });
  const shutdown = createShutdown(
    app,
    {
      close: async () => {
        await bus.stop();
        await nats.drain();
        await redis.quit().catch(() => redis.disconnect());
      },
    },
    log,
    config.SHUTDOWN_TIMEOUT_MS ?? 10_000,
  );
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: config.HOST ?? '0.0.0.0', port: config.PORT ?? 8080 });
} catch (err) {
  log.fatal({ err }, 'gateway failed to start');
  process.exit(1);
}
