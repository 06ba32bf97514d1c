/**
 * The gateway as an attacker tries it: spelled-differently paths against the admin guard and every limit
 * class, identity headers replayed elsewhere, floods of made-up tokens, the visitor cookie on shares and
 * malformed escapes. Real auth and admin services; the others are kit service apps that record what
 * reached them (their own routes are not what is tested here).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SESSION_COOKIE,
  SESSION_STORE_PREFIX,
  VISITOR_COOKIE,
  errorCatalogue,
  subjects,
  type ServiceName,
} from '@meydan/proto';
import {
  ConfigError,
  IDENTITY_HEADER,
  createServiceApp,
  loadConfig,
  sessionKeyOf,
  signIdentity,
  type Identity,
} from '@meydan/kit';
import { Redis } from 'ioredis';
import { infra, startTestService, watchRedisCommands, type TestService } from '@meydan/testing';
import { buildApp as buildAdmin } from '../../services/admin/src/app.js';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { createUser, type TestUser } from '../../services/auth/test/support.js';
import { gatewayConfigSchema, trustProxyOption } from '../src/config.js';
import { startTestGateway, type TestGateway } from './support.js';

const ORIGIN = 'http://meydan.test';

interface Arrival {
  service: ServiceName;
  method: string;
  url: string;
  identity: Identity | null;
  header: string;
}

describe('gateway hardening (real auth and admin behind the gateway)', () => {
  const recorded: Arrival[] = [];
  const services = new Map<ServiceName, TestService>();
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let member: TestUser;
  let memberCookie: string;

  /** A kit service app that records every request it accepted, with the identity header as it came. */
  const recordingService = (name: ServiceName) =>
    startTestService(
      name,
      async (deps) => {
        const app = await createServiceApp(name, deps);
        app.addHook('onRequest', async (request) => {
          recorded.push({
            service: name,
            method: request.method,
            url: request.url,
            identity: request.identity,
            header: String(request.headers[IDENTITY_HEADER]),
          });
        });
        return app;
      },
      { listen: true },
    );

  const portOf = (name: ServiceName) => (services.get(name)!.app.server.address() as { port: number }).port;
  /** Whether the request got as far as a service (every service app names itself in x-meydan-service). */
  const reachedService = (res: LightMyRequestResponse) => res.headers['x-meydan-service'] !== undefined;

  beforeAll(async () => {
    const auth = await startTestService('auth', buildAuth, { listen: true });
    services.set('auth', auth);
    services.set('admin', await startTestService('admin', buildAdmin, { listen: true }));
    for (const name of ['polls', 'social', 'notifications', 'contact'] as const)
      services.set(name, await recordingService(name));
    member = await createUser(auth.deps, { displayName: 'Sıradan Üye' });
    testGateway = await startTestGateway(Object.fromEntries(services), { config: { PUBLIC_ORIGIN: ORIGIN } });
    gateway = testGateway.app;
    const login = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.200',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    memberCookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
  });

  afterAll(async () => {
    await testGateway?.close();
    for (const svc of services.values()) await svc.close();
  });

  /** Other spellings of `path` that a server on the way might take for it. */
  const spellings = (path: string) => {
    const [, first, second, ...rest] = path.split('/') as [string, string, string, ...string[]];
    const tail = rest.length ? `/${rest.join('/')}` : '';
    const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
    return {
      encoded: `/${hex(first[0]!)}${first.slice(1)}/${second}${tail}`,
      encodedUpperHex: `/${first}/${hex(second[0]!).toUpperCase()}${second.slice(1)}${tail}`,
      doubleEncoded: `/%25${first.charCodeAt(0).toString(16)}${first.slice(1)}/${second}${tail}`,
      encodedSlash: `/${first}%2F${second}${tail}`,
      mixedCase: `/${first.toUpperCase()}/${second[0]!.toUpperCase()}${second.slice(1)}${tail}`,
      doubleSlash: `//${first}//${second}${tail}`,
      dotSegment: `/${first}/./${second}${tail}`,
      dotDotSegment: `/${first}/x/../${second}${tail}`,
      encodedDots: `/${first}/x/%2e%2E/${second}${tail}`,
      semicolon: `/${first};x/${second}${tail}`,
      semicolonEnd: `${path};jsessionid=1`,
      trailingDot: `${path}.`,
      dottedSegment: `/${first}./${second}${tail}`,
      trailingSlash: `${path}/`,
      trailingDotSegment: `${path}/.`,
    };
  };

  it('refuses every spelling of /api/admin to a member at the gateway: none reaches the admin service', async () => {
    const spelled = spellings('/api/admin/stats');
    const answers: Record<string, number> = {};
    for (const [name, url] of Object.entries(spelled)) {
      const res = await gateway.inject({ url, headers: { cookie: memberCookie } });
      answers[name] = res.statusCode;
      expect(reachedService(res), `${name}: ${url}`).toBe(false);
      expect([400, 403, 404], `${name}: ${url}`).toContain(res.statusCode);
    }
    // The ones that mean /api/admin/stats are refused as such, not merely lost.
    for (const name of [
      'encoded',
      'encodedUpperHex',
      'doubleSlash',
      'dotSegment',
      'dotDotSegment',
      'encodedDots',
      'trailingSlash',
    ] as const) {
      expect(answers[name], name).toBe(403);
    }
    const encoded = await gateway.inject({ url: '/api/%61dmin/stats', headers: { cookie: memberCookie } });
    expect(encoded.json()).toEqual({ error: 'forbidden', message: 'Bu sayfaya erişim yetkiniz yok.' });
    expect((await gateway.inject({ url: spelled.encoded })).statusCode).toBe(401);
  });

  it('refuses an ambiguous path with 400 and a Turkish message, and forwards nothing', async () => {
    for (const url of [
      '/api/%2561dmin/stats',
      '/api/polls%2Fx',
      '/api/polls/%E0',
      '/api/polls/%zz',
      '/api/polls;x',
      '/api/polls/%00',
    ]) {
      const res = await gateway.inject({ url, headers: { cookie: memberCookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'invalid_path', message: 'İstek adresi geçersiz.' });
    }
    expect(recorded.filter((r) => r.url.includes('%') || r.url.includes(';'))).toEqual([]);
  });

  it('forwards the same normal path it decided on, and signs that path', async () => {
    const res = await gateway.inject({ url: '/%61pi//%70olls/./x/../AbC%7e?q=%2F', headers: { cookie: memberCookie } });
    expect(res.headers['x-meydan-service']).toBe('polls');
    const arrival = recorded.at(-1)!;
    expect(arrival.url.split('?')[0]).toBe('/api/polls/AbC~');
    expect(arrival.identity).toMatchObject({ userId: member.id, role: 'member' });
  });

  describe('every limit class counts every spelling of its path', () => {
    // RATE_LIMIT_SCALE 0.05: login, register, contact, newsletter and poll creation 1, share-vote 2, vote 3, everything else 30.
    const classes = [
      {
        name: 'login',
        method: 'POST',
        path: '/api/login',
        max: 1,
        payload: { email: 'yok@example.com', password: 'yanlis-sifre' },
      },
      { name: 'register', method: 'POST', path: '/api/register', max: 1, payload: { username: 'x' } },
      { name: 'share-vote', method: 'POST', path: '/api/s/AbCdEfGhIj/vote', max: 2, payload: { optionIndex: 0 } },
      { name: 'poll-create', method: 'POST', path: '/api/polls', max: 1, payload: {} },
      {
        name: 'vote',
        method: 'POST',
        path: '/api/polls/6650f0c2a1b2c3d4e5f60718/vote',
        max: 3,
        payload: { optionIndex: 0 },
      },
      { name: 'contact', method: 'POST', path: '/api/contact', max: 1, payload: {} },
      { name: 'newsletter', method: 'POST', path: '/api/newsletter/subscribe', max: 1, payload: {} },
      { name: 'api', method: 'GET', path: '/api/polls/trending', max: 30 },
    ] as const;

    let scaled: FastifyInstance;
    beforeAll(async () => {
      scaled = await testGateway.variant({ RATE_LIMIT_SCALE: 0.05 });
    });

    it.each(classes)('$name: over the limit, no spelling gets through', async (limitClass) => {
      const remoteAddress = `203.0.113.${classes.indexOf(limitClass) + 100}`;
      const send = (url: string) =>
        scaled.inject({
          method: limitClass.method,
          url,
          remoteAddress,
          ...('payload' in limitClass ? { payload: limitClass.payload } : {}),
        });
      for (let i = 0; i < limitClass.max; i++) expect((await send(limitClass.path)).statusCode).not.toBe(429);
      expect((await send(limitClass.path)).statusCode).toBe(429);
      // Spellings of the same path are the same limit (the example is the escaped letter); the others
      // are refused as ambiguous (400) or name no route (404, at the gateway or at the service).
      const samePath = new Set([
        'encoded',
        'encodedUpperHex',
        'mixedCase',
        'doubleSlash',
        'dotSegment',
        'dotDotSegment',
        'encodedDots',
        'trailingSlash',
        'trailingDotSegment',
      ]);
      for (const [name, url] of Object.entries(spellings(limitClass.path))) {
        const res = await send(url);
        const expected = samePath.has(name) ? [429] : [400, 404, 429];
        expect(expected, `${name}: ${url} → ${res.statusCode} ${String(res.headers['x-meydan-service'])}`).toContain(
          res.statusCode,
        );
      }
    });
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped IPv6 address as its IPv4', async () => {
    // RATE_LIMIT_SCALE 0.05: one login a minute per client.
    const scaled = await testGateway.variant({ RATE_LIMIT_SCALE: 0.05 });
    const login = (remoteAddress: string) =>
      scaled.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        payload: { email: 'yok@example.com', password: 'yanlis-sifre' },
      });
    expect((await login('2001:db8:7:8::1')).statusCode).not.toBe(429);
    // Another address of the same /64 (a client picks any of 2^64) is the same client.
    const sameLine = await login('2001:db8:7:8:a1b2:c3d4:e5f6:1');
    expect(sameLine.statusCode).toBe(429);
    expect(sameLine.json()).toEqual({ error: 'rate_limited', message: errorCatalogue.rate_limited.message });
    expect(Number(sameLine.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('2001:db8:7:9::1')).statusCode).not.toBe(429);

    expect((await login('198.51.100.77')).statusCode).not.toBe(429);
    expect((await login('::ffff:198.51.100.77')).statusCode).toBe(429);
  });

  it('a limit counted on one gateway holds on another within moments (the counts meet in Redis)', async () => {
    // RATE_LIMIT_SCALE 0.05: 30 API requests a minute per client.
    const [first, second] = [
      await testGateway.variant({ RATE_LIMIT_SCALE: 0.05 }),
      await testGateway.variant({ RATE_LIMIT_SCALE: 0.05 }),
    ];
    const remoteAddress = '203.0.113.150';
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await first.inject({ url: '/api/polls/trending', remoteAddress });
      expect(res.statusCode).not.toBe(429);
      remaining.push(Number(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining.slice(0, 3)).toEqual([29, 28, 27]);
    expect(remaining.at(-1)).toBe(0);
    const refused = await first.inject({ url: '/api/polls/trending', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: errorCatalogue.rate_limited.message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The other gateway learns the first one's count: it refuses the same client without having served it.
    await vi.waitFor(
      async () => expect((await second.inject({ url: '/api/polls/trending', remoteAddress })).statusCode).toBe(429),
      { timeout: 5000, interval: 50 },
    );
    // Another client is not affected.
    expect((await second.inject({ url: '/api/polls/trending', remoteAddress: '203.0.113.151' })).statusCode).not.toBe(
      429,
    );
  });

  describe('the signed identity is good for one request only', () => {
    let captured: Arrival;
    const direct = (service: ServiceName, path: string, method: string, header: string) =>
      fetch(`http://127.0.0.1:${portOf(service)}${path}`, { method, headers: { [IDENTITY_HEADER]: header } });

    beforeAll(async () => {
      const res = await gateway.inject({ url: '/api/polls/yakalanan', headers: { cookie: memberCookie } });
      expect(res.headers['x-meydan-service']).toBe('polls');
      captured = recorded.filter((r) => r.url === '/api/polls/yakalanan').at(-1)!;
      expect(captured.identity).toMatchObject({ userId: member.id });
    });

    it('is accepted for the request it was signed for', async () => {
      const res = await direct('polls', '/api/polls/yakalanan', 'GET', captured.header);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('route_not_found');
    });

    it('is refused (401) replayed as POST, on another path, or at another service', async () => {
      for (const [service, path, method] of [
        ['polls', '/api/polls/yakalanan', 'POST'],
        ['polls', '/api/polls/baska', 'GET'],
        ['polls', '/api/polls/yakalanan/vote', 'GET'],
        ['social', '/api/polls/yakalanan', 'GET'],
        ['contact', '/api/polls/yakalanan', 'GET'],
      ] as const) {
        const res = await direct(service, path, method, captured.header);
        expect(res.status, `${method} ${service} ${path}`).toBe(401);
        expect(await res.json()).toEqual({ error: 'identity_invalid', message: 'Kimlik bilgisi doğrulanamadı.' });
      }
    });

    it('is refused (401) once it is older than a few seconds', async () => {
      const binding = { method: 'GET', path: '/api/polls/yakalanan', service: 'polls' };
      const identity = { userId: member.id, role: 'member' as const };
      const fresh = await direct(
        'polls',
        binding.path,
        'GET',
        signIdentity(identity, testGateway.config.INTERNAL_SECRET, binding),
      );
      expect(fresh.status).toBe(404);
      const old = signIdentity(identity, testGateway.config.INTERNAL_SECRET, binding, Date.now() - 11_000);
      expect((await direct('polls', binding.path, 'GET', old)).status).toBe(401);
      const minutesOld = signIdentity(identity, testGateway.config.INTERNAL_SECRET, binding, Date.now() - 4 * 60_000);
      expect((await direct('polls', binding.path, 'GET', minutesOld)).status).toBe(401);
    });
  });

  it('checks the per-IP limit before looking up a token: made-up tokens past the limit cost auth nothing', async () => {
    let lookups = 0;
    const sub = testGateway.bus.nc.subscribe(subjects.auth.tokenResolve, {
      callback: () => {
        lookups += 1;
      },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 14; i++) {
        const res = await gateway.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '203.0.113.77',
          headers: { authorization: `Bearer uydurma-${i}-${Math.random().toString(36).slice(2)}` },
          payload: { email: `jeton${i}@example.com`, password: 'yanlis-sifre' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10), codes.join()).not.toContain(429);
      expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      await testGateway.bus.nc.flush();
      await vi.waitFor(() => expect(lookups).toBe(10));
    } finally {
      sub.unsubscribe();
    }
  });

  it('stops looking up made-up tokens from one IP after 30 failed lookups a minute, on any route', async () => {
    let lookups = 0;
    const sub = testGateway.bus.nc.subscribe(subjects.auth.tokenResolve, {
      callback: () => {
        lookups += 1;
      },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 34; i++) {
        const res = await gateway.inject({
          url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
          remoteAddress: '203.0.113.88',
          headers: { authorization: `Bearer uydurma-${i}-${Math.random().toString(36).slice(2)}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(30)).toEqual([429, 429, 429, 429]);
      expect(codes.slice(0, 30)).not.toContain(429);
      await testGateway.bus.nc.flush();
      await vi.waitFor(() => expect(lookups).toBe(30));
      // Another address is not affected, and neither is a member whose session resolves.
      const other = await gateway.inject({
        url: '/api/polls/x',
        remoteAddress: '203.0.113.89',
        headers: { authorization: 'Bearer uydurma-baska-adres' },
      });
      expect(other.statusCode).not.toBe(429);
      expect((await gateway.inject({ url: '/api/polls/x', headers: { cookie: memberCookie } })).statusCode).not.toBe(
        429,
      );
    } finally {
      sub.unsubscribe();
    }
  });

  it('a burst of made-up session cookies from one IP, all at once, causes at most 30 lookups', async () => {
    // The gateway reads sessions from Redis: its reads of these made-up sids, as Redis executes them.
    const marker = `uydurma-oturum-${Math.random().toString(36).slice(2)}`;
    const client = new Redis(infra().redisUrl);
    // Sessions are read under the digest of their sid: the made-up sids' digests are what Redis sees.
    const sids = Array.from({ length: 45 }, (_, i) => `${marker}-${i}-${Math.random().toString(36).slice(2)}`);
    const laterSid = `${marker}-sonra-0000000`;
    const keys = new Set([...sids, laterSid].map((sid) => `${SESSION_STORE_PREFIX}:${sessionKeyOf(sid)}`));
    let lookups = 0;
    let endSeen = false;
    const monitor = await watchRedisCommands((args) => {
      if (String(args[0]).toLowerCase() === 'getex' && keys.has(String(args[1]))) lookups += 1;
      if (String(args[1]).includes(`${marker}-son`)) endSeen = true;
    });
    try {
      const answers = await Promise.all(
        sids.map((sid) =>
          gateway.inject({
            url: '/api/polls/6650f0c2a1b2c3d4e5f60718',
            remoteAddress: '203.0.113.90',
            headers: { cookie: `${SESSION_COOKIE}=${sid}` },
          }),
        ),
      );
      // Each is served as a visitor (the service answers); none of them becomes a member.
      expect(answers.every(reachedService)).toBe(true);
      await vi.waitFor(() => expect(lookups).toBe(30));
      // The minute's budget is spent: the next made-up cookie from there is not looked up at all.
      const later = await gateway.inject({
        url: '/api/polls/x',
        remoteAddress: '203.0.113.90',
        headers: { cookie: `${SESSION_COOKIE}=${laterSid}` },
      });
      expect(reachedService(later)).toBe(true);
      expect(recorded.at(-1)!.identity!.userId).toBeNull();
      // Redis runs commands in order: once this one is seen, a read for `later` would have been seen too.
      await client.get(`${marker}-son`);
      await vi.waitFor(() => expect(endSeen).toBe(true));
      expect(lookups).toBe(30);
    } finally {
      monitor.stop();
      client.disconnect();
    }
  });

  describe('TRUST_PROXY: the proxies in front by address or hop count, never everyone', () => {
    const env = {
      NATS_URL: 'nats://127.0.0.1:4222',
      REDIS_URL: 'redis://127.0.0.1:6379',
      INTERNAL_SECRET: 'x'.repeat(32),
      WEB_DIST: '/tmp',
      ...Object.fromEntries(
        ['AUTH', 'POLLS', 'SOCIAL', 'NOTIFICATIONS', 'CONTACT', 'ADMIN'].map((s) => [`${s}_URL`, 'http://127.0.0.1:1']),
      ),
    };

    it('refuses "true" at start with one line naming the variable', () => {
      for (const value of ['true', 'TRUE', 'yes', '10.0.0.0/8,true']) {
        expect(() => loadConfig(gatewayConfigSchema, { ...env, TRUST_PROXY: value }), value).toThrow(ConfigError);
      }
      expect(() => loadConfig(gatewayConfigSchema, { ...env, TRUST_PROXY: 'true' })).toThrow(
        "environment variable TRUST_PROXY must be false, a hop count from 1 to 5 or the proxies' addresses/CIDRs (comma-separated, each /8 or narrower), never true or everyone",
      );
      for (const value of [
        'false',
        '1',
        '2',
        '5',
        '10.0.0.0/8',
        '10.0.0.0/8, 192.168.1.7',
        '::1,fd00::/8',
        'loopback',
        '2001:db8::/32',
      ]) {
        expect(() => loadConfig(gatewayConfigSchema, { ...env, TRUST_PROXY: value }), value).not.toThrow();
      }
    });

    it('refuses at start a CIDR that covers everyone (or nearly) and a hop count that trusts any chain', () => {
      for (const value of [
        '0.0.0.0/0',
        '::/0',
        '10.0.0.0/8, 0.0.0.0/0',
        '0.0.0.0/1',
        '128.0.0.0/7',
        '::/4',
        '6',
        '32',
        '99',
      ]) {
        expect(() => loadConfig(gatewayConfigSchema, { ...env, TRUST_PROXY: value }), value).toThrow(
          "environment variable TRUST_PROXY must be false, a hop count from 1 to 5 or the proxies' addresses/CIDRs (comma-separated, each /8 or narrower), never true or everyone",
        );
      }
    });

    it('refuses at start an IPv6 range that holds the IPv4-mapped block, which would trust every IPv4 peer', async () => {
      for (const value of [
        '::ffff:0:0/96',
        '::ffff:0.0.0.0/96',
        '::/8',
        '::/64',
        '10.0.0.0/8, ::ffff:0:0/96',
        '::ffff:10.0.0.0/103',
      ]) {
        expect(() => trustProxyOption(value), value).toThrow(ConfigError);
        expect(() => trustProxyOption(value), value).toThrow(/TRUST_PROXY .*covers more of IPv4 than a \/8/);
        await expect(testGateway.variant({ TRUST_PROXY: value }), value).rejects.toThrow(ConfigError);
      }
      for (const value of [
        '::ffff:10.0.0.0/104',
        '::ffff:192.168.1.7',
        'fd00::/8',
        '2001:db8::/32',
        '::1',
        '10.0.0.0/8, fd00::/8',
        'loopback',
      ]) {
        expect(() => trustProxyOption(value), value).not.toThrow();
      }
    });

    it('does not take X-Forwarded-For from an IPv4 peer outside the trusted IPv6 ranges', async () => {
      expect(await forwardedIp('fd00::/8', '192.0.2.44')).toBe('192.0.2.44');
      expect(await forwardedIp('::ffff:10.0.0.0/104', '10.1.2.3')).toBe('198.51.100.60');
    });

    const forwardedIp = async (trustProxy: string, remoteAddress: string) => {
      const variant = await testGateway.variant({ TRUST_PROXY: trustProxy });
      const res = await variant.inject({
        url: '/api/polls/kimden',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.50, 198.51.100.60' },
      });
      expect(res.headers['x-meydan-service']).toBe('polls');
      return recorded.at(-1)!.identity!.ip;
    };

    it('takes the client IP from X-Forwarded-For only as far as the trusted proxies reach', async () => {
      expect(await forwardedIp('false', '10.1.2.3')).toBe('10.1.2.3');
      expect(await forwardedIp('1', '10.1.2.3')).toBe('198.51.100.60');
      expect(await forwardedIp('2', '10.1.2.3')).toBe('203.0.113.50');
      expect(await forwardedIp('10.0.0.0/8', '10.1.2.3')).toBe('198.51.100.60');
      // Not from the ingress: the forwarded header is someone's claim, not a fact.
      expect(await forwardedIp('10.0.0.0/8', '192.0.2.44')).toBe('192.0.2.44');
    });
  });

  it('hands a visitor cookie out only on reads, so cookieless shares and votes cannot mint a new sharer each time', async () => {
    const share = '/api/polls/6650f0c2a1b2c3d4e5f60718/share';
    const cookieless = await gateway.inject({ method: 'POST', url: share, payload: {} });
    expect(cookieless.headers['x-meydan-service']).toBe('polls');
    expect(cookieless.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    expect(recorded.at(-1)).toMatchObject({ url: share, method: 'POST', identity: { userId: null, visitorId: null } });
    const vote = await gateway.inject({ method: 'POST', url: '/api/s/AbCdEfGhIj/vote', payload: { optionIndex: 0 } });
    expect(vote.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();

    // Reading the feed gives the visitor its signed id; sharing with it passes that id to polls.
    const read = await gateway.inject({ url: '/api/polls' });
    const vid = read.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(vid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const visitorId = vid!.value.split('.')[0];
    const again = await gateway.inject({
      method: 'POST',
      url: share,
      payload: {},
      headers: { cookie: `${VISITOR_COOKIE}=${vid!.value}` },
    });
    expect(again.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    expect(recorded.at(-1)).toMatchObject({ url: share, method: 'POST', identity: { userId: null, visitorId } });
  });

  it('answers a malformed escape in a page address with 400 and a Turkish message, never 500', async () => {
    for (const url of ['/s/%E0', '/s/%E0%A4', '/kesfet/%zz', '/s/%C3%28', '/s/%']) {
      const res = await gateway.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'invalid_path', message: 'İstek adresi geçersiz.' });
    }
    const shell = await gateway.inject({ url: '/s/%C3%BCmit' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toContain('text/html');
  });
});
