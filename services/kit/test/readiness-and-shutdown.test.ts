import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { IDENTITY_HEADER, createServiceApp, createShutdown, signIdentity, visitor } from '@meydan/kit';
import { TEST_SECRET, startPrivateRedis, startTestService, testLogger } from '@meydan/testing';

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('readiness', () => {
  it('/readyz goes 503 when Redis stops and back to 200 when it returns', async () => {
    let redis = await startPrivateRedis();
    const svc = await startTestService('social', (deps) => createServiceApp('social', deps), {
      config: { REDIS_URL: redis.url, SHED_EVENT_LOOP_DELAY_MS: 1000 },
    });
    try {
      const ready = async () => (await svc.app.inject({ url: '/readyz' })).statusCode;
      const readyAgain = { timeout: 15_000, interval: 100 };
      await vi.waitFor(async () => expect(await ready()).toBe(200), readyAgain);
      // Every service app sheds load when configured to (on by default; load-shedding.test.ts), its probes excepted.
      expect(svc.app.hasDecorator('isUnderPressure')).toBe(true);
      expect((await svc.app.inject({ url: '/readyz' })).json()).toEqual({
        service: 'social',
        ready: true,
        checks: { nats: true, mongo: true, redis: true },
      });

      await redis.stop();
      await vi.waitFor(async () => expect(await ready()).toBe(503), readyAgain);
      expect((await svc.app.inject({ url: '/readyz' })).json().checks).toEqual({
        nats: true,
        mongo: true,
        redis: false,
      });

      redis = await startPrivateRedis(redis.port);
      await vi.waitFor(async () => expect(await ready()).toBe(200), readyAgain);
    } finally {
      await svc.close();
      await redis.stop();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new ones, drains NATS and exits 0', async () => {
    let release!: () => void;
    const slowStarted = new Promise<void>((resolveStarted) => {
      release = resolveStarted;
    });
    // The slow request finishes only once the test has seen new requests refused.
    let finish!: () => void;
    const mayFinish = new Promise<void>((resolveFinish) => {
      finish = resolveFinish;
    });
    const svc = await startTestService(
      'contact',
      async (deps) => {
        const app = await createServiceApp('contact', deps);
        app.get(
          '/api/slow',
          { schema: { response: { 200: { type: 'object', properties: { finished: { type: 'boolean' } } } } } },
          async () => {
            release();
            await mayFinish;
            return { finished: true };
          },
        );
        return app;
      },
      { listen: true },
    );
    const port = (svc.app.server.address() as { port: number }).port;
    const exits: number[] = [];
    const shutdown = createShutdown(svc.app, svc.deps, testLogger(), 5000, (code) => exits.push(code));

    // Over real HTTP, signed as the gateway signs: for this method, path and service.
    const signed = signIdentity(visitor, TEST_SECRET, { method: 'GET', path: '/api/slow', service: 'contact' });
    const inFlight = get(port, '/api/slow', { [IDENTITY_HEADER]: signed });
    await slowStarted;
    const closing = shutdown('SIGTERM');
    const late = () =>
      get(port, '/healthz').then(
        (r) => r.status,
        (e: NodeJS.ErrnoException) => e.code,
      );
    await vi.waitFor(async () => expect(['ECONNREFUSED', 503]).toContain(await late()), {
      timeout: 5000,
      interval: 25,
    });
    finish();

    const answer = await inFlight;
    await closing;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ finished: true });
    expect(svc.deps.nats.isClosed()).toBe(true);
    expect(svc.deps.redis.status).toBe('end');
    expect(svc.deps.mongo.readyState).toBe(0);
    expect(exits).toEqual([0]);
  });
});
