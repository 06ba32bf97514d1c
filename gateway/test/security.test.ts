import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, VISITOR_COOKIE } from '@meydan/proto';
import { Redis } from 'ioredis';
import { infra, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAdmin } from '../../services/admin/src/app.js';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { createUser, staffSession, type TestUser } from '../../services/auth/test/support.js';
import { helmetOptions } from '../src/security.js';
import { startTestGateway, type TestGateway } from './support.js';

const ORIGIN = 'http://meydan.test';

describe('gateway security (real auth behind the gateway)', () => {
  let auth: TestService;
  let admin: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let member: TestUser;
  let boss: TestUser;

  let logins = 0;
  /** Each login from its own address, so the per-IP login limit is only met where a test means to. */
  const login = async (user: TestUser) => {
    logins += 1;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `198.51.100.${logins}`,
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  };

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    admin = await startTestService('admin', buildAdmin, { listen: true });
    member = await createUser(auth.deps, { displayName: 'Üye' });
    boss = await createUser(auth.deps, { displayName: 'Yönetici', role: 'admin' });
    testGateway = await startTestGateway({ auth, admin }, { config: { PUBLIC_ORIGIN: ORIGIN } });
    gateway = testGateway.app;
  });

  afterAll(async () => {
    await testGateway?.close();
    await admin?.close();
    await auth?.close();
  });

  it('resolves the session cookie into the signed identity services see', async () => {
    const sid = await login(member);
    const me = await gateway.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: member.id, username: member.username, role: 'member' });
    const visitor = await gateway.inject({ url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(401);
    const bogus = await gateway.inject({
      url: '/api/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=bogus-session-id-0000000000` },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('forgets a session at once on logout, despite its short cache', async () => {
    const sid = await login(member);
    expect(
      (await gateway.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } })).statusCode,
    ).toBe(200);
    const out = await gateway.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `${SESSION_COOKIE}=${sid}` },
    });
    expect(out.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          (await gateway.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } }))
            .statusCode,
        ).toBe(401),
      { timeout: 1000, interval: 25 },
    );
  });

  it('a client cannot claim an identity: its identity headers are dropped', async () => {
    const res = await gateway.inject({
      url: '/api/auth/session',
      headers: { 'x-meydan-identity': 'anything.at-all', 'x-user-id': member.id, 'x-userid': member.id },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Oturum bulunamadı. Lütfen giriş yap.');
  });

  it('admin routes: 401 for visitors, 403 "Bu sayfaya erişim yetkiniz yok." for members, through for the admin with a verified code', async () => {
    const visitor = await gateway.inject({ url: '/api/admin/stats' });
    expect(visitor.statusCode).toBe(401);
    const asMember = await gateway.inject({
      url: '/api/admin/stats',
      headers: { cookie: `${SESSION_COOKIE}=${await login(member)}` },
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: 'forbidden', message: 'Bu sayfaya erişim yetkiniz yok.' });
    expect(asMember.headers['x-meydan-service']).toBeUndefined();
    const { sid: staffSid } = await staffSession(auth.deps, (o) => gateway.inject(o), boss, '198.51.100.200');
    const asAdmin = await gateway.inject({
      url: '/api/admin/stats',
      headers: { cookie: `${SESSION_COOKIE}=${staffSid}` },
    });
    expect(asAdmin.headers['x-meydan-service']).toBe('admin');
    expect(asAdmin.statusCode).not.toBe(401);
    expect(asAdmin.statusCode).not.toBe(403);
  });

  it('a bearer token works, and is refused right after it is revoked', async () => {
    const sid = await login(member);
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: `${SESSION_COOKIE}=${sid}` },
      payload: { name: 'Betik' },
    });
    expect(created.statusCode).toBe(201);
    const { token, id } = created.json();
    const viaToken = await gateway.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json().id).toBe(member.id);
    const cannotMint = await gateway.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'x' },
    });
    expect(cannotMint.statusCode).toBe(403);
    const revoked = await gateway.inject({
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      headers: { cookie: `${SESSION_COOKIE}=${sid}` },
    });
    expect(revoked.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          (await gateway.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } }))
            .statusCode,
        ).toBe(401),
      { timeout: 1000, interval: 25 },
    );
  });

  it('refuses state-changing requests from another origin, and lets our own through', async () => {
    const foreign = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://kotu.example' },
      payload: { email: member.email, password: member.password },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'forbidden_origin', message: 'İstek kaynağı doğrulanamadı.' });
    expect(foreign.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const crossSite = await gateway.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const own = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: ORIGIN },
      payload: { email: member.email, password: member.password },
    });
    expect(own.statusCode).toBe(200);
    const read = await gateway.inject({ url: '/api/auth/session', headers: { origin: 'https://kotu.example' } });
    expect(read.statusCode).toBe(401);
  });

  it('refuses a DNS-rebinding page: an Origin that matches the Host header is still not ours', async () => {
    // A page on rebind.example whose name now resolves to this machine: the browser sends its own name as both.
    const rebound = { origin: 'http://rebind.example:8080', host: 'rebind.example:8080' };
    const signIn = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      headers: rebound,
      payload: { email: boss.email, password: boss.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toBe('forbidden_origin');
    expect(signIn.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    // Our own origin is ours whatever Host the request came with (a proxy in front may rewrite it).
    const own = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.200',
      headers: { origin: ORIGIN, host: '10.0.0.5:8080' },
      payload: { email: member.email, password: member.password },
    });
    expect(own.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await gateway.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Sockets only to the site itself, not to any ws:/wss: host a script would name.
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws://meydan.test;");
    expect(res.headers['content-security-policy']).not.toMatch(/\b(ws|wss):(\s|;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("sends exactly the headers helmet would, on the SPA, proxied answers and the gateway's own refusals", async () => {
    // What helmet itself sets on a real response for these options: the precomputed set must be the same.
    const byHelmet = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(helmetOptions(ORIGIN))(byHelmet.req, byHelmet, () => {});
    const expected = byHelmet.getHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    const answers = [
      await gateway.inject({ url: '/' }),
      await gateway.inject({ url: '/api/auth/session' }),
      await gateway.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } }),
      await gateway.inject({ url: '/api/admin/users' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 403, 401]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
    }
  });

  it("names the https site's own wss: origin for sockets", () => {
    expect(helmetOptions('https://meydan.example.com').contentSecurityPolicy.directives.connectSrc).toEqual([
      "'self'",
      'wss://meydan.example.com',
    ]);
  });

  it('gives share-link visitors a signed visitor cookie and passes its id to the service', async () => {
    const first = await gateway.inject({ url: '/api/s/AbCdEfGhIj' });
    const vid = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(vid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(vid!.value).toMatch(/^[A-Za-z0-9_-]{16,40}\.[A-Za-z0-9_-]{32}$/);
    const again = await gateway.inject({
      url: '/api/s/AbCdEfGhIj',
      headers: { cookie: `${VISITOR_COOKIE}=${vid!.value}` },
    });
    expect(again.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    const forged = await gateway.inject({
      url: '/api/s/AbCdEfGhIj',
      headers: { cookie: `${VISITOR_COOKIE}=${vid!.value.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` },
    });
    expect(forged.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeDefined();
  });

  it('limits a free-tier bearer token per hour (100, scaled down here to 3 with RATE_LIMIT_SCALE)', async () => {
    const sid = await login(member);
    const { token } = (
      await gateway.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie: `${SESSION_COOKIE}=${sid}` },
        payload: { name: 'Saatlik' },
      })
    ).json();
    const scaled = await testGateway.variant({ RATE_LIMIT_SCALE: 0.03 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await scaled.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('limits logins per IP with 429, a Turkish message and retry-after', async () => {
    const codes: number[] = [];
    let last: Awaited<ReturnType<typeof gateway.inject>> | undefined;
    for (let i = 0; i < 12; i++) {
      last = await gateway.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.9',
        payload: { email: `deneme${i}@example.com`, password: 'yanlis-sifre' },
      });
      codes.push(last.statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(last!.json()).toEqual({
      error: 'rate_limited',
      message: 'Çok fazla istek gönderdin. Lütfen biraz bekleyip tekrar dene.',
    });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    const otherIp = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.10',
      payload: { email: member.email, password: member.password },
    });
    expect(otherIp.statusCode).toBe(200);
  });

  it('counts share-link and quick polls against the same creation quota as full ones', async () => {
    const creator = await createUser(auth.deps, { displayName: 'Paylaşımcı' });
    const cookie = `${SESSION_COOKIE}=${await login(creator)}`;
    const create = (url: string) =>
      gateway.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload: {} });
    // Polls is not running here: what passes the gateway gets 503 from the proxy, what does not gets 429.
    const codes: number[] = [];
    for (const url of ['/api/polls/shareable', '/api/polls/quick', '/api/polls', '/API/Polls/Shareable/']) {
      for (let i = 0; i < 3; i++) codes.push((await create(url)).statusCode);
    }
    expect(codes.slice(0, 10).filter((c) => c === 429)).toEqual([]);
    expect(codes.slice(10)).toEqual([429, 429]);
    for (const url of ['/api/polls/shareable', '/api/polls/quick', '/api/polls'])
      expect((await create(url)).statusCode, url).toBe(429);
  });

  it('limits poll creation per member: 10 a minute, then 100 a day, with a Turkish 429 and retry-after', async () => {
    const creator = await createUser(auth.deps, { displayName: 'Çok Anketçi' });
    const cookie = `${SESSION_COOKIE}=${await login(creator)}`;
    const create = () =>
      gateway.inject({
        method: 'POST',
        url: '/api/polls',
        headers: { cookie, origin: ORIGIN },
        payload: { question: 'Hangisi?' },
      });
    // Polls is not running here: what passes the gateway gets 503 from the proxy, what does not gets 429.
    for (let i = 0; i < 10; i++) expect((await create()).statusCode).not.toBe(429);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: 'En fazla dakikada 10, günde 100 anket oluşturabilirsin. Lütfen biraz bekleyip tekrar dene.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another member is not affected; their day already holds 100 polls, so the next is refused until tomorrow.
    const other = await createUser(auth.deps, { displayName: 'Günlük Anketçi' });
    const otherCookie = `${SESSION_COOKIE}=${await login(other)}`;
    const createOther = () =>
      gateway.inject({
        method: 'POST',
        url: '/api/polls',
        headers: { cookie: otherCookie, origin: ORIGIN },
        payload: {},
      });
    expect((await createOther()).statusCode).not.toBe(429);
    const redis = new Redis(infra().redisUrl);
    try {
      const [dayKey] = await redis.keys(`*rl:poll-create:u:${other.id}:86400s`);
      expect(dayKey).toBeDefined();
      await redis.set(dayKey!, '100', 'KEEPTTL');
    } finally {
      redis.disconnect();
    }
    const daily = await createOther();
    expect(daily.statusCode).toBe(429);
    expect(daily.json().message).toContain('günde 100 anket');
    expect(Number(daily.headers['retry-after'])).toBeGreaterThan(3600);
  });
});
