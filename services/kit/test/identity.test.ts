import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, IDENTITY_MAX_AGE_SECONDS, createServiceApp, signIdentity, verifyIdentity } from '@meydan/kit';
import { TEST_SECRET, asMember, identityHeaders, startTestService, type TestService } from '@meydan/testing';

describe('signed identity', () => {
  const alice = { userId: 'u1', role: 'member' as const };

  it('round-trips', () => {
    expect(verifyIdentity(signIdentity(alice, TEST_SECRET), TEST_SECRET)).toMatchObject(alice);
  });

  it('refuses a wrong secret, a tampered payload and a stale signature', () => {
    const header = signIdentity(alice, TEST_SECRET);
    expect(verifyIdentity(header, 'another-secret-0123456789')).toBeNull();
    const [, mac] = header.split('.');
    const admin = Buffer.from(JSON.stringify({ ...alice, role: 'admin', iat: Math.floor(Date.now() / 1000) })).toString(
      'base64url',
    );
    expect(verifyIdentity(`${admin}.${mac}`, TEST_SECRET)).toBeNull();
    expect(
      verifyIdentity(signIdentity(alice, TEST_SECRET, undefined, Date.now() - 10 * 60_000), TEST_SECRET),
    ).toBeNull();
    expect(verifyIdentity('garbage', TEST_SECRET)).toBeNull();
  });
});

describe('an identity bound to one request', () => {
  const alice = { userId: 'u1', role: 'member' as const };
  const binding = { method: 'GET', path: '/api/polls/p1', service: 'polls' };

  it('verifies for that method, path (however escaped, with any query) and service only', () => {
    const header = signIdentity(alice, TEST_SECRET, binding);
    expect(verifyIdentity(header, TEST_SECRET, { binding })).toMatchObject(alice);
    expect(
      verifyIdentity(header, TEST_SECRET, { binding: { ...binding, path: '/api/polls/%70%31?x=1' } }),
    ).toMatchObject(alice);
    expect(verifyIdentity(header, TEST_SECRET, { binding: { ...binding, method: 'POST' } })).toBeNull();
    expect(verifyIdentity(header, TEST_SECRET, { binding: { ...binding, path: '/api/polls/p2' } })).toBeNull();
    expect(verifyIdentity(header, TEST_SECRET, { binding: { ...binding, service: 'social' } })).toBeNull();
    expect(verifyIdentity(header, TEST_SECRET, { binding: { ...binding, path: '/api/polls/%E0' } })).toBeNull();
  });

  it('is refused where a binding is expected but the header has none', () => {
    expect(verifyIdentity(signIdentity(alice, TEST_SECRET), TEST_SECRET, { binding })).toBeNull();
  });

  it(`lives ${IDENTITY_MAX_AGE_SECONDS} s`, () => {
    const at = (ageMs: number) => signIdentity(alice, TEST_SECRET, binding, Date.now() - ageMs);
    expect(IDENTITY_MAX_AGE_SECONDS).toBeLessThanOrEqual(15);
    expect(verifyIdentity(at(5_000), TEST_SECRET, { binding })).not.toBeNull();
    expect(verifyIdentity(at((IDENTITY_MAX_AGE_SECONDS + 2) * 1000), TEST_SECRET, { binding })).toBeNull();
  });
});

describe('a service refuses requests the gateway did not sign', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService('auth', async (deps) => {
      const app = await createServiceApp('auth', deps);
      app.get(
        '/api/whoami',
        {
          schema: {
            response: {
              200: {
                type: 'object',
                properties: { identity: { type: ['object', 'null'], additionalProperties: true } },
              },
            },
          },
        },
        async (request) => ({ identity: request.identity && { ...request.identity } }),
      );
      return app;
    });
  });
  afterAll(() => svc.close());

  it('answers a signed member request with that member', async () => {
    const res = await svc.app.inject({ url: '/api/whoami', headers: asMember('u42') });
    expect(res.statusCode).toBe(200);
    expect(res.json().identity).toMatchObject({ userId: 'u42', role: 'member' });
  });

  it('refuses a request without identity with 401 and a Turkish message', async () => {
    const res = await svc.app.inject({ url: '/api/whoami', headers: { 'x-user-id': 'u42' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'identity_invalid', message: 'Kimlik bilgisi doğrulanamadı.' });
  });

  it('refuses a forged identity (signed with another secret) with 401', async () => {
    const res = await svc.app.inject({
      url: '/api/whoami',
      headers: identityHeaders({ userId: 'admin', role: 'admin' }, 'not-the-internal-secret'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('identity_invalid');
  });

  it('refuses a hand-written identity header with 401', async () => {
    const fake = Buffer.from(JSON.stringify({ userId: 'admin', role: 'admin', iat: Date.now() / 1000 })).toString(
      'base64url',
    );
    const res = await svc.app.inject({ url: '/api/whoami', headers: { [IDENTITY_HEADER]: `${fake}.abc` } });
    expect(res.statusCode).toBe(401);
  });

  it('lets health probes through unsigned', async () => {
    const res = await svc.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-meydan-service']).toBe('auth');
  });
});
