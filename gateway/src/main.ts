import { fileURLToPath } from 'node:url';
import { Bus, connectNats, connectRedis, runProcess } from '@meydan/kit';
import { gatewayConfigSchema } from './config.js';
import { buildGateway, type GatewayConfig } from './app.js';

await runProcess<GatewayConfig, Awaited<ReturnType<typeof connect>>>({
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  env: { WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)), ...process.env },
  connect,
  buildApp: ({ bus, redis }, config, log) => buildGateway({ config, log, bus, redis }),
});

/** The gateway needs NATS (health, identity) and Redis (rate limits); no database. */
async function connect(config: GatewayConfig, log: Parameters<typeof connectNats>[2]) {
  const nats = await connectNats(config.NATS_URL, 'gateway', log);
  const bus = new Bus(nats, nats.jetstream(), log, 'gateway');
  const redis = connectRedis(config.REDIS_URL, 'gateway', log);
  return {
    bus,
    redis,
    async close() {
      await bus.stop();
      await nats.drain();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
