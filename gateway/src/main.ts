import { fileURLToPath } from 'node:url';
import { SESSION_STORE_PREFIX } from '@meydan/proto';
import { Bus, connectNats, connectRedis, runProcess } from '@meydan/kit';
import { gatewayConfigSchema } from './config.js';
import { buildGateway, type GatewayConfig } from './app.js';

await runProcess<GatewayConfig, Awaited<ReturnType<typeof connect>>>({
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  env: { WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)), ...process.env },
  connect,
  buildApp: ({ bus, redis, sessionRedis }, config, log) => buildGateway({ config, log, bus, redis, sessionRedis }),
});

/** The gateway needs NATS (health, tokens) and Redis (rate limits, and auth's sessions); no database. */
async function connect(config: GatewayConfig, log: Parameters<typeof connectNats>[2]) {
  const nats = await connectNats(config.NATS_URL, 'gateway', log, {
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
  });
  const bus = new Bus(nats, nats.jetstream(), log, 'gateway');
  const redis = connectRedis(config.REDIS_URL, 'gateway', log);
  const sessionRedis = connectRedis(config.REDIS_URL, SESSION_STORE_PREFIX, log);
  return {
    bus,
    redis,
    sessionRedis,
    async close() {
      await bus.stop();
      await nats.drain();
      await redis.quit().catch(() => redis.disconnect());
      await sessionRedis.quit().catch(() => sessionRedis.disconnect());
    },
  };
}
