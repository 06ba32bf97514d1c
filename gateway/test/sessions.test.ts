/**
 * Sessions read by the gateway straight from auth's store in Redis: found without asking auth, kept alive with
 * auth's sliding expiry, forgotten on logout and ban, and a 503 (never a visitor, never someone else) when Redis
 * cannot answer. Real Redis, NATS and auth; polls is a kit service app that records who reached it.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, SESSION_STORE_PREFIX, errorCatalogue, events, sessionKeys, subjects } from '@meydan/proto';
import { connectRedis, createServiceApp, sessionKeyOf, type Identity } from '@meydan/kit';
import { infra, startTestService, testLogger, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { SessionStore } from '../../services/auth/src/store/sessions.js';
import { createUser } from '../../services/auth/test/support.js';
import { startTestGateway, type TestGateway } from './support.js';

const THIRTY_DAYS_S = 30 * 24 * 3600;

/** Polls as a kit service app that records the identity of every request it accepted. */
async function recordingPolls(arrivals: (Identity | null)[]): Promise<TestService> {
  return startTestService(
    'polls',
    async (deps) => {
      const app = await createServiceApp('polls', deps);
      app.addHook('onRequest', async (request) => void arrivals.push(request.identity));
      return app;
    },
    { listen: true },
  );
}

describe('sessions read from Redis by the gateway, auth not running', () => {
  const arrivals: (Identity | null)[] = [];
  let polls: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let authStore: Redis;
  let sessions: SessionStore;

  beforeAll(async () => {
    polls = await recordingPolls(arrivals);
    testGateway = await startTestGateway({ polls });
    gateway = testGateway.app;
    // Sessions made the way auth makes them, in auth's store.
    authStore = connectRedis(infra().redisUrl, SESSION_STORE_PREFIX, testLogger());
    sessions = new SessionStore(authStore, THIRTY_DAYS_S);
  });

  afterAll(async () => {
    await testGateway?.close();
    await polls?.close();
    await authStore?.quit();
  });

  it('resolves an uncached session with no auth responder, and renews its sliding expiry', async () => {
    await expect(testGateway.bus.request(subjects.auth.sessionResolve, { sid: 'x'.repeat(40) })).rejects.toMatchObject({
      statusCode: 503,
    });
    const sid = await sessions.create('6650f0c2a1b2c3d4e5f60701', 'member');
    await authStore.expire(sessionKeyOf(sid), 60);

    arrivals.length = 0;
    const res = await gateway.inject({
      url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
      headers: { cookie: `${SESSION_COOKIE}=${sid}` },
    });
    expect(res.headers['x-meydan-service']).toBe('polls');
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0]).toMatchObject({ userId: '6650f0c2a1b2c3d4e5f60701', role: 'member', authMethod: 'session' });
    expect(await authStore.ttl(sessionKeyOf(sid))).toBeGreaterThan(THIRTY_DAYS_S - 60);
  });

  it('takes an unknown, malformed or foreign value for no session: the caller is a visitor', async () => {
    await authStore.set(sessionKeyOf('bozuk-kayit-0000000000000000'), '{"userId":"u1","role":"root"}', 'EX', 60);
    for (const sid of ['bilinmeyen-oturum-000000000000', 'kisa', 'bozuk-kayit-0000000000000000']) {
      arrivals.length = 0;
      const res = await gateway.inject({
        url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
        headers: { cookie: `${SESSION_COOKIE}=${sid}` },
      });
      expect(res.headers['x-meydan-service'], sid).toBe('polls');
      expect(arrivals[0], sid).toMatchObject({ userId: null, role: null });
    }
  });

  it('a session made while every session of its account is being revoked does not outlive the next revocation', async () => {
    const userId = '6650f0c2a1b2c3d4e5f60702';
    await sessions.create(userId, 'member');
    // The new session is written while revokeAll runs, right after it read the account's list and before it deletes
    // what it read: that once left the session alive and listed nowhere.
    let made = '';
    const slowRevoker = new Proxy(authStore, {
      get(target, name) {
        if (name === 'smembers') {
          return async (key: string) => {
            const listed = await target.smembers(key);
            made = await sessions.create(userId, 'member');
            return listed;
          };
        }
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await new SessionStore(slowRevoker, THIRTY_DAYS_S).revokeAll(userId);
    expect(made).not.toBe('');
    // A ban, say: whatever became of the list, the session made meanwhile ends now.
    await sessions.revokeAll(userId);
    arrivals.length = 0;
    const res = await gateway.inject({
      url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
      headers: { cookie: `${SESSION_COOKIE}=${made}` },
    });
    expect(res.headers['x-meydan-service']).toBe('polls');
    expect(arrivals[0]).toMatchObject({ userId: null, role: null });
    expect(await sessions.resolve(made)).toBeNull();
  });

  it('refuses a session whose account epoch was lost, and one made before its account’s last revocation', async () => {
    const userId = '6650f0c2a1b2c3d4e5f60703';
    const lost = await sessions.create(userId, 'member');
    await authStore.del(sessionKeys.accountEpoch(userId));
    const stale = await sessions.create(userId, 'member');
    await authStore.incr(sessionKeys.accountEpoch(userId));
    for (const sid of [lost, stale]) {
      arrivals.length = 0;
      await gateway.inject({
        url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
        headers: { cookie: `${SESSION_COOKIE}=${sid}` },
      });
      expect(arrivals[0]).toMatchObject({ userId: null, role: null });
    }
  });

  it('answers 503 in Turkish when Redis cannot be reached, and lets no member through as anyone', async () => {
    const cut = await testGateway.variant({ REDIS_URL: 'redis://127.0.0.1:9' });
    arrivals.length = 0;
    const res = await cut.inject({
      url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
      headers: { cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
    expect(res.headers['retry-after']).toBe('5');
    expect(arrivals).toHaveLength(0);
    // A visitor needs no lookup: served as before.
    const visitor = await cut.inject({ url: '/api/polls/6650f0c2a1b2c3d4e5f60718' });
    expect(visitor.headers['x-meydan-service']).toBe('polls');
    expect(arrivals.at(-1)).toMatchObject({ userId: null });
  });
});

describe('revoked sessions stop working at the gateway (real auth)', () => {
  let auth: TestService;
  let polls: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let logins = 0;

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    polls = await recordingPolls([]);
    testGateway = await startTestGateway({ auth, polls });
    gateway = testGateway.app;
  });

  afterAll(async () => {
    await testGateway?.close();
    await polls?.close();
    await auth?.close();
  });

  const login = async (user: { email: string; password: string }) => {
    logins += 1;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `198.51.100.${logins}`,
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  };
  const sessionOf = (app: FastifyInstance, sid: string) =>
    app.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
  const post = (url: string, sid: string, payload: object) =>
    gateway.inject({
      method: 'POST',
      url,
      headers: { origin: 'http://meydan.test', cookie: `${SESSION_COOKIE}=${sid}` },
      payload,
    });
  /** What 30 days without a login once did: the account's list of sessions expired (the sessions slid on). */
  const forgetSessionList = async (userId: string) => {
    const store = connectRedis(infra().redisUrl, SESSION_STORE_PREFIX, testLogger());
    expect(await store.del(sessionKeys.userSessions(userId))).toBe(1);
    await store.quit();
  };

  it('a logged-out session is refused, by this gateway (which had it cached) and by one that never saw it', async () => {
    const member = await createUser(auth.deps);
    const sid = await login(member);
    expect((await sessionOf(gateway, sid)).statusCode).toBe(200);
    expect(
      (await gateway.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `${SESSION_COOKIE}=${sid}` } }))
        .statusCode,
    ).toBe(200);
    await vi.waitFor(async () => expect((await sessionOf(gateway, sid)).statusCode).toBe(401), {
      timeout: 1000,
      interval: 25,
    });
    expect((await sessionOf(await testGateway.variant({}), sid)).statusCode).toBe(401);
  });

  it('a banned member’s sessions stop working, the cached one included', async () => {
    const member = await createUser(auth.deps);
    const sid = await login(member);
    expect((await sessionOf(gateway, sid)).json()).toMatchObject({ id: member.id });
    await testGateway.bus.publish(events.admin.userBanned, {
      userId: member.id,
      by: '6650f0c2a1b2c3d4e5f60799',
      at: new Date().toISOString(),
    });
    await vi.waitFor(async () => expect((await sessionOf(gateway, sid)).statusCode).toBe(401), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await sessionOf(await testGateway.variant({}), sid)).statusCode).toBe(401);
  });

  describe('after the account’s list of sessions expired (30 days without a login)', () => {
    it('a ban still ends the old session: the gateway answers 401 for it', async () => {
      const member = await createUser(auth.deps);
      const sid = await login(member);
      expect(
        (await gateway.inject({ url: '/api/tokens', headers: { cookie: `${SESSION_COOKIE}=${sid}` } })).statusCode,
      ).toBe(200);
      await forgetSessionList(member.id);
      await testGateway.bus.publish(events.admin.userBanned, {
        userId: member.id,
        by: '6650f0c2a1b2c3d4e5f60799',
        at: new Date().toISOString(),
      });
      // /api/tokens does not look at the account itself: only the session read can refuse it.
      await vi.waitFor(
        async () =>
          expect(
            (await gateway.inject({ url: '/api/tokens', headers: { cookie: `${SESSION_COOKIE}=${sid}` } })).statusCode,
          ).toBe(401),
        {
          timeout: 10_000,
          interval: 50,
        },
      );
      expect(
        (
          await (
            await testGateway.variant({})
          ).inject({ url: '/api/tokens', headers: { cookie: `${SESSION_COOKIE}=${sid}` } })
        ).statusCode,
      ).toBe(401);
    });

    it('"log out everywhere" ends the other devices’ sessions', async () => {
      const member = await createUser(auth.deps);
      const [laptop, phone] = [await login(member), await login(member)];
      await forgetSessionList(member.id);
      expect((await post('/api/logout', laptop, { everywhere: true })).statusCode).toBe(200);
      expect((await sessionOf(gateway, phone)).statusCode).toBe(401);
      expect((await sessionOf(await testGateway.variant({}), phone)).statusCode).toBe(401);
    });

    it('a password change ends the other devices’ sessions and keeps the one that changed it signed in', async () => {
      const member = await createUser(auth.deps);
      const [laptop, phone] = [await login(member), await login(member)];
      await forgetSessionList(member.id);
      const changed = await post('/api/auth/password', laptop, {
        currentPassword: member.password,
        newPassword: 'yepyeni-sifre-2',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const renewed = changed.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      expect((await sessionOf(gateway, phone)).statusCode).toBe(401);
      expect((await sessionOf(gateway, laptop)).statusCode).toBe(401);
      expect((await sessionOf(gateway, renewed)).json()).toMatchObject({ id: member.id });
    });
  });
});
