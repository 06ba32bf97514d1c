import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAdmin } from '../../services/admin/src/app.js';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { totpCode } from '../../services/auth/src/domain/totp.js';
import { userModel } from '../../services/auth/src/model/user.js';
import { createUser, staffSession, type TestUser } from '../../services/auth/test/support.js';
import { startTestGateway, type TestGateway } from './support.js';

/** Staff routes behind the gateway: the role each needs, and the second factor before any of them answers. */
describe('staff roles and the second factor at the gateway (real auth and admin behind it)', () => {
  let auth: TestService;
  let admin: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let boss: TestUser;
  let moderator: TestUser;
  let addresses = 0;

  const signIn = async (user: TestUser) => {
    addresses += 1;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `192.0.2.${addresses}`,
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      sid: res.cookies.find((c) => c.name === SESSION_COOKIE)!.value,
      body: res.json(),
      cookie: res.cookies.find((c) => c.name === SESSION_COOKIE)!,
    };
  };
  const call = (sid: string, url: string, method: 'GET' | 'POST' | 'PATCH' = 'GET', payload?: unknown) =>
    gateway.inject({ method, url, headers: { cookie: `${SESSION_COOKIE}=${sid}` }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    admin = await startTestService('admin', buildAdmin, { listen: true });
    boss = await createUser(auth.deps, { displayName: 'Yönetici', role: 'admin' });
    moderator = await createUser(auth.deps, { displayName: 'Moderatör', role: 'moderator' });
    testGateway = await startTestGateway({ auth, admin });
    gateway = testGateway.app;
  });

  afterAll(async () => {
    await testGateway?.close();
    await admin?.close();
    await auth?.close();
  });

  it('a staff account without an authenticator reaches no staff route, and is told to enrol; its session lasts hours', async () => {
    const newcomer = await createUser(auth.deps, { role: 'admin' });
    const { sid, body, cookie } = await signIn(newcomer);
    expect(body).toMatchObject({ role: 'admin', mfa: 'enrol' });
    expect(cookie.maxAge).toBe(8 * 3600);
    for (const url of ['/api/admin/stats', '/api/admin/reports', '/api/admin/audit', '/api/admin/users']) {
      const res = await call(sid, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: 'mfa_enrolment_required',
        message: 'Yönetim paneline girmeden önce doğrulama uygulamanı (TOTP) kurmalısın.',
      });
      expect(res.headers['x-meydan-service']).toBeUndefined();
    }
  });

  it("enrols with the app's first code, gets recovery codes once, and only then reaches the panel", async () => {
    const newcomer = await createUser(auth.deps, { role: 'moderator' });
    const { sid } = await signIn(newcomer);
    const enrol = await call(sid, '/api/auth/totp/enrol', 'POST');
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, otpauthUrl } = enrol.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Meydan:.+secret=/);
    expect((await call(sid, '/api/admin/reports')).statusCode).toBe(403);

    const wrong = await call(sid, '/api/auth/totp/confirm', 'POST', {
      code: String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'totp_invalid', message: 'Doğrulama kodu yanlış ya da süresi geçmiş.' });
    expect((await userModel(auth.deps.mongo).findById(newcomer.id).lean())!.totp!.enabledAt).toBeNull();

    const confirmed = await call(sid, '/api/auth/totp/confirm', 'POST', { code: totpCode(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    const verifiedSid = confirmed.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect(verifiedSid).not.toBe(sid);
    const stored = (await userModel(auth.deps.mongo).findById(newcomer.id).lean())!.totp!;
    expect(stored.recoveryHashes).toHaveLength(10);
    expect(stored.recoveryHashes).not.toContain(confirmed.json().recoveryCodes[0]);

    // The session that gave the code is replaced: its cookie opens nothing more.
    expect((await call(sid, '/api/admin/reports')).statusCode).not.toBe(200);
    const reports = await call(verifiedSid, '/api/admin/reports');
    expect(reports.statusCode, reports.body).toBe(200);
    expect((await call(verifiedSid, '/api/auth/session')).json()).toMatchObject({ role: 'moderator', mfa: 'verified' });
  });

  it('a signed-in staff member with an authenticator is asked for the code; a replayed or wrong code changes nothing', async () => {
    const { sid: verified, secret } = await staffSession(auth.deps, (o) => gateway.inject(o), boss, '192.0.2.200');
    expect((await call(verified, '/api/admin/audit')).statusCode).toBe(200);
    const { sid, body } = await signIn(boss);
    expect(body.mfa).toBe('required');
    const refused = await call(sid, '/api/admin/stats');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'mfa_required',
      message: 'Devam etmek için doğrulama uygulamandaki kodu girmelisin.',
    });

    // The code that opened the first session is spent: its time step was used.
    const replayed = await call(sid, '/api/auth/totp/verify', 'POST', { code: totpCode(secret) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({
      error: 'totp_replayed',
      message: 'Bu kod zaten kullanıldı. Uygulamadaki bir sonraki kodu bekleyip onu gir.',
    });
    expect(replayed.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect((await call(sid, '/api/admin/stats')).statusCode).toBe(403);

    const malformed = await call(sid, '/api/auth/totp/verify', 'POST', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Doğrulama kodu 6 haneli olmalı.');
  });

  it('wrong codes are counted: past five, even the right code waits (429)', async () => {
    const { secret } = await staffSession(auth.deps, (o) => gateway.inject(o), moderator, '192.0.2.201');
    await userModel(auth.deps.mongo).updateOne({ _id: moderator.id }, { $set: { 'totp.lastStep': null } });
    const { sid } = await signIn(moderator);
    const wrongCode = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect((await call(sid, '/api/auth/totp/verify', 'POST', { code: wrongCode })).statusCode).toBe(401);
    const throttled = await call(sid, '/api/auth/totp/verify', 'POST', { code: totpCode(secret) });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('Çok fazla yanlış kod girildi. Lütfen biraz bekleyip tekrar dene.');
    expect((await call(sid, '/api/admin/reports')).statusCode).toBe(403);
    await auth.deps.redis.del(`throttle:totp-account:${moderator.id}`);
  });

  it('a moderator reaches the moderation routes and gets 403 (Turkish) on what is for administrators', async () => {
    const { sid } = await staffSession(auth.deps, (o) => gateway.inject(o), moderator, '192.0.2.202');
    expect((await call(sid, '/api/admin/reports')).statusCode).toBe(200);
    expect((await call(sid, '/api/admin/users')).statusCode).toBe(200);
    for (const url of [
      '/api/admin/audit',
      '/api/admin/users.csv',
      '/api/admin/users.xlsx',
      '/api/admin/bulk-email/0123456789abcdef01234567',
      '/api/admin/messages',
    ]) {
      const res = await call(sid, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: 'admin_only', message: 'Bu işlemi yalnızca yöneticiler yapabilir.' });
    }
  });

  it('members cannot enrol an authenticator', async () => {
    const member = await createUser(auth.deps);
    const { sid, body } = await signIn(member);
    expect(body.mfa).toBeUndefined();
    const res = await call(sid, '/api/auth/totp/enrol', 'POST');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Doğrulama uygulaması yalnızca yönetim ekibi (moderatör, yönetici) hesapları içindir.',
    );
  });
});
