/**
 * Web Push on the real auth, polls, social and notifications services (NATS, Redis, MongoDB-wire). The browser vendor's push
 * service is the one thing stood in for: a local HTTP server (push-stand-in.ts) that `web-push` posts its encrypted
 * messages to, as it would to FCM or autopush; the test opens them with the browser's keys. A member's subscribed
 * browser gets a push when a poll they voted on ends and when someone follows them; not when their results switch is
 * off or after they unsubscribed; a 410 removes the subscription; bad bodies get Turkish 400s and store nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { events } from '@meydan/proto';
import { asMember, asVisitor, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { sweepEndedPolls } from '../../polls/src/jobs/ended-polls.js';
import { createPoll, endNow, startPolls, vote, type PollsTestService } from '../../polls/test/support.js';
import { browserSubscription, startPushStandIn, type PushStandIn } from './push-stand-in.js';
import { drained, startNotifications, until } from './support.js';

describe('notifications: Web Push through a stand-in for the vendor’s push service', () => {
  const vapid = webPush.generateVAPIDKeys();
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let standIn: PushStandIn;
  let auth: TestService;
  let polls: PollsTestService;
  let social: TestService;
  let notifications: TestService;
  let creator: TestUser;
  let ece: TestUser;
  let quiet: TestUser;

  const subscribe = (user: TestUser, payload: unknown) =>
    notifications.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: asMember(user.id),
      payload: payload as object,
    });
  const subscriptions = async (user: TestUser): Promise<{ endpoint: string }[]> =>
    (await notifications.app.inject({ url: '/api/push/subscriptions', headers: asMember(user.id) })).json()
      .subscriptions;
  const deliveredTo = (endpoint: string) => standIn.deliveries.filter((d) => endpoint.endsWith(d.path));
  const followed = async (followerId: string, followeeId: string) => {
    await notifications.deps.bus.publish(events.social.userFollowed, {
      followerId,
      followeeId,
      mutual: false,
      at: new Date().toISOString(),
    });
    await drained(notifications.deps, 'notifications--followers');
  };

  beforeAll(async () => {
    mail = await startTestMailDev();
    standIn = await startPushStandIn();
    auth = await startTestService('auth', buildAuth);
    polls = await startPolls();
    social = await startTestService('social', buildSocial);
    notifications = await startNotifications(mail.smtpUrl, {
      config: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@meydan.local',
        PUSH_ALLOW_HTTP_ENDPOINTS: '1',
      },
    });
    [creator, ece, quiet] = await Promise.all([
      createUser(auth.deps, { displayName: 'Soran' }),
      createUser(auth.deps, { displayName: 'Ece' }),
      createUser(auth.deps, { displayName: 'Sessiz' }),
    ]);
    const off = await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(quiet.id),
      payload: { notifyPollResults: false },
    });
    expect(off.statusCode, off.body).toBe(200);
  });
  afterAll(async () => {
    await notifications?.close();
    await polls?.close();
    await social?.close();
    await auth?.close();
    await standIn?.close();
    await mail?.stop();
  });
  beforeEach(() => {
    standIn.deliveries.length = 0;
  });

  it('gives the VAPID public key to anyone, and the subscription routes to members only', async () => {
    const key = await notifications.app.inject({ url: '/api/push/public-key', headers: asVisitor() });
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ publicKey: vapid.publicKey });
    const visitor = await notifications.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: asVisitor(),
      payload: browserSubscription(standIn.endpoint('visitor')).json,
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Bildirim tercihlerini değiştirmek için giriş yapmalısın.');
  });

  it('refuses bad subscription bodies with Turkish 400s and stores nothing', async () => {
    const good = browserSubscription(standIn.endpoint('bad-bodies')).json;
    const cases: [unknown, string][] = [
      [{ keys: good.keys }, 'Geçersiz bildirim aboneliği: endpoint bir https adresi olmalıdır'],
      [
        { ...good, endpoint: 'ftp://push.example.com/abc' },
        'Geçersiz bildirim aboneliği: endpoint bir https adresi olmalıdır',
      ],
      [{ endpoint: good.endpoint }, 'Geçersiz bildirim aboneliği: keys.p256dh ve keys.auth gereklidir'],
      [{ ...good, keys: { auth: good.keys.auth } }, 'Geçersiz bildirim aboneliği: keys.p256dh ve keys.auth gereklidir'],
      [
        { ...good, keys: { ...good.keys, p256dh: 'kısa' } },
        'Geçersiz bildirim aboneliği: keys.p256dh tarayıcının verdiği açık anahtar olmalıdır',
      ],
      [
        { ...good, keys: { ...good.keys, auth: 'x' } },
        'Geçersiz bildirim aboneliği: keys.auth tarayıcının verdiği doğrulama anahtarı olmalıdır',
      ],
      [
        { ...good, expirationTime: 'yarın' },
        'Geçersiz bildirim aboneliği: expirationTime bir zaman damgası ya da null olmalıdır',
      ],
      [{ ...good, extra: 1 }, 'Geçersiz bildirim aboneliği: endpoint ve keys alanları gereklidir'],
    ];
    for (const [payload, message] of cases) {
      const res = await subscribe(ece, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const badDelete = await notifications.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: asMember(ece.id),
      payload: { endpoint: 'nereye' },
    });
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json().message).toContain('Geçersiz bildirim aboneliği: endpoint bir https adresi olmalıdır');
    expect(await subscriptions(ece)).toEqual([]);
  });

  it('pushes an encrypted Turkish message when a poll the member voted on ends; not to one whose switch is off', async () => {
    const eceBrowser = browserSubscription(standIn.endpoint('ece-results'));
    const quietBrowser = browserSubscription(standIn.endpoint('quiet-results'));
    expect((await subscribe(ece, eceBrowser.json)).statusCode).toBe(201);
    expect((await subscribe(quiet, quietBrowser.json)).statusCode).toBe(201);
    expect(await subscriptions(ece)).toEqual([expect.objectContaining({ endpoint: eceBrowser.json.endpoint })]);

    const poll = await createPoll(polls.app, creator.id, { title: 'Çay mı kahve mi?' });
    for (const member of [ece, quiet]) expect((await vote(polls.app, poll.id, member.id, 0)).statusCode).toBe(200);
    await until(
      async () => (await polls.app.polls.models.Vote.countDocuments({ pollId: poll.id })) === 2,
      10_000,
      'votes stored',
    );
    await endNow(polls.app, poll.id);
    expect(await sweepEndedPolls(polls.app.polls)).toBe(1);
    await drained(notifications.deps, 'notifications--poll-results');
    await until(() => deliveredTo(eceBrowser.json.endpoint).length === 1, 10_000, 'push delivered');

    const [delivery] = deliveredTo(eceBrowser.json.endpoint);
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivery!.headers['authorization'])).toContain(`k=${vapid.publicKey}`);
    // Encrypted on the wire: the title is not readable without the browser's private key.
    expect(delivery!.body.toString('latin1')).not.toContain('anket');
    expect(eceBrowser.decrypt(delivery!.body)).toEqual({
      title: 'Oy verdiğin anket sonuçlandı',
      body: '“Çay mı kahve mi?” sona erdi. Sonuçları gör.',
      url: `/anket/${poll.id}`,
    });
    expect(deliveredTo(quietBrowser.json.endpoint)).toEqual([]);
  });

  it('pushes when someone follows the member, once however often the event comes, and not after they unsubscribed', async () => {
    const browser = browserSubscription(standIn.endpoint('ece-follows'));
    expect((await subscribe(ece, browser.json)).statusCode).toBe(201);
    await followed(creator.id, ece.id);
    await followed(creator.id, ece.id); // redelivered: no second push
    await until(() => deliveredTo(browser.json.endpoint).length === 1, 10_000, 'follow push delivered');
    expect(browser.decrypt(deliveredTo(browser.json.endpoint)[0]!.body)).toEqual({
      title: 'Yeni takipçi',
      body: 'Soran seni takip etmeye başladı.',
      url: '/profil?sekme=takipciler',
    });
    expect(deliveredTo(browser.json.endpoint)).toHaveLength(1);

    const removed = await notifications.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: asMember(ece.id),
      payload: { endpoint: browser.json.endpoint },
    });
    expect(removed.json()).toEqual({ removed: 1 });
    await followed(quiet.id, ece.id);
    const inbox = (await notifications.app.inject({ url: '/api/notifications', headers: asMember(ece.id) })).json() as {
      message: string;
    }[];
    expect(inbox.map((n) => n.message)).toContain('Sessiz seni takip etmeye başladı');
    expect(deliveredTo(browser.json.endpoint)).toHaveLength(1);
  });

  it('removes a subscription its push service answers 410 Gone for', async () => {
    const gone = browserSubscription(standIn.endpoint('quiet-gone', 410));
    expect((await subscribe(quiet, gone.json)).statusCode).toBe(201);
    expect((await subscriptions(quiet)).map((s) => s.endpoint)).toContain(gone.json.endpoint);
    await followed(ece.id, quiet.id);
    await until(() => deliveredTo(gone.json.endpoint).length === 1, 10_000, 'push tried');
    await until(
      async () => !(await subscriptions(quiet)).some((s) => s.endpoint === gone.json.endpoint),
      10_000,
      'subscription removed',
    );
  });

  it('forgets a deleted member’s subscriptions', async () => {
    expect((await subscriptions(ece)).length).toBeGreaterThan(0);
    await notifications.deps.bus.publish(events.auth.userDeleted, { userId: ece.id, at: new Date().toISOString() });
    await drained(notifications.deps, 'notifications--member-deleted');
    expect(await subscriptions(ece)).toEqual([]);
  });
});
