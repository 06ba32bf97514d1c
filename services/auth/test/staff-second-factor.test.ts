/**
 * The staff's second factor in auth, on the real servers behind the real gateway: recovery codes are good once, a
 * staff session ends after its hours whatever its use, a member's session is untouched by all of it, and a role
 * change from the admin service's event ends the account's sessions.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, STAFF_SESSION_MS, events, sessionKeys } from '@meydan/proto';
import { sessionDigest } from '@meydan/kit';
import { startTestService, until, type TestService } from '@meydan/testing';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { buildApp } from '../src/app.js';
import { totpCode } from '../src/domain/totp.js';
import { userModel } from '../src/model/user.js';
import { createUser, staffSession, type TestUser } from './support.js';

describe('staff second factor (auth)', () => {
  let auth: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let addresses = 0;

  const post = (sid: string, url: string, payload: object) =>
    gateway.inject({
      method: 'POST',
      url,
      headers: { cookie: `${SESSION_COOKIE}=${sid}` },
      payload,
      remoteAddress: `198.18.0.${++addresses}`,
    });
  const session = (sid: string) =>
    gateway.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
  const signIn = async (user: TestUser) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: `198.18.1.${++addresses}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  };

  beforeAll(async () => {
    auth = await startTestService('auth', buildApp, { listen: true });
    testGateway = await startTestGateway({ auth });
    gateway = testGateway.app;
  });
  afterAll(async () => {
    await testGateway?.close();
    await auth?.close();
  });

  it('enrols once: a second enrolment is 409 and keeps the authenticator; a recovery code is good once', async () => {
    const moderator = await createUser(auth.deps, { role: 'moderator' });
    const sid = await signIn(moderator);
    const enrol = await post(sid, '/api/auth/totp/enrol', {});
    const { secret } = enrol.json();
    const confirmed = await post(sid, '/api/auth/totp/confirm', { code: totpCode(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recoveryCodes: string[] = confirmed.json().recoveryCodes;
    const verifiedSid = confirmed.cookies.find((c) => c.name === SESSION_COOKIE)!.value;

    const again = await post(verifiedSid, '/api/auth/totp/enrol', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Bu hesabın doğrulama uygulaması zaten kurulu. Kodunu girerek devam et.');
    expect((await userModel(auth.deps.mongo).findById(moderator.id).lean())!.totp!.secret).toBe(secret);

    const next = await signIn(moderator);
    const byRecovery = await post(next, '/api/auth/totp/verify', { recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await session(byRecovery.cookies.find((c) => c.name === SESSION_COOKIE)!.value)).json().mfa).toBe(
      'verified',
    );
    const third = await signIn(moderator);
    const reused = await post(third, '/api/auth/totp/verify', { recoveryCode: recoveryCodes[0]! });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      error: 'recovery_invalid',
      message: 'Kurtarma kodu yanlış ya da daha önce kullanılmış.',
    });
    expect((await session(third)).json().mfa).toBe('required');
    expect((await userModel(auth.deps.mongo).findById(moderator.id).lean())!.totp!.recoveryHashes).toHaveLength(9);

    const both = await post(third, '/api/auth/totp/verify', { code: '123456', recoveryCode: recoveryCodes[1]! });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Ya doğrulama kodunu ya da bir kurtarma kodunu gönder.');
  });

  it("a staff session ends after its hours, however recently used; a member's does not", async () => {
    const admin = await createUser(auth.deps, { role: 'admin' });
    const member = await createUser(auth.deps);
    const { sid } = await staffSession(auth.deps, (o) => gateway.inject(o), admin, '198.18.2.1');
    const memberSid = await signIn(member);
    const key = (s: string) => sessionKeys.session(sessionDigest(s));
    for (const s of [sid, memberSid]) {
      const stored = JSON.parse((await auth.deps.redis.get(key(s)))!);
      await auth.deps.redis.set(
        key(s),
        JSON.stringify({ ...stored, createdAt: new Date(Date.now() - STAFF_SESSION_MS - 1000).toISOString() }),
        'KEEPTTL',
      );
    }
    expect((await session(sid)).statusCode).toBe(401);
    expect((await session(memberSid)).statusCode).toBe(200);
    expect(await auth.deps.redis.ttl(key(memberSid))).toBeGreaterThan(24 * 3600);
  });

  it('a role change from the admin service makes the account that role and ends its sessions', async () => {
    const member = await createUser(auth.deps);
    const sid = await signIn(member);
    await auth.deps.bus.publishReliably(events.admin.roleChanged, {
      userId: member.id,
      role: 'moderator',
      previous: 'member',
      by: '0123456789abcdef01234567',
      at: new Date().toISOString(),
    });
    await until(async () => (await session(sid)).statusCode === 401, 10_000, 'sessions ended');
    expect((await userModel(auth.deps.mongo).findById(member.id).lean())!.role).toBe('moderator');
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.email, password: member.password },
      remoteAddress: '198.18.3.1',
    });
    expect(res.json()).toMatchObject({ role: 'moderator', mfa: 'enrol' });
  });
});
