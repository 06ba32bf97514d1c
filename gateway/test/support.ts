/**
 * A real gateway for tests, in front of whichever services the test started: the others point at a
 * closed port (so their routes answer 503). A throw-away SPA shell stands in for web/dist.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { SESSION_STORE_PREFIX, serviceNames, type ServiceName } from '@meydan/proto';
import { Bus, connectNats, connectRedis, type Logger } from '@meydan/kit';
import { TEST_SECRET, infra, testLogger, type TestService } from '@meydan/testing';
import { buildGateway, type GatewayConfig } from '../src/app.js';
import { serviceUrlVar, type ServiceUrlVar } from '../src/config.js';

export interface TestGateway {
  app: FastifyInstance;
  bus: Bus;
  config: GatewayConfig;
  /** The gateway's address when started with `listen`. */
  base: string;
  /** Another gateway on the same connections with other settings (e.g. a scaled rate limit). */
  variant(overrides: Partial<GatewayConfig>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const CLOSED_PORT = 'http://127.0.0.1:9';

export async function startTestGateway(
  upstreams: Partial<Record<ServiceName, TestService>>,
  options: {
    config?: Partial<GatewayConfig>;
    listen?: boolean /** The gateway's log (silent when not given). */;
    log?: Logger;
  } = {},
): Promise<TestGateway> {
  const web = mkdtempSync(join(tmpdir(), 'meydan-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><html lang="tr"><div id="root"></div></html>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log("meydan")');
  const urlOf = (service: ServiceName) => {
    const svc = upstreams[service];
    return svc ? `http://127.0.0.1:${(svc.app.server.address() as { port: number }).port}` : CLOSED_PORT;
  };
  const urls = Object.fromEntries(serviceNames.map((s) => [serviceUrlVar(s), urlOf(s)])) as Record<
    ServiceUrlVar,
    string
  >;
  const config: GatewayConfig = {
    HOST: '127.0.0.1',
    PORT: 0,
    LISTEN_BACKLOG: 4096,
    LOG_LEVEL: 'silent',
    NATS_URL: infra().natsUrl,
    REDIS_URL: infra().redisUrl,
    INTERNAL_SECRET: TEST_SECRET,
    PUBLIC_ORIGIN: 'http://meydan.test',
    ALLOWED_ORIGINS: '',
    TRUST_PROXY: 'false',
    RATE_LIMIT_SCALE: 1,
    SESSION_CACHE_MS: 5000,
    SESSION_TTL_DAYS: 30,
    SHUTDOWN_TIMEOUT_MS: 10_000,
    HEALTH_TIMEOUT_MS: 1000,
    OPENAPI_CACHE_MS: 300_000,
    OPENAPI_TIMEOUT_MS: 5000,
    SOCKET_SESSION_CHECK_MS: 60_000,
    REQUEST_TIMEOUT_MS: 30_000,
    // No load shedding (load-shedding.test.ts turns it on): a busy test machine must not refuse what a test expects.
    SHED_EVENT_LOOP_DELAY_MS: 0,
    SHED_EVENT_LOOP_UTILIZATION: 0,
    SHED_MAX_IN_FLIGHT: 0,
    SHED_SAMPLE_INTERVAL_MS: 1000,
    WEB_DIST: web,
    ...urls,
    ...options.config,
  };
  const nc = await connectNats(config.NATS_URL, 'gateway', testLogger());
  const bus = new Bus(nc, nc.jetstream(), testLogger(), 'gateway');
  // Each gateway keeps its rate-limit counters under its own prefix, so test files do not share limits.
  const redisClients: Redis[] = [];
  const build = async (cfg: GatewayConfig) => {
    const redis = connectRedis(cfg.REDIS_URL, `gateway-test-${Date.now()}-${redisClients.length}`, testLogger());
    // Sessions where the test's auth service keeps them.
    const sessionRedis = connectRedis(cfg.REDIS_URL, SESSION_STORE_PREFIX, testLogger());
    redisClients.push(redis, sessionRedis);
    return buildGateway({ config: cfg, log: options.log ?? testLogger(), bus, redis, sessionRedis });
  };
  const app = await build(config);
  if (options.listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  const variants: FastifyInstance[] = [];
  return {
    app,
    bus,
    config,
    base: options.listen ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}` : '',
    async variant(overrides) {
      const other = await build({ ...config, ...overrides });
      variants.push(other);
      await other.ready();
      return other;
    },
    async close() {
      for (const v of variants) await v.close();
      await app.close();
      await nc.drain();
      for (const r of redisClients) await r.quit();
    },
  };
}
