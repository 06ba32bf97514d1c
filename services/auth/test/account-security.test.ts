/**
 * Account security through the real gateway: what revokes API tokens as well as sessions, password reset,
 * no squatting of unactivated addresses, the bot challenge instead of a lockout, and which logout tells the
 * other devices. Mails are read from the JetStream mail event (MailDev delivery is covered by the browser test).
 */
import type { FastifyInstance } from 'fastify';
import { openMail } from '@meydan/kit';
import { JSONCodec, type Subscription } from 'nats';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, events, type MailRequest } from '@meydan/proto';
import {
  asVisitor,
  drained,
  identityHeaders,
  startTestService,
  type TestService,
  TEST_MAIL_SECRET,
} from '@meydan/testing';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { buildApp } from '../src/app.js';
import { activationModel } from '../src/model/activation.js';
import { apiTokenModel } from '../src/model/api-token.js';
import { passwordResetModel } from '../src/model/password-reset.js';
import { userModel } from '../src/model/user.js';
import { createUser, type TestUser } from './support.js';
import { quietFor } from '../../../test/quiet.js';

// Counts the scrypt runs of auth (running in this process); node:crypto itself still does the work.
const scryptRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: unknown[]) => {
    scryptRuns.count++;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

const codec = JSONCodec();
const ORIGIN = 'http://meydan.test';
type Mail = { to: string; subject: string; text: string; tag: string };

describe('account security', () => {
  let auth: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  const subs: Subscription[] = [];
  const mails: Mail[] = [];
  const revocations: { userId: string }[] = [];
  let ipCounter = 0;

  beforeAll(async () => {
    auth = await startTestService('auth', buildApp, {
      listen: true,
      config: { PUBLIC_ORIGIN: ORIGIN, CHALLENGE_COST: 1 } as never,
    });
    testGateway = await startTestGateway({ auth });
    gateway = testGateway.app;
    subs.push(
      auth.deps.nats.subscribe(events.auth.mailRequested, {
        callback: (_e, m) => mails.push(openMail(TEST_MAIL_SECRET, codec.decode(m.data) as MailRequest) as Mail),
      }),
      auth.deps.nats.subscribe(events.auth.sessionsRevoked, {
        callback: (_e, m) => revocations.push(codec.decode(m.data) as { userId: string }),
      }),
    );
  });
  afterAll(async () => {
    for (const sub of subs) sub.unsubscribe();
    await testGateway?.close();
    await auth?.close();
  });

  /** Straight to the auth service as the gateway would call it, from an IP of its own (the per-IP limit is not under test). */
  const direct = (url: string, payload: object, ip = `10.9.${++ipCounter % 250}.${ipCounter % 199}`) =>
    auth.app.inject({ method: 'POST', url, headers: { ...asVisitor(), ...identityHeaders({ ip }) }, payload });
  const viaGateway = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => gateway.inject({ method, url, headers: { origin: ORIGIN, ...headers }, ...(payload ? { payload } : {}) });
  const sidOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

  async function signedIn(user: TestUser, password = user.password) {
    const res = await viaGateway('POST', '/api/login', {}, { email: user.email, password });
    expect(res.statusCode).toBe(200);
    return sidOf(res)!;
  }
  async function apiToken(sid: string) {
    const res = await viaGateway('POST', '/api/tokens', { cookie: `${SESSION_COOKIE}=${sid}` }, { name: 'betik' });
    expect(res.statusCode).toBe(201);
    const token: string = res.json().token;
    expect((await viaGateway('GET', '/api/auth/session', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    return token;
  }
  const statusWith = async (headers: Record<string, string>) =>
    (await viaGateway('GET', '/api/auth/session', headers)).statusCode;
  const expectDead = (headers: Record<string, string>) =>
    vi.waitFor(async () => expect(await statusWith(headers)).toBe(401), { timeout: 10_000, interval: 50 });
  const mailFor = (email: string, tag: string) =>
    vi.waitFor(
      () => {
        const mail = [...mails].reverse().find((m) => m.to.toLowerCase() === email.toLowerCase() && m.tag === tag);
        if (!mail) throw new Error(`no ${tag} mail for ${email}`);
        return mail;
      },
      { timeout: 10_000, interval: 20 },
    );
  const resetTokenOf = (mail: Mail) =>
    new URL(mail.text.match(/http:\/\/meydan\.test\/sifre-sifirla\?token=\S+/)![0]).searchParams.get('token')!;
  async function payloadFor(challenge: Challenge) {
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const solvedChallenge = async () => {
    const res = await viaGateway('GET', '/api/auth/challenge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return payloadFor(res.json());
  };

  describe('API tokens die with the sessions', () => {
    it('after a password change', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      const token = await apiToken(sid);
      const res = await viaGateway(
        'POST',
        '/api/auth/password',
        { cookie: `${SESSION_COOKIE}=${sid}` },
        { currentPassword: user.password, newPassword: 'yepyeni-sifre' },
      );
      expect(res.statusCode).toBe(200);
      await expectDead({ authorization: `Bearer ${token}` });
      expect(await statusWith({ cookie: `${SESSION_COOKIE}=${sidOf(res)}` })).toBe(200);
    });

    it('after "log out everywhere"', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      const token = await apiToken(sid);
      expect(
        (await viaGateway('POST', '/api/logout', { cookie: `${SESSION_COOKIE}=${sid}` }, { everywhere: true }))
          .statusCode,
      ).toBe(200);
      await expectDead({ authorization: `Bearer ${token}` });
    });

    it('after a ban, and they stay dead when the account is reactivated', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      const token = await apiToken(sid);
      await auth.deps.bus.publish(events.admin.userBanned, {
        userId: user.id,
        by: 'admin',
        at: new Date().toISOString(),
      });
      await expectDead({ authorization: `Bearer ${token}` });
      await expectDead({ cookie: `${SESSION_COOKIE}=${sid}` });
      // Dead already once the account is inactive, the ban's first step; reactivated after the ban was carried out
      // whole (its token revocation follows), as an administrator's second decision comes.
      await drained(auth.deps, 'auth--user-banned');
      await auth.deps.bus.publish(events.admin.userReactivated, {
        userId: user.id,
        by: 'admin',
        at: new Date().toISOString(),
      });
      await vi.waitFor(
        async () => expect((await userModel(auth.deps.mongo).findById(user.id).lean())!.isActive).toBe(true),
        { interval: 50 },
      );
      expect(await statusWith({ authorization: `Bearer ${token}` })).toBe(401);
      expect(await apiTokenModel(auth.deps.mongo).countDocuments({ userId: user.id, revokedAt: null })).toBe(0);
    });

    it('after a password reset', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      const token = await apiToken(sid);
      expect((await viaGateway('POST', '/api/auth/forgot-password', {}, { email: user.email })).statusCode).toBe(202);
      const resetToken = resetTokenOf(await mailFor(user.email, 'password-reset'));
      expect(
        (await viaGateway('POST', '/api/auth/reset-password', {}, { token: resetToken, password: 'sifirlandi-1' }))
          .statusCode,
      ).toBe(200);
      await expectDead({ authorization: `Bearer ${token}` });
      await expectDead({ cookie: `${SESSION_COOKIE}=${sid}` });
    });
  });

  describe('logout', () => {
    it('a plain logout ends only this session and tells no other device; "everywhere" tells them all', async () => {
      const user = await createUser(auth.deps);
      const phone = await signedIn(user);
      const laptop = await signedIn(user);
      expect((await viaGateway('POST', '/api/logout', { cookie: `${SESSION_COOKIE}=${phone}` })).statusCode).toBe(200);
      await expectDead({ cookie: `${SESSION_COOKIE}=${phone}` });
      expect(await statusWith({ cookie: `${SESSION_COOKIE}=${laptop}` })).toBe(200);

      expect(
        (await viaGateway('POST', '/api/logout', { cookie: `${SESSION_COOKIE}=${laptop}` }, { everywhere: true }))
          .statusCode,
      ).toBe(200);
      await vi.waitFor(() => expect(revocations.some((r) => r.userId === user.id)).toBe(true), { interval: 20 });
      // Events of one publisher arrive in order: by now the plain logout's would have arrived too.
      expect(revocations.filter((r) => r.userId === user.id)).toHaveLength(1);
    });
  });

  it('revoking one API token kills it and signs out no device', async () => {
    const user = await createUser(auth.deps);
    const sid = await signedIn(user);
    const token = await apiToken(sid);
    const [{ id }] = (await viaGateway('GET', '/api/tokens', { cookie: `${SESSION_COOKIE}=${sid}` })).json().tokens;
    expect((await viaGateway('DELETE', `/api/tokens/${id}`, { cookie: `${SESSION_COOKIE}=${sid}` })).statusCode).toBe(
      200,
    );
    await expectDead({ authorization: `Bearer ${token}` });
    expect(await statusWith({ cookie: `${SESSION_COOKIE}=${sid}` })).toBe(200);
    expect(
      (await viaGateway('POST', '/api/logout', { cookie: `${SESSION_COOKIE}=${sid}` }, { everywhere: true }))
        .statusCode,
    ).toBe(200);
    await vi.waitFor(() => expect(revocations.some((r) => r.userId === user.id)).toBe(true), { interval: 20 });
    expect(revocations.filter((r) => r.userId === user.id)).toHaveLength(1);
  });

  describe('password reset', () => {
    it('answers 202 with the same text for a known and an unknown address, and mails only the known one', async () => {
      const user = await createUser(auth.deps);
      const known = await viaGateway('POST', '/api/auth/forgot-password', {}, { email: user.email.toUpperCase() });
      const unknown = await viaGateway('POST', '/api/auth/forgot-password', {}, { email: `kimse.${user.email}` });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().message).toBe(
        'Bu adrese kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderdik. Bağlantı 1 saat geçerlidir.',
      );
      const mail = await mailFor(user.email, 'password-reset');
      expect(mail.subject).toBe('Meydan şifreni sıfırla');
      expect(mail.text).toContain('1 saat geçerlidir');
      expect(mails.some((m) => m.to === `kimse.${user.email}`)).toBe(false);
    });

    it('refuses a bad address or a short password with a Turkish 400 and changes nothing', async () => {
      const bad = await viaGateway('POST', '/api/auth/forgot-password', {}, { email: 'adres-degil' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'validation', message: 'Geçerli bir e-posta adresi giriniz' });

      const user = await createUser(auth.deps);
      await viaGateway('POST', '/api/auth/forgot-password', {}, { email: user.email });
      const token = resetTokenOf(await mailFor(user.email, 'password-reset'));
      const short = await viaGateway('POST', '/api/auth/reset-password', {}, { token, password: '12345' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ error: 'validation', message: 'Şifre en az 6 karakter olmalıdır!' });
      expect((await passwordResetModel(auth.deps.mongo).findOne({ userId: user.id }).lean())!.usedAt).toBeNull();
      await signedIn(user);
    });

    it('sets the new password once: the link is single-use, the old password stops working', async () => {
      const user = await createUser(auth.deps);
      await viaGateway('POST', '/api/auth/forgot-password', {}, { email: user.email });
      const token = resetTokenOf(await mailFor(user.email, 'password-reset'));
      const done = await viaGateway('POST', '/api/auth/reset-password', {}, { token, password: 'yeni-sifre-9' });
      expect(done.statusCode).toBe(200);
      expect(done.json().message).toBe(
        'Şifren değiştirildi. Tüm cihazlardaki oturumların kapatıldı ve API anahtarların iptal edildi; yeni şifrenle giriş yapabilirsin.',
      );
      const again = await viaGateway('POST', '/api/auth/reset-password', {}, { token, password: 'baska-sifre-9' });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({
        error: 'reset_link_used',
        message: 'Bu şifre sıfırlama bağlantısı daha önce kullanılmış. Gerekirse yeni bir bağlantı iste.',
      });
      expect((await direct('/api/login', { email: user.email, password: user.password })).statusCode).toBe(401);
      expect((await direct('/api/login', { email: user.email, password: 'baska-sifre-9' })).statusCode).toBe(401);
      expect((await direct('/api/login', { email: user.email, password: 'yeni-sifre-9' })).statusCode).toBe(200);
    });

    it('refuses an expired link and an unknown one with their own Turkish texts', async () => {
      const user = await createUser(auth.deps);
      await viaGateway('POST', '/api/auth/forgot-password', {}, { email: user.email });
      const token = resetTokenOf(await mailFor(user.email, 'password-reset'));
      const record = (await passwordResetModel(auth.deps.mongo).findOne({ userId: user.id }).lean())!;
      // Valid one hour (give or take the moment between computing the expiry and saving the record).
      expect(Math.abs(record.expiresAt.getTime() - record.createdAt.getTime() - 3600_000)).toBeLessThan(1000);
      await passwordResetModel(auth.deps.mongo).updateOne(
        { _id: record._id },
        { $set: { expiresAt: new Date(Date.now() - 1000) } },
      );
      const expired = await viaGateway('POST', '/api/auth/reset-password', {}, { token, password: 'yeni-sifre-9' });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({
        error: 'reset_link_expired',
        message:
          'Bu şifre sıfırlama bağlantısının süresi dolmuş (bağlantılar 1 saat geçerlidir). Yeni bir bağlantı iste.',
      });
      const unknown = await viaGateway(
        'POST',
        '/api/auth/reset-password',
        {},
        { token: 'uydurma-bir-anahtar', password: 'yeni-sifre-9' },
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('reset_link_invalid');
      expect(unknown.json().message).toMatch(/^Bu şifre sıfırlama bağlantısı geçersiz\./);
      await signedIn(user);
    });

    it('mails one address at most three times an hour, and still answers 202 the same way', async () => {
      const user = await createUser(auth.deps);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await direct('/api/auth/forgot-password', { email: user.email }));
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const mine = () => mails.filter((m) => m.to === user.email && m.tag === 'password-reset');
      await vi.waitFor(() => expect(mine()).toHaveLength(3), { timeout: 10_000, interval: 20 });
      // A mail for another address after the fourth request: once it is here, a fourth mail would be too.
      const other = await createUser(auth.deps);
      await direct('/api/auth/forgot-password', { email: other.email });
      await mailFor(other.email, 'password-reset');
      expect(mine()).toHaveLength(3);
    });

    it('throttles requests from one IP across addresses, quietly', async () => {
      const users = await Promise.all(Array.from({ length: 11 }, () => createUser(auth.deps)));
      for (const user of users)
        expect((await direct('/api/auth/forgot-password', { email: user.email }, '198.51.100.7')).statusCode).toBe(202);
      const theirs = () => mails.filter((m) => users.some((u) => u.email === m.to));
      await vi.waitFor(() => expect(theirs()).toHaveLength(10), { timeout: 10_000, interval: 20 });
      const other = await createUser(auth.deps);
      await direct('/api/auth/forgot-password', { email: other.email });
      await mailFor(other.email, 'password-reset');
      expect(theirs()).toHaveLength(10);
    });
  });

  describe('no squatting with accounts never activated', () => {
    const register = (body: object) => direct('/api/register', body);
    const activationPath = async (email: string) =>
      new URL((await mailFor(email, 'activation')).text.match(/http:\/\/\S+\/api\/auth\/activate\/\S+/)![0]).pathname;
    const tag = () => `${Date.now().toString(36)}${++ipCounter}`;

    it('registering an e-mail held by a never-activated account replaces it; its old link dies', async () => {
      const t = tag();
      const email = `sahip.${t}@example.com`;
      expect(
        (await register({ username: `squat_${t}`, email, displayName: 'Biri', password: 'gizli123' })).statusCode,
      ).toBe(201);
      const oldLink = await activationPath(email);
      const before = mails.length;
      const again = await register({ username: `sahip_${t}`, email, displayName: 'Sahibi', password: 'benim-sifrem' });
      expect(again.statusCode).toBe(201);
      await vi.waitFor(() => expect(mails.length).toBeGreaterThan(before), { interval: 20 });
      const newLink = await activationPath(email);
      expect(newLink).not.toBe(oldLink);
      expect((await auth.app.inject({ url: oldLink, headers: asVisitor() })).statusCode).toBe(404);
      expect((await auth.app.inject({ url: newLink, headers: asVisitor() })).statusCode).toBe(200);
      const accounts = await userModel(auth.deps.mongo).find({ emailLower: email }).lean();
      expect(accounts.map((a) => a.username)).toEqual([`sahip_${t}`]);
      expect((await direct('/api/login', { email, password: 'benim-sifrem' })).statusCode).toBe(200);
      // The first username is free again.
      expect(
        (
          await register({
            username: `squat_${t}`,
            email: `baska.${t}@example.com`,
            displayName: 'B',
            password: 'gizli123',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('re-registering a pending address mails it at most 3 times an hour: beyond, the same answer, no mail, nothing changed', async () => {
      const t = tag();
      const email = `tekrar.${t}@example.com`;
      const activationMails = () => mails.filter((m) => m.to === email && m.tag === 'activation').length;
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(
          await register({ username: `tekrar${i}_${t}`, email, displayName: 'Tekrar', password: `sifre-${i}-uzun` }),
        );
        if (i < 3) await vi.waitFor(() => expect(activationMails()).toBe(i + 1), { interval: 20 });
      }
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      // Give a 4th or 5th mail the time to arrive: none does.
      await quietFor(300, 'no 4th activation mail');
      expect(activationMails()).toBe(3);
      // The third registration's account and link stand: the mailed link still activates it.
      const accounts = await userModel(auth.deps.mongo).find({ emailLower: email }).lean();
      expect(accounts.map((a) => a.username)).toEqual([`tekrar2_${t}`]);
      expect((await auth.app.inject({ url: await activationPath(email), headers: asVisitor() })).statusCode).toBe(200);
    });

    it('a refused registration leaves the never-activated account of its e-mail as it was', async () => {
      const t = tag();
      const email = `bekleyen.${t}@example.com`;
      expect(
        (await register({ username: `ilk_${t}`, email, displayName: 'İlk', password: 'gizli123' })).statusCode,
      ).toBe(201);
      const other = await createUser(auth.deps);
      const users = userModel(auth.deps.mongo);
      const pending = (await users.findOne({ emailLower: email }).lean())!;
      // Same address, but a username someone else holds: refused, and the pending account and its link stay.
      const refused = await register({ username: other.username, email, displayName: 'İkinci', password: 'gizli123' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('username_taken');
      expect(await users.exists({ _id: pending._id })).toBeTruthy();
      expect(await activationModel(auth.deps.mongo).countDocuments({ userId: pending._id.toString() })).toBe(1);
    });

    it('a pending username stays taken while its link is valid, then another address may have it', async () => {
      const t = tag();
      expect(
        (
          await register({
            username: `bekleyen_${t}`,
            email: `ilk.${t}@example.com`,
            displayName: 'İlk',
            password: 'gizli123',
          })
        ).statusCode,
      ).toBe(201);
      const taken = await register({
        username: `bekleyen_${t}`,
        email: `ikinci.${t}@example.com`,
        displayName: 'İkinci',
        password: 'gizli123',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: 'username_taken', message: 'Bu kullanıcı adı zaten alınmış.' });
      const users = userModel(auth.deps.mongo);
      const pending = (await users.findOne({ usernameLower: `bekleyen_${t}` }).lean())!;
      await activationModel(auth.deps.mongo).updateMany(
        { userId: pending._id.toString() },
        { $set: { expiresAt: new Date(Date.now() - 1000) } },
      );
      expect(
        (
          await register({
            username: `bekleyen_${t}`,
            email: `ikinci.${t}@example.com`,
            displayName: 'İkinci',
            password: 'gizli123',
          })
        ).statusCode,
      ).toBe(201);
      expect(await users.exists({ emailLower: `ilk.${t}@example.com` })).toBeNull();
      expect(await activationModel(auth.deps.mongo).countDocuments({ userId: pending._id.toString() })).toBe(0);
    });

    it('an activated account keeps its e-mail and username', async () => {
      const user = await createUser(auth.deps);
      const sameMail = await register({
        username: `yeni_${tag()}`,
        email: user.email,
        displayName: 'X',
        password: 'gizli123',
      });
      // The same answer as for a free address (no one learns it has an account), and nothing is made.
      expect(sameMail.statusCode).toBe(201);
      expect(await userModel(auth.deps.mongo).countDocuments({ emailLower: user.email.toLowerCase() })).toBe(1);
      const sameName = await register({
        username: user.username,
        email: `yeni.${tag()}@example.com`,
        displayName: 'X',
        password: 'gizli123',
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().error).toBe('username_taken');
      await signedIn(user);
    });
  });

  describe('a challenge after repeated failures, never a lockout', () => {
    it('after 3 wrong passwords the account asks for the challenge; a solved one with the right password logs in', async () => {
      const user = await createUser(auth.deps);
      for (let i = 0; i < 3; i++)
        expect((await direct('/api/login', { email: user.email, password: `yanlis-${i}` })).statusCode).toBe(401);
      const asked = await direct('/api/login', { email: user.email, password: user.password });
      expect(asked.statusCode).toBe(403);
      expect(asked.json()).toEqual({
        error: 'challenge_required',
        message:
          'Bu hesapta art arda başarısız giriş denemeleri oldu. Devam etmek için güvenlik doğrulamasını tamamla.',
      });
      expect(sidOf(asked)).toBeUndefined();

      const wrongWithChallenge = await direct('/api/login', {
        email: user.email,
        password: 'yine-yanlis',
        altcha: await solvedChallenge(),
      });
      expect(wrongWithChallenge.statusCode).toBe(401);
      expect(wrongWithChallenge.json().error).toBe('wrong_credentials');

      const altcha = await solvedChallenge();
      const ok = await direct('/api/login', { email: user.email, password: user.password, altcha });
      expect(ok.statusCode).toBe(200);
      expect(sidOf(ok)).toBeDefined();
      // The success cleared the failures: the next login needs no challenge.
      expect((await direct('/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    });

    it('the owner still logs in after 20 wrong attempts by someone else, with a challenge', async () => {
      const user = await createUser(auth.deps);
      for (let i = 0; i < 20; i++) {
        const res = await direct('/api/login', {
          email: user.email,
          password: `tahmin-${i}`,
          ...(i >= 3 ? { altcha: await solvedChallenge() } : {}),
        });
        expect(res.statusCode).toBe(401);
      }
      const owner = await direct('/api/login', {
        email: user.email,
        password: user.password,
        altcha: await solvedChallenge(),
      });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().id).toBe(user.id);
    });

    it('refuses a replayed, forged or malformed challenge with 403 and does not check the password', async () => {
      const user = await createUser(auth.deps);
      for (let i = 0; i < 3; i++) await direct('/api/login', { email: user.email, password: `yanlis-${i}` });
      const altcha = await solvedChallenge();
      expect((await direct('/api/login', { email: user.email, password: 'yanlis-x', altcha })).statusCode).toBe(401);
      const replay = await direct('/api/login', { email: user.email, password: user.password, altcha });
      expect(replay.statusCode).toBe(403);
      expect(replay.json()).toEqual({
        error: 'challenge_invalid',
        message: 'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.',
      });

      const challenge: Challenge = (await viaGateway('GET', '/api/auth/challenge')).json();
      const solution = await solveChallenge({ challenge, deriveKey });
      const forged = {
        ...challenge,
        parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 86_400 },
      };
      const forgedPayload = Buffer.from(JSON.stringify({ challenge: forged, solution })).toString('base64');
      expect(
        (await direct('/api/login', { email: user.email, password: user.password, altcha: forgedPayload })).json()
          .error,
      ).toBe('challenge_invalid');

      const malformed = await direct('/api/login', {
        email: user.email,
        password: user.password,
        altcha: 'bu bir çözüm değil',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(
        'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.',
      );
    });

    it('still answers 429 to one IP after 20 failures across accounts', async () => {
      for (let i = 0; i < 20; i++)
        await direct(
          '/api/login',
          { email: `kimse${i}.${Date.now()}@example.com`, password: 'yanlis' },
          '203.0.113.50',
        );
      const res = await direct('/api/login', { email: 'baska@example.com', password: 'yanlis' }, '203.0.113.50');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('counts an IPv6 client by its /64: 20 failures from 20 addresses of one /64, then 429 for a 21st', async () => {
      const net = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
      for (let i = 0; i < 20; i++) {
        const res = await direct(
          '/api/login',
          { email: `kimse${i}.${Date.now()}@example.com`, password: 'yanlis' },
          `${net}:${(i + 1).toString(16)}::1`,
        );
        expect(res.statusCode).toBe(401);
      }
      const res = await direct(
        '/api/login',
        { email: 'baska@example.com', password: 'yanlis' },
        `${net}:abcd:ef01:2345:6789`,
      );
      expect(res.statusCode).toBe(429);
      // Another /64 is another client.
      expect(
        (await direct('/api/login', { email: 'baska@example.com', password: 'yanlis' }, `${net}1::1`)).statusCode,
      ).toBe(401);
    });
  });

  describe('wrong current passwords are counted as failed logins are', () => {
    const guessFrom = '198.51.100.77';
    const asMemberAt = (url: string, sid: string, payload: object, remoteAddress = guessFrom) =>
      gateway.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${sid}` },
        payload,
      });
    let logins = 0;
    /** Signed in through the gateway from an address of its own (the gateway's login limit is not under test). */
    const signedIn = async (user: TestUser) => {
      const res = await gateway.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `192.0.2.${++logins}`,
        headers: { origin: ORIGIN },
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return sidOf(res)!;
    };
    const challengeNeeded = {
      error: 'challenge_required',
      message: 'Mevcut şifren art arda birkaç kez yanlış girildi. Devam etmek için güvenlik doğrulamasını tamamla.',
    };

    it('30 wrong current passwords on one session: after 3 none runs scrypt without a solved challenge, after 10 even the right one waits (429)', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      const change = (currentPassword: string, extra: object = {}) =>
        asMemberAt('/api/auth/password', sid, { currentPassword, newPassword: 'yepyeni-sifre', ...extra });
      const hashBefore = (await userModel(auth.deps.mongo).findById(user.id).lean())!.passwordHash;
      scryptRuns.count = 0;
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push(await change(`tahmin-${i}`));
      expect(answers.slice(0, 3).map((r) => r.json())).toEqual(
        Array(3).fill({ error: 'wrong_password', message: 'Mevcut şifren hatalı.' }),
      );
      for (const res of answers.slice(3)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(challengeNeeded);
      }
      expect(scryptRuns.count).toBe(3);
      // The right password, too, now needs the challenge.
      expect((await change(user.password)).json()).toEqual(challengeNeeded);
      // With solved challenges the guesses are checked again, up to 10 in the window.
      for (let i = 0; i < 7; i++)
        expect((await change(`cozumlu-${i}`, { altcha: await solvedChallenge() })).json().error).toBe('wrong_password');
      expect(scryptRuns.count).toBe(10);
      const limited = await change(user.password, { altcha: await solvedChallenge() });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'rate_limited',
        message: 'Çok fazla hatalı şifre denemesi. Lütfen biraz bekleyip tekrar dene.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(scryptRuns.count).toBe(10);
      // Nothing changed: the session still stands, the password is the old one.
      expect(await statusWith({ cookie: `${SESSION_COOKIE}=${sid}` })).toBe(200);
      expect((await userModel(auth.deps.mongo).findById(user.id).lean())!.passwordHash).toBe(hashBefore);
    });

    it('the right password with a solved challenge changes it and clears the count', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      for (let i = 0; i < 3; i++)
        expect(
          (
            await asMemberAt(
              '/api/auth/password',
              sid,
              { currentPassword: `yanlis-${i}`, newPassword: 'yepyeni-sifre' },
              '198.51.100.78',
            )
          ).statusCode,
        ).toBe(403);
      const changed = await asMemberAt(
        '/api/auth/password',
        sid,
        { currentPassword: user.password, newPassword: 'yepyeni-sifre', altcha: await solvedChallenge() },
        '198.51.100.78',
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const renewed = sidOf(changed)!;
      // Cleared: a wrong one is just wrong again, not a challenge.
      expect(
        (
          await asMemberAt(
            '/api/auth/password',
            renewed,
            { currentPassword: 'yanlis', newPassword: 'baska-sifre' },
            '198.51.100.78',
          )
        ).json().error,
      ).toBe('wrong_password');
    });

    it('account deletion counts the same way and schedules nothing while refused', async () => {
      const user = await createUser(auth.deps);
      const sid = await signedIn(user);
      scryptRuns.count = 0;
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push(
          (await asMemberAt('/api/account/deletion', sid, { password: `tahmin-${i}` }, '198.51.100.79')).json(),
        );
      expect(answers.map((a) => a.error)).toEqual([
        'wrong_password',
        'wrong_password',
        'wrong_password',
        'challenge_required',
        'challenge_required',
        'challenge_required',
      ]);
      expect(scryptRuns.count).toBe(3);
      expect(
        (await asMemberAt('/api/account/deletion', sid, { password: user.password }, '198.51.100.79')).json(),
      ).toEqual(challengeNeeded);
      expect((await userModel(auth.deps.mongo).findById(user.id).lean())!.deletionScheduledAt).toBeNull();
    });

    it('one IP’s wrong current passwords and failed logins share its budget: 429 after 20', async () => {
      const ip = '198.51.100.80';
      for (let i = 0; i < 10; i++) {
        const res = await direct(
          '/api/login',
          { email: `kimse${i}.${Date.now()}@example.com`, password: 'yanlis' },
          ip,
        );
        expect(res.statusCode).toBe(401);
      }
      for (let round = 0; round < 4; round++) {
        const sid = await signedIn(await createUser(auth.deps));
        for (let i = 0; i < 3 && round * 3 + i < 10; i++)
          expect(
            (
              await asMemberAt(
                '/api/auth/password',
                sid,
                { currentPassword: `x-${i}`, newPassword: 'yepyeni-sifre' },
                ip,
              )
            ).json().error,
          ).toBe('wrong_password');
      }
      const sid = await signedIn(await createUser(auth.deps));
      const limited = await asMemberAt(
        '/api/auth/password',
        sid,
        { currentPassword: 'x', newPassword: 'yepyeni-sifre' },
        ip,
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
