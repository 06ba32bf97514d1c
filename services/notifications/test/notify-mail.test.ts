/**
 * Mail a member opted in to, on the real auth, social and notifications services and MailDev: off by default; once
 * turned on, a new follower is mailed (through the mailer, with RFC 8058's List-Unsubscribe headers); the mail's link
 * turns it off with no session, as does the mail client's one-click POST; a forged link changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@meydan/proto';
import { asMember, asVisitor, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { drained, startNotifications, until } from './support.js';

type Mail = { subject: string; to: { address: string }[]; html: string; text: string; headers: Record<string, string> };

describe('notifications: mail when someone follows a member who asked for it, and its one-click unsubscribe', () => {
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let auth: TestService;
  let social: TestService;
  let notifications: TestService;
  let ayse: TestUser;
  let followers: TestUser[];

  const emailSwitch = async (user: TestUser) =>
    (await notifications.app.inject({ url: '/api/notifications/email', headers: asMember(user.id) })).json();
  const setEmail = (user: TestUser, payload: unknown) =>
    notifications.app.inject({
      method: 'PUT',
      url: '/api/notifications/email',
      headers: asMember(user.id),
      payload: payload as object,
    });
  const followed = async (follower: TestUser) => {
    await notifications.deps.bus.publish(events.social.userFollowed, {
      followerId: follower.id,
      followeeId: ayse.id,
      mutual: false,
      at: new Date().toISOString(),
    });
    await drained(notifications.deps, 'notifications--followers');
    await drained(notifications.deps, 'notifications--mailer');
  };
  const mailsTo = async (user: TestUser) =>
    ((await mail.messages()) as Mail[]).filter((m) => m.to[0]?.address === user.email);
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    notifications = await startNotifications(mail.smtpUrl);
    ayse = await createUser(auth.deps, { displayName: 'Ayşe' });
    followers = await Promise.all(
      ['Burak', 'Cem', 'Deniz', 'Ece'].map((displayName) => createUser(auth.deps, { displayName })),
    );
  });
  afterAll(async () => {
    await notifications?.close();
    await social?.close();
    await auth?.close();
    await mail?.stop();
  });

  it('is off by default: a new follower is not mailed', async () => {
    expect(await emailSwitch(ayse)).toEqual({ email: false });
    await followed(followers[0]!);
    expect(await mailsTo(ayse)).toEqual([]);
  });

  it('refuses a bad switch with a Turkish 400, and visitors with 401, changing nothing', async () => {
    for (const payload of [{ email: 'evet' }, {}, { email: true, sms: true }]) {
      const res = await setEmail(ayse, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain('email alanı true ya da false olmalıdır');
    }
    const visitor = await notifications.app.inject({
      method: 'PUT',
      url: '/api/notifications/email',
      headers: asVisitor(),
      payload: { email: true },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await emailSwitch(ayse)).toEqual({ email: false });
  });

  it('mails a new follower once turned on, with the unsubscribe headers; the link turns it off with no session', async () => {
    expect((await setEmail(ayse, { email: true })).json()).toEqual({ email: true });
    await followed(followers[1]!);
    await until(async () => (await mailsTo(ayse)).length === 1, 15_000, 'mail in MailDev');
    const [sent] = await mailsTo(ayse);
    expect(sent!.subject).toBe('Yeni takipçi: Cem');
    expect(sent!.text).toContain('Cem seni takip etmeye başladı.');
    expect(sent!.text).toContain('http://localhost:8080/profil?sekme=takipciler');
    expect(sent!.headers['x-meydan-tag']).toBe('notify-follower');
    expect(sent!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^<(.+)>$/.exec(sent!.headers['list-unsubscribe']!)![1]!;
    expect(sent!.text).toContain(unsubscribeUrl);

    // A forged token (another member's id under the same signature) changes nothing.
    const [, , mac] = pathOf(unsubscribeUrl).split('/').pop()!.split('.');
    const forged = await notifications.app.inject({
      url: `/api/notifications/email/unsubscribe/v1.${followers[0]!.id}.${mac}`,
      headers: asVisitor(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Bağlantı geçersiz');
    const malformed = await notifications.app.inject({
      url: `/api/notifications/email/unsubscribe/${'x'.repeat(300)}`,
      headers: asVisitor(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(await emailSwitch(ayse)).toEqual({ email: true });

    // The link, opened with no session at all (a visitor, as the gateway says).
    const page = await notifications.app.inject({ url: pathOf(unsubscribeUrl), headers: asVisitor() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('E-posta bildirimleri kapatıldı');
    expect(await emailSwitch(ayse)).toEqual({ email: false });
    await followed(followers[2]!);
    expect(await mailsTo(ayse)).toHaveLength(1);
  });

  it('turns it off by the mail client’s one-click POST (RFC 8058)', async () => {
    await setEmail(ayse, { email: true });
    await followed(followers[3]!);
    await until(async () => (await mailsTo(ayse)).length === 2, 15_000, 'second mail in MailDev');
    const latest = (await mailsTo(ayse)).find((m) => m.subject === 'Yeni takipçi: Ece')!;
    const url = /^<(.+)>$/.exec(latest.headers['list-unsubscribe']!)![1]!;
    const res = await notifications.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { ...asVisitor(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await emailSwitch(ayse)).toEqual({ email: false });
  });
});
