import { openMail } from '@meydan/kit';
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, events, subjects, type MailRequest } from '@meydan/proto';
import {
  asMember,
  asVisitor,
  identityHeaders,
  startTestService,
  until,
  type TestService,
  TEST_MAIL_SECRET,
} from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { activationModel } from '../src/model/activation.js';
import { userModel } from '../src/model/user.js';
import { createUser } from './support.js';
import { createContext } from '../src/context.js';
import { backfillUsernameSkeletons } from '../src/store/usernames.js';
import { usernameSkeleton } from '../src/model/username-skeleton.js';

const codec = JSONCodec();
type Mail = { to: string; subject: string; text: string; html: string; tag: string };

describe('accounts', () => {
  let svc: TestService;
  let mailSub: Subscription;
  const mails: Mail[] = [];
  let n = 0;
  const fresh = () => {
    n += 1;
    const tag = `${Date.now().toString(36)}${n}`;
    return {
      username: `ayse_${tag}`,
      email: `Ayse.${tag}@Example.com`,
      displayName: 'Ayşe Yılmaz',
      password: 'gizli123',
    };
  };
  const ip = () => ({ ...asVisitor(), ...identityHeaders({ ip: `10.0.${n}.${Math.floor(Math.random() * 250)}` }) });

  const register = (body: object) =>
    svc.app.inject({ method: 'POST', url: '/api/register', headers: ip(), payload: body });
  const login = (email: string, password: string, headers: Record<string, string> = ip()) =>
    svc.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email, password } });
  const linkFor = (email: string) => {
    const mail = [...mails].reverse().find((m) => m.to.toLowerCase() === email.toLowerCase());
    const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/activate\/\S+/)?.[0];
    if (!link) throw new Error(`no activation mail for ${email}`);
    return new URL(link).pathname;
  };
  const waitForMail = (email: string) =>
    until(() => mails.some((m) => m.to.toLowerCase() === email.toLowerCase()), 5000, `a mail to ${email}`);
  const registeredAndActive = async () => {
    const body = fresh();
    expect((await register(body)).statusCode).toBe(201);
    await waitForMail(body.email);
    expect((await svc.app.inject({ url: linkFor(body.email), headers: asVisitor() })).statusCode).toBe(200);
    return body;
  };
  const sidOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  const resolveSid = (sid: string) => svc.deps.bus.request(subjects.auth.sessionResolve, { sid });

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp, {
      config: { ADMIN_EMAIL: 'yonetici@meydan.test', ADMIN_PASSWORD: 'yonetici-sifre' } as never,
    });
    mailSub = svc.deps.nats.subscribe(events.auth.mailRequested, {
      callback: (_e, m) => mails.push(openMail(TEST_MAIL_SECRET, codec.decode(m.data) as MailRequest) as Mail),
    });
  });
  afterAll(async () => {
    mailSub?.unsubscribe();
    await svc?.close();
  });
  beforeEach(() => {
    n += 1;
  });

  describe('registration', () => {
    it('creates an account and asks for a Turkish activation mail with a 24-hour link', async () => {
      const body = fresh();
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/Kayıt başarılı!.*24 saat/);
      await waitForMail(body.email);
      const mail = mails.find((m) => m.to === body.email)!;
      expect(mail.subject).toBe('Meydan hesabını etkinleştir');
      expect(mail.text).toContain('Merhaba Ayşe Yılmaz');
      expect(mail.html).toContain('Hesabımı etkinleştir');
      expect(mail.text).toContain('24 saat');
      const user = await userModel(svc.deps.mongo).findOne({ usernameLower: body.username.toLowerCase() }).lean();
      expect(user).toMatchObject({
        emailVerified: false,
        isActive: true,
        role: 'member',
        emailLower: body.email.toLowerCase(),
      });
      expect(user!.passwordHash).toMatch(/^scrypt\$/);
      expect(user!.passwordHash).not.toContain(body.password);
    });

    it.each([
      [{ email: 'a@b.co', displayName: 'A', password: 'gizli123' }, 'Kullanıcı adı gerekli'],
      [{ username: 'ali_veli', displayName: 'A', password: 'gizli123' }, 'E-posta adresi gerekli'],
      [{ username: 'ali_veli', email: 'a@b.co', password: 'gizli123' }, 'Görünen ad gerekli'],
      [{ username: 'ali_veli', email: 'a@b.co', displayName: 'A' }, 'Şifre gerekli'],
      [
        { username: 'ali_veli', email: 'a@b.co', displayName: 'A', password: '12345' },
        'Şifre en az 6 karakter olmalıdır!',
      ],
      [
        { username: 'ali_veli', email: 'a-b.co', displayName: 'A', password: 'gizli123' },
        'Geçerli bir e-posta adresi giriniz',
      ],
      [
        { username: 'al', email: 'a@b.co', displayName: 'A', password: 'gizli123' },
        'Kullanıcı adı en az 3 karakter olmalıdır',
      ],
      [
        { username: 'ali veli', email: 'a@b.co', displayName: 'A', password: 'gizli123' },
        'Kullanıcı adı yalnızca harf, rakam, alt çizgi (_) ve nokta (.) içerebilir',
      ],
    ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
      const before = await userModel(svc.deps.mongo).countDocuments();
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message });
      expect(await userModel(svc.deps.mongo).countDocuments()).toBe(before);
    });

    it('refuses unknown fields, such as a userId', async () => {
      const res = await register({ ...fresh(), userId: 'someone-else', role: 'admin' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation');
    });

    it('refuses a taken username, whatever its case, with 409', async () => {
      const body = await registeredAndActive();
      const sameName = await register({ ...fresh(), username: body.username.toUpperCase() });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toEqual({ error: 'username_taken', message: 'Bu kullanıcı adı zaten alınmış.' });
    });

    it('answers a taken e-mail as it answers a free one, creates nothing and mails the address’s owner', async () => {
      const body = await registeredAndActive();
      const free = await register(fresh());
      const sameMail = await register({ ...fresh(), email: body.email.toLowerCase() });
      expect(sameMail.statusCode).toBe(free.statusCode);
      expect(sameMail.statusCode).toBe(201);
      expect(sameMail.json()).toEqual(free.json());
      expect(await userModel(svc.deps.mongo).countDocuments({ emailLower: body.email.toLowerCase() })).toBe(1);
      await until(
        () => mails.some((m) => m.to.toLowerCase() === body.email.toLowerCase() && m.tag === 'account-exists'),
        5000,
        'the owner’s mail',
      );
      const told = mails.find((m) => m.tag === 'account-exists' && m.to.toLowerCase() === body.email.toLowerCase())!;
      expect(told.subject).toBe('Meydan: bu adresle zaten bir hesabın var');
      expect(told.text).not.toMatch(/\/api\/auth\/activate\//);
      // The owner's password still opens the account.
      expect((await login(body.email, body.password)).statusCode).toBe(200);
    });

    describe('names that pass for someone else’s', () => {
      const digits = () => `${Date.now() % 1_000_000}${n}`;
      const accountsNamed = (username: string) =>
        userModel(svc.deps.mongo).countDocuments({ usernameLower: username.toLowerCase() });

      it.each([
        ['Cyrillic р and а in a Latin name', 'раypal'],
        ['a Greek ο in a Latin name', 'gοogle'],
        ['a Cyrillic е among Turkish letters', 'şеyma'],
      ])('refuses %s with a Turkish 400 and creates nothing', async (_case, name) => {
        const username = `${name}_${digits()}`;
        const res = await register({ ...fresh(), username });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: 'username_mixed_scripts',
          message:
            'Kullanıcı adı tek bir alfabenin harflerinden oluşmalı (ör. Latin harfleriyle Kiril harfleri karıştırılamaz).',
        });
        expect(await accountsNamed(username)).toBe(0);
      });

      it('refuses a name that differs from an existing one only by look-alikes (another script, 0/o, 1/l, capital I/l, rn/m)', async () => {
        const d = digits();
        for (const existing of [`copy_${d}`, `paypal_${d}`, `Ismail_${d}`, `modern_${d}`])
          expect((await register({ ...fresh(), username: existing })).statusCode).toBe(201);
        // All Cyrillic (one script, so not refused as mixed), but it reads "copy".
        for (const lookAlike of [
          `сору_${d}`,
          `paypa1_${d}`,
          `PAYPAI_${d}`,
          `lsmail_${d}`,
          `rnodern_${d}`,
          `m0dern_${d}`,
        ]) {
          const res = await register({ ...fresh(), username: lookAlike });
          expect(res.statusCode, lookAlike).toBe(409);
          expect(res.json()).toEqual({
            error: 'username_look_alike',
            message: 'Bu kullanıcı adı, var olan bir kullanıcı adına fazla benziyor. Lütfen başka bir ad seç.',
          });
          expect(await accountsNamed(lookAlike)).toBe(0);
        }
      });

      it('refuses a name that differs only by dotless ı or a circumflex (admın for admin), and knows older accounts’ names so', async () => {
        const d = digits();
        expect((await register({ ...fresh(), username: `admin_${d}` })).statusCode).toBe(201);
        for (const lookAlike of [`admın_${d}`, `ADMİN_${d}`, `âdmîn_${d}`]) {
          const res = await register({ ...fresh(), username: lookAlike });
          expect(res.statusCode, lookAlike).toBe(409);
          expect(res.json().error, lookAlike).toBe('username_look_alike');
        }
        // An account registered while ı still stood for itself: auth's start gives it today's skeleton.
        const users = userModel(svc.deps.mongo);
        await users.collection.insertOne({
          username: `yıldız_${d}`,
          usernameLower: `yıldız_${d}`,
          usernameSkeleton: `yıldız_${d}`,
          email: `y${d}@example.com`,
          emailLower: `y${d}@example.com`,
          displayName: 'Yıldız',
          passwordHash: 'x',
          role: 'member',
          isActive: true,
          emailVerified: true,
        });
        await backfillUsernameSkeletons(createContext(svc.deps));
        expect((await register({ ...fresh(), username: `yildiz_${d}` })).json().error).toBe('username_look_alike');
      });

      it('knows the names of accounts made before skeletons existed once auth has started', async () => {
        const d = digits();
        const users = userModel(svc.deps.mongo);
        await users.collection.insertOne({
          username: `eski_${d}`,
          usernameLower: `eski_${d}`,
          email: `eski${d}@example.com`,
          emailLower: `eski${d}@example.com`,
          displayName: 'Eski',
          passwordHash: 'x',
          role: 'member',
          isActive: true,
          emailVerified: true,
        });
        await backfillUsernameSkeletons(createContext(svc.deps));
        expect((await users.findOne({ usernameLower: `eski_${d}` }).lean())!.usernameSkeleton).toBe(
          usernameSkeleton(`eski_${d}`),
        );
        expect((await register({ ...fresh(), username: `еѕкі_${d}` })).json().error).toBe('username_look_alike');
      });

      it('keeps Turkish letters: names with ç ğ ı İ ö ş ü are welcome, and differ from their plain-letter twins', async () => {
        const d = digits();
        expect((await register({ ...fresh(), username: `sukru_cagli_${d}` })).statusCode).toBe(201);
        for (const name of [`Şükrü_Çağlı_${d}`, `İsmet.Öz_${d}`, `ılgın_${d}`]) {
          const res = await register({ ...fresh(), username: name });
          expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
        }
        // Another script entirely is a name of its own.
        expect((await register({ ...fresh(), username: `Дмитрий_${d}` })).statusCode).toBe(201);
      });
    });
  });

  describe('activation links', () => {
    it('activates once; the same link again says it was used', async () => {
      const body = fresh();
      await register(body);
      await waitForMail(body.email);
      const link = linkFor(body.email);
      const first = await svc.app.inject({ url: link, headers: asVisitor() });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/text\/html/);
      expect(first.body).toContain('Hesabın etkinleştirildi!');
      const again = await svc.app.inject({ url: link, headers: asVisitor() });
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('Bu bağlantı daha önce kullanılmış');
      expect(again.body).toContain('Yeni bağlantı gönder');
    });

    it('activates once when the same link is opened twenty times at once', async () => {
      const body = fresh();
      await register(body);
      await waitForMail(body.email);
      const link = linkFor(body.email);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => svc.app.inject({ url: link, headers: asVisitor() })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(410)]);
    });

    it('shows an expired link with a resend button that mails a new link', async () => {
      const body = fresh();
      await register(body);
      await waitForMail(body.email);
      const link = linkFor(body.email);
      await activationModel(svc.deps.mongo).updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      const expired = await svc.app.inject({ url: link, headers: asVisitor() });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('Bu bağlantının süresi dolmuş');
      expect(expired.body).toContain(`action="${link}/resend"`);
      const user = await userModel(svc.deps.mongo).findOne({ usernameLower: body.username.toLowerCase() });
      expect(user!.emailVerified).toBe(false);

      // The registration itself counted as the first mail of this minute.
      await svc.deps.redis.del(`throttle:resend-user:${user!.id}`);
      const before = mails.length;
      const resent = await svc.app.inject({ method: 'POST', url: `${link}/resend`, headers: asVisitor() });
      expect(resent.statusCode).toBe(200);
      expect(resent.body).toContain('Yeni bağlantı gönderildi');
      await waitForMail(body.email);
      expect(mails.length).toBe(before + 1);
      const newLink = linkFor(body.email);
      expect(newLink).not.toBe(link);
      expect((await svc.app.inject({ url: newLink, headers: asVisitor() })).statusCode).toBe(200);

      const tooSoon = await svc.app.inject({
        method: 'POST',
        url: '/api/auth/resend-activation',
        headers: asVisitor(),
        payload: { email: body.email },
      });
      expect(tooSoon.statusCode).toBe(200);
      expect(tooSoon.json().message).toMatch(/etkinleştirilmemiş bir hesap varsa/);
    });

    it('throttles resending to one link a minute', async () => {
      const body = fresh();
      await register(body);
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/auth/resend-activation',
        headers: asVisitor(),
        payload: { email: body.email },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toBe('Çok sık bağlantı istedin. Lütfen biraz bekleyip tekrar dene.');
      // The activation pages' plain form gets a page, with the same wait.
      const form = await svc.app.inject({
        method: 'POST',
        url: '/api/auth/resend-activation',
        headers: { ...asVisitor(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: body.email }).toString(),
      });
      expect(form.statusCode).toBe(429);
      expect(form.headers['retry-after']).toBeDefined();
      expect(form.headers['content-type']).toMatch(/^text\/html/);
    });

    it('answers an unknown link with a clear page', async () => {
      const res = await svc.app.inject({ url: '/api/auth/activate/not-a-real-token-at-all', headers: asVisitor() });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Bu bağlantı geçersiz');
    });

    it('answers a malformed link (a token over 200 characters) with the same page, not the API’s JSON error', async () => {
      const long = 'a'.repeat(201);
      const res = await svc.app.inject({ url: `/api/auth/activate/${long}`, headers: asVisitor() });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Bu bağlantı geçersiz');
      const resend = await svc.app.inject({
        method: 'POST',
        url: `/api/auth/activate/${long}/resend`,
        headers: asVisitor(),
      });
      expect(resend.statusCode).toBe(404);
      expect(resend.headers['content-type']).toMatch(/^text\/html/);
      // A body where none belongs is still the API's refusal.
      const withBody = await svc.app.inject({
        method: 'POST',
        url: '/api/auth/activate/not-a-real-token-at-all/resend',
        headers: asVisitor(),
        payload: { x: 1 },
      });
      expect(withBody.statusCode).toBe(400);
      expect(withBody.json()).toMatchObject({ error: 'validation' });
    });
  });

  describe('login and sessions', () => {
    it.each([
      [{ password: 'gizli123' }, 'E-posta adresi gerekli'],
      [{ email: 'a@b.co' }, 'Şifre gerekli'],
    ])('asks for both e-mail and password: %j → 400 "%s"', async (body, message) => {
      const res = await svc.app.inject({ method: 'POST', url: '/api/login', headers: ip(), payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    });

    it('refuses an account that is not activated yet with 403', async () => {
      const body = fresh();
      await register(body);
      const res = await login(body.email, body.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'account_not_activated',
        message: 'Hesabın henüz etkinleştirilmedi. Lütfen e-postana gönderdiğimiz bağlantıya tıkla.',
      });
      expect(sidOf(res)).toBeUndefined();
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const body = await registeredAndActive();
      const wrong = await login(body.email, 'yanlis-sifre');
      const unknown = await login(`yok.${body.email}`, body.password);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'wrong_credentials', message: 'E-posta veya şifre hatalı.' });
      }
    });

    it('logs in with an httpOnly SameSite=Lax cookie, returns the user, and a session resolves', async () => {
      const body = await registeredAndActive();
      const res = await login(body.email.toUpperCase(), body.password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        username: body.username,
        displayName: 'Ayşe Yılmaz',
        role: 'member',
        avatarUrl: null,
      });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.maxAge).toBe(30 * 24 * 3600);
      const session = await resolveSid(cookie.value);
      expect(session).toEqual({ userId: res.json().id, role: 'member' });
      const me = await svc.app.inject({ url: '/api/auth/session', headers: asMember(res.json().id) });
      expect(me.json().email).toBe(body.email);
      expect((await svc.app.inject({ url: '/api/auth/session', headers: asVisitor() })).statusCode).toBe(401);
    });

    it('rotates the session at every login: the old id stops working', async () => {
      const body = await registeredAndActive();
      const first = sidOf(await login(body.email, body.password))!;
      const second = await login(body.email, body.password, { ...ip(), cookie: `${SESSION_COOKIE}=${first}` });
      const secondSid = sidOf(second)!;
      expect(secondSid).not.toBe(first);
      expect(await resolveSid(first)).toBeNull();
      expect(await resolveSid(secondSid)).toMatchObject({ role: 'member' });
    });

    it('logout revokes the session; logout everywhere revokes them all', async () => {
      const body = await registeredAndActive();
      const a = await login(body.email, body.password);
      const b = sidOf(await login(body.email, body.password))!;
      const userId = a.json().id;
      const out = await svc.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...asMember(userId), cookie: `${SESSION_COOKIE}=${sidOf(a)}` },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json().message).toBe('Çıkış yapıldı.');
      expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect(await resolveSid(sidOf(a)!)).toBeNull();
      expect(await resolveSid(b)).not.toBeNull();
      const c = sidOf(await login(body.email, body.password))!;
      await svc.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...asMember(userId), cookie: `${SESSION_COOKIE}=${c}` },
        payload: { everywhere: true },
      });
      expect(await resolveSid(b)).toBeNull();
      expect(await resolveSid(c)).toBeNull();
    });

    it('a password change revokes every session and keeps the caller signed in with a new one', async () => {
      const body = await registeredAndActive();
      const a = await login(body.email, body.password);
      const userId = a.json().id;
      const other = sidOf(await login(body.email, body.password))!;
      const wrong = await svc.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: asMember(userId),
        payload: { currentPassword: 'yanlis', newPassword: 'yeni-sifre-1' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(await resolveSid(other)).not.toBeNull();
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: asMember(userId),
        payload: { currentPassword: body.password, newPassword: 'yeni-sifre-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(await resolveSid(other)).toBeNull();
      expect(await resolveSid(sidOf(a)!)).toBeNull();
      expect(await resolveSid(sidOf(res)!)).toMatchObject({ userId });
      expect((await login(body.email, body.password)).statusCode).toBe(401);
      expect((await login(body.email, 'yeni-sifre-1')).statusCode).toBe(200);
    });

    it('asks for the bot challenge after repeated failures on one account instead of locking it', async () => {
      const body = await registeredAndActive();
      for (let i = 0; i < 5; i++) expect((await login(body.email, `yanlis-${i}`)).statusCode).toBe(i < 3 ? 401 : 403);
      const asked = await login(body.email, body.password);
      expect(asked.statusCode).toBe(403);
      expect(asked.json().error).toBe('challenge_required');
    });

    it('throttles repeated failures from one IP across accounts', async () => {
      const headers = { ...asVisitor(), ...identityHeaders({ ip: '192.0.2.77' }) };
      for (let i = 0; i < 20; i++) await login(`kimse${i}@example.com`, 'yanlis', headers);
      expect((await login('baska@example.com', 'yanlis', headers)).statusCode).toBe(429);
    });

    it('a ban from the admin service deactivates the account and revokes its sessions; login then says so', async () => {
      const body = await registeredAndActive();
      const res = await login(body.email, body.password);
      const userId = res.json().id;
      await svc.deps.bus.publish(events.admin.userBanned, { userId, by: 'admin', at: new Date().toISOString() });
      await vi.waitFor(async () => expect(await resolveSid(sidOf(res)!)).toBeNull(), { timeout: 5000, interval: 50 });
      const banned = await login(body.email, body.password);
      expect(banned.statusCode).toBe(403);
      expect(banned.json()).toEqual({
        error: 'account_banned',
        message: 'Hesabın askıya alındı. Bir yanlışlık olduğunu düşünüyorsan bize ulaş.',
      });
      await svc.deps.bus.publish(events.admin.userReactivated, { userId, by: 'admin', at: new Date().toISOString() });
      await vi.waitFor(async () => expect((await login(body.email, body.password)).statusCode).toBe(200), {
        timeout: 5000,
        interval: 50,
      });
    });

    it('creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD with the admin role', async () => {
      const res = await login('yonetici@meydan.test', 'yonetici-sifre');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'admin', username: 'admin' });
      expect(await resolveSid(sidOf(res)!)).toMatchObject({ role: 'admin' });
    });
  });

  describe('what other services ask over NATS', () => {
    it('answers user summaries and one user, and 404 for an unknown one', async () => {
      const body = await registeredAndActive();
      const id = (await login(body.email, body.password)).json().id;
      await expect(svc.deps.bus.request(subjects.auth.usersGet, { id })).resolves.toEqual({
        id,
        username: body.username,
        displayName: 'Ayşe Yılmaz',
        avatarUrl: null,
      });
      await expect(
        svc.deps.bus.request(subjects.auth.usersGet, { id: '0123456789abcdef01234567' }),
      ).rejects.toMatchObject({
        statusCode: 404,
      });
      const { users } = await svc.deps.bus.request(subjects.auth.usersSummaries, {
        ids: [id, 'nonsense', '0123456789abcdef01234567'],
      });
      expect(users.map((u) => u.id)).toEqual([id]);
      // Many ids are looked up a few at a time: a known one far down the list is found too, and only once.
      const unknown = Array.from({ length: 45 }, (_, i) => `0123456789abcdef012${String(i).padStart(5, '0')}`);
      const many = await svc.deps.bus.request(subjects.auth.usersSummaries, { ids: [...unknown, id, id] });
      expect(many.users.map((u) => u.id)).toEqual([id]);
    });
  });
});

describe('the administrator made from ADMIN_EMAIL/ADMIN_PASSWORD at start', () => {
  const ADMIN = { ADMIN_EMAIL: 'Kurucu@Meydan.test', ADMIN_PASSWORD: 'yapilandirilan-sifre' };
  let k = 0;
  const from = () => ({ ...asVisitor(), ...identityHeaders({ ip: `10.77.${++k}.1` }) });
  const login = (svc: TestService, email: string, password: string) =>
    svc.app.inject({ method: 'POST', url: '/api/login', headers: from(), payload: { email, password } });
  /** Two auth instances on one database: what was there before the start, and the start with the admin configured. */
  async function startedOver(before: (svc: TestService) => Promise<void>): Promise<[TestService, TestService]> {
    const MONGO_DB = `test_admin_${Date.now().toString(36)}${++k}`;
    const earlier = await startTestService('auth', buildApp, { config: { MONGO_DB } as never });
    await before(earlier);
    return [earlier, await startTestService('auth', buildApp, { config: { MONGO_DB, ...ADMIN } as never })];
  }

  it('replaces a never-activated account a stranger registered with the address: his password opens nothing, the configured one opens the administrator', async () => {
    const [earlier, started] = await startedOver(async (svc) => {
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: from(),
        payload: {
          username: 'admin',
          email: 'kurucu@meydan.test',
          displayName: 'Yabancı',
          password: 'yabancinin-sifresi',
        },
      });
      expect(res.statusCode).toBe(201);
    });
    try {
      const stranger = await login(started, 'kurucu@meydan.test', 'yabancinin-sifresi');
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toEqual({ error: 'wrong_credentials', message: 'E-posta veya şifre hatalı.' });
      const admin = await login(started, 'kurucu@meydan.test', ADMIN.ADMIN_PASSWORD);
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toMatchObject({ role: 'admin', username: 'admin', displayName: 'Meydan Yönetimi' });
      expect(await userModel(started.deps.mongo).countDocuments({ emailLower: 'kurucu@meydan.test' })).toBe(1);
      // The stranger's activation link went with his account.
      expect(await activationModel(started.deps.mongo).countDocuments({})).toBe(0);
    } finally {
      await started.close();
      await earlier.close();
    }
  });

  it('makes an activated member holding the address (its mailbox’s owner) the administrator with the configured password', async () => {
    let memberSid = '';
    const [earlier, started] = await startedOver(async (svc) => {
      const member = await createUser(svc.deps, { username: 'kurucu', email: 'kurucu@meydan.test' });
      const res = await login(svc, member.email, member.password);
      expect(res.statusCode).toBe(200);
      memberSid = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    });
    try {
      expect((await login(started, 'kurucu@meydan.test', 'gizli-sifre-1')).statusCode).toBe(401);
      const admin = await login(started, 'kurucu@meydan.test', ADMIN.ADMIN_PASSWORD);
      expect(admin.json()).toMatchObject({ role: 'admin', username: 'kurucu' });
      // Its sessions from before carried the member role: they ended.
      expect(await started.deps.bus.request(subjects.auth.sessionResolve, { sid: memberSid })).toBeNull();
    } finally {
      await started.close();
      await earlier.close();
    }
  });

  it('gives an administrator still holding a published password (an old local default) the configured one', async () => {
    const MONGO_DB = `test_admin_${Date.now().toString(36)}${++k}`;
    const old = { ADMIN_EMAIL: ADMIN.ADMIN_EMAIL, ADMIN_PASSWORD: 'meydan-admin' };
    const earlier = await startTestService('auth', buildApp, { config: { MONGO_DB, ...old } as never });
    const oldSession = await login(earlier, 'kurucu@meydan.test', 'meydan-admin');
    expect(oldSession.statusCode).toBe(200);
    const started = await startTestService('auth', buildApp, { config: { MONGO_DB, ...ADMIN } as never });
    try {
      expect((await login(started, 'kurucu@meydan.test', 'meydan-admin')).statusCode).toBe(401);
      expect((await login(started, 'kurucu@meydan.test', ADMIN.ADMIN_PASSWORD)).json()).toMatchObject({
        role: 'admin',
      });
      const sid = oldSession.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      expect(await started.deps.bus.request(subjects.auth.sessionResolve, { sid })).toBeNull();
    } finally {
      await started.close();
      await earlier.close();
    }
  });
});
