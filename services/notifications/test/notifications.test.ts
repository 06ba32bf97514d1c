import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { events, validate, type NatsContracts } from '@meydan/proto';
import type { EventPayload, EventSubject } from '@meydan/kit';
import {
  asMember,
  asVisitor,
  startTestMailDev,
  startTestService,
  watchRedisCommands,
  type TestService,
} from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { notificationModel } from '../src/model/notification.js';
import { createModels } from '../src/model/index.js';
import { openGroupModel } from '../src/model/open-group.js';
import { groupKey } from '../src/store/open-groups.js';
import { NotificationStore } from '../src/store/notifications.js';
import { drained, startNotifications, until } from './support.js';

type Row = { id: string; message: string; isRead: boolean; createdAt: string; link: string | null };
const pollId = () => new Types.ObjectId().toString();
const now = () => new Date().toISOString();

describe('notifications: events become Turkish notifications, read only by their owner', () => {
  let auth: TestService;
  let social: TestService;
  let notifications: TestService;
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let ali: TestUser;
  let ayse: TestUser;
  let mehmet: TestUser;

  const inbox = async (user: TestUser, query = ''): Promise<Row[]> =>
    (await notifications.app.inject({ url: `/api/notifications${query}`, headers: asMember(user.id) })).json();
  const unread = async (user: TestUser): Promise<number> =>
    (await notifications.app.inject({ url: '/api/notifications/unread-count', headers: asMember(user.id) })).json()
      .count;
  const publish = <S extends EventSubject<NatsContracts>>(subject: S, payload: EventPayload<NatsContracts, S>) =>
    notifications.deps.bus.publish(subject, payload);
  const handled = (durable: string) => drained(notifications.deps, durable);
  const follow = (from: TestUser, to: TestUser) =>
    social.app.inject({ method: 'POST', url: `/api/users/${to.id}/follow`, headers: asMember(from.id) });
  const vote = (poll: string, creator: TestUser, voter: string, userId: string | null) =>
    publish(events.polls.voteCast, { pollId: poll, creatorId: creator.id, voter, userId, optionIndex: 0, at: now() });

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    notifications = await startNotifications(mail.smtpUrl);
    [ali, ayse, mehmet] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
    ]);
  });

  afterAll(async () => {
    await notifications?.close();
    await social?.close();
    await auth?.close();
    await mail?.stop();
  });

  it('tells a user about a new follower, and about a follow-back as mutual', async () => {
    expect((await follow(ali, ayse)).json().following).toBe(true);
    await until(async () => (await inbox(ayse)).length === 1, 10_000, 'follow notification');
    const [first] = await inbox(ayse);
    expect(first).toMatchObject({
      message: 'Ali Yılmaz seni takip etmeye başladı',
      isRead: false,
      link: '/profil?sekme=takipciler',
    });
    expect(validate('meydan/notification', first).ok).toBe(true);

    await follow(ayse, ali);
    await until(async () => (await inbox(ali)).length === 1, 10_000, 'follow-back notification');
    expect((await inbox(ali))[0]!.message).toBe('Ayşe Demir seni geri takip etti, artık karşılıklı takiptesiniz');

    // Unfollowing and following again the same day does not ring the bell twice.
    await follow(ali, ayse);
    await follow(ali, ayse);
    await handled('notifications--followers');
    expect(await inbox(ayse)).toHaveLength(1);
  });

  it('coalesces votes on a poll into one growing unread notification, never counting the creator or a vote twice', async () => {
    const poll = pollId();
    const before = (await inbox(ali)).length;
    await vote(poll, ali, `u:${ayse.id}`, ayse.id);
    await vote(poll, ali, `u:${mehmet.id}`, mehmet.id);
    await vote(poll, ali, `u:${ali.id}`, ali.id); // the creator's own vote
    await vote(poll, ali, `u:${ayse.id}`, ayse.id); // the same vote delivered again
    for (let i = 0; i < 3; i++) await vote(poll, ali, `v:visitor-${i}`, null); // share-link visitors
    await handled('notifications--votes');

    const rows = (await inbox(ali)).filter((r) => r.link?.includes(poll));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'Anketine 5 yeni oy geldi', isRead: false, link: `/anket/${poll}` });
    expect(await inbox(ali)).toHaveLength(before + 1);

    // Read: the next vote starts a new one; the read one keeps its count.
    await notifications.app.inject({
      method: 'POST',
      url: `/api/notifications/${rows[0]!.id}/read`,
      headers: asMember(ali.id),
    });
    await vote(poll, ali, 'v:late-visitor', null);
    await handled('notifications--votes');
    const after = (await inbox(ali)).filter((r) => r.link?.includes(poll));
    expect(after.map((r) => [r.message, r.isRead])).toEqual([
      ['Anketine 1 yeni oy geldi', false],
      ['Anketine 5 yeni oy geldi', true],
    ]);
  });

  it('grows an open vote notification by its id rather than searching the collection, and finds it anew once another instance wrote it', async () => {
    const poll = pollId();
    const ours = () => inbox(ayse).then((rows) => rows.filter((r) => r.link?.includes(poll)));
    await vote(poll, ayse, 'v:first', null);
    await handled('notifications--votes');

    // The MongoDB-wire store serves only lookups by id without reading every notification.
    const searches: unknown[] = [];
    const mongo = notifications.deps.mongo;
    mongo.set('debug', (collection: string, method: string, filter: Record<string, unknown> | undefined) => {
      if (collection === 'notifications' && method === 'findOne' && filter && 'isRead' in filter) searches.push(filter);
    });
    try {
      for (let i = 0; i < 3; i++) {
        await vote(poll, ayse, `v:next-${i}`, null);
        await handled('notifications--votes');
      }
    } finally {
      mongo.set('debug', false);
    }
    expect(searches).toEqual([]);
    const [open] = await ours();
    expect(open).toMatchObject({ message: 'Anketine 4 yeni oy geldi', isRead: false });

    // Read here; another instance then started the next one. The next vote grows that one, not a third.
    await notifications.app.inject({
      method: 'POST',
      url: `/api/notifications/${open!.id}/read`,
      headers: asMember(ayse.id),
    });
    const { deps } = notifications;
    const otherInstance = new NotificationStore(createModels(deps.mongo), deps.redis, () => null, deps.log);
    await otherInstance.addVote(ayse.id, poll, new Date(), 2);
    otherInstance.close();
    await vote(poll, ayse, 'v:after-read', null);
    await handled('notifications--votes');
    expect((await ours()).map((r) => [r.message, r.isRead])).toEqual([
      ['Anketine 3 yeni oy geldi', false],
      ['Anketine 4 yeni oy geldi', true],
    ]);
  });

  it('keeps growing an unread vote notification written before open-group records existed, once it is adopted', async () => {
    const poll = pollId();
    const ours = () => inbox(mehmet).then((rows) => rows.filter((r) => r.link?.includes(poll)));
    const earlier = await notificationModel(notifications.deps.mongo).create({
      userId: mehmet.id,
      kind: 'votes',
      key: `votes:${poll}:${new Types.ObjectId().toString()}`,
      message: 'Anketine 2 yeni oy geldi',
      link: `/anket/${poll}`,
      isRead: false,
      createdAt: new Date(),
      pollId: poll,
      actorId: null,
      count: 2,
    });
    // An instance of this version starting where none had adopted them yet (the mark is what a start looks for).
    const { deps } = notifications;
    await deps.redis.del('open-groups:adopted');
    const starting = new NotificationStore(createModels(deps.mongo), deps.redis, () => null, deps.log);
    await starting.openGroups.adoptEarlierOnes();
    starting.close();
    expect(await notifications.deps.redis.exists('open-groups:adopted')).toBe(1);
    await vote(poll, mehmet, 'v:after-upgrade', null);
    await handled('notifications--votes');
    expect((await ours()).map((r) => [r.id, r.message, r.isRead])).toEqual([
      [earlier._id.toString(), 'Anketine 3 yeni oy geldi', false],
    ]);
  });

  it('counts a burst of concurrent votes exactly', async () => {
    const poll = pollId();
    await Promise.all(Array.from({ length: 60 }, (_, i) => vote(poll, mehmet, `v:burst-${i}`, null)));
    await handled('notifications--votes');
    const rows = (await inbox(mehmet)).filter((r) => r.link?.includes(poll));
    expect(rows.map((r) => r.message)).toEqual(['Anketine 60 yeni oy geldi']);
  });

  it('handles votes in batches: a creator’s settings read once per batch, not once per vote', async () => {
    const poll = pollId();
    const settingsReads: string[] = [];
    const monitor = await watchRedisCommands((args) => {
      if (args[0]?.toLowerCase() === 'get' && args[1]?.endsWith(`settings:${ayse.id}`)) settingsReads.push(args[1]);
    });
    try {
      await Promise.all(Array.from({ length: 60 }, (_, i) => vote(poll, ayse, `v:batch-${i}`, null)));
      await handled('notifications--votes');
    } finally {
      monitor.stop();
    }
    const rows = (await inbox(ayse)).filter((r) => r.link?.includes(poll));
    expect(rows.map((r) => r.message)).toEqual(['Anketine 60 yeni oy geldi']);
    // One vote at a time read them 60 times.
    expect(settingsReads.length).toBeGreaterThan(0);
    expect(settingsReads.length).toBeLessThanOrEqual(10);
  });

  it('counts the votes of a batch whose write failed when it is redelivered: their seen marks are taken back', async () => {
    const poll = pollId();
    const collection = notificationModel(notifications.deps.mongo).collection;
    // An open vote notification whose count cannot be added to makes the write fail after the votes were marked seen.
    const { insertedId } = await collection.insertOne({
      userId: mehmet.id,
      kind: 'votes',
      key: `votes:${poll}:bozuk`,
      message: 'Anketine 2 yeni oy geldi',
      link: `/anket/${poll}`,
      isRead: false,
      createdAt: new Date(),
      pollId: poll,
      actorId: null,
      count: 'iki',
    });
    await openGroupModel(notifications.deps.mongo).create({
      _id: groupKey('votes', mehmet.id, poll),
      userId: mehmet.id,
      notificationId: insertedId,
    });
    await Promise.all(Array.from({ length: 5 }, (_, i) => vote(poll, mehmet, `v:retry-${i}`, null)));
    const jsm = await notifications.deps.nats.jetstreamManager();
    const durable = notifications.deps.bus.durableName('notifications--votes');
    await until(
      async () => (await jsm.consumers.info('EVENTS', durable)).num_redelivered > 0,
      15_000,
      'the failed batch redelivered',
    );

    await collection.updateOne({ key: `votes:${poll}:bozuk` }, { $set: { count: 2 } });
    await until(
      async () => (await inbox(mehmet)).some((r) => r.message === 'Anketine 7 yeni oy geldi'),
      20_000,
      'votes counted after the retry',
    );
    await handled('notifications--votes');
    expect((await inbox(mehmet)).filter((r) => r.link?.includes(poll)).map((r) => r.message)).toEqual([
      'Anketine 7 yeni oy geldi',
    ]);
  });

  it('tells the creator about a like (once per liker) and a comment, not about their own', async () => {
    const poll = pollId();
    await publish(events.polls.pollLiked, {
      pollId: poll,
      creatorId: ali.id,
      userId: mehmet.id,
      liked: true,
      at: now(),
    });
    await publish(events.polls.pollLiked, {
      pollId: poll,
      creatorId: ali.id,
      userId: mehmet.id,
      liked: false,
      at: now(),
    });
    await publish(events.polls.pollLiked, {
      pollId: poll,
      creatorId: ali.id,
      userId: mehmet.id,
      liked: true,
      at: now(),
    });
    await publish(events.polls.pollLiked, { pollId: poll, creatorId: ali.id, userId: ali.id, liked: true, at: now() });
    const text =
      'Bence kesinlikle çay, hele ki ince belli bardakta ve yanında simitle birlikte olursa hiç tartışmasız çay!';
    await publish(events.polls.commentCreated, {
      pollId: poll,
      creatorId: ali.id,
      commentId: new Types.ObjectId().toString(),
      userId: ayse.id,
      text,
      at: now(),
    });
    await publish(events.polls.commentCreated, {
      pollId: poll,
      creatorId: ali.id,
      commentId: new Types.ObjectId().toString(),
      userId: ali.id,
      text: 'kendi yorumum',
      at: now(),
    });
    await Promise.all([handled('notifications--likes'), handled('notifications--comments')]);
    const rows = (await inbox(ali)).filter((r) => r.link === `/anket/${poll}`).map((r) => r.message);
    expect(rows).toHaveLength(2);
    expect(rows).toContain('Mehmet Kaya anketini beğendi');
    const comment = rows.find((m) => m.startsWith('Ayşe Demir anketine yorum yaptı: “'))!;
    expect(comment).toBeDefined();
    expect(comment.endsWith('…”')).toBe(true);
    expect([...comment].length).toBeLessThan(130);
  });

  it('coalesces comments on a poll like votes: the first names its author, the next ones grow one unread notification', async () => {
    const poll = pollId();
    const commented = (by: TestUser, commentId: string, text: string) =>
      publish(events.polls.commentCreated, {
        pollId: poll,
        creatorId: ali.id,
        commentId,
        userId: by.id,
        text,
        at: now(),
      });
    const rowsOfPoll = async () => (await inbox(ali)).filter((r) => r.link === `/anket/${poll}`);

    await commented(ayse, pollId(), 'İlk yorum');
    await handled('notifications--comments');
    expect((await rowsOfPoll()).map((r) => r.message)).toEqual(['Ayşe Demir anketine yorum yaptı: “İlk yorum”']);

    const again = pollId();
    await commented(mehmet, again, 'İkinci');
    await commented(mehmet, again, 'İkinci'); // the same comment delivered again
    await commented(ali, pollId(), 'kendi yorumum');
    for (let i = 0; i < 10; i++) await commented(i % 2 ? ayse : mehmet, pollId(), `yorum ${i}`);
    await handled('notifications--comments');
    const grown = await rowsOfPoll();
    expect(grown.map((r) => [r.message, r.isRead])).toEqual([['Anketine 12 yeni yorum geldi', false]]);

    // Read: the next comment starts a new one, which names its author again.
    await notifications.app.inject({
      method: 'POST',
      url: `/api/notifications/${grown[0]!.id}/read`,
      headers: asMember(ali.id),
    });
    await commented(mehmet, pollId(), 'Sonradan');
    await handled('notifications--comments');
    expect((await rowsOfPoll()).map((r) => [r.message, r.isRead])).toEqual([
      ['Mehmet Kaya anketine yorum yaptı: “Sonradan”', false],
      ['Anketine 12 yeni yorum geldi', true],
    ]);
  });

  it('tells the creator that the poll ended, with its result', async () => {
    const [won, tied, empty] = [pollId(), pollId(), pollId()];
    const ended = (poll: string, voteCounts: number[], winnerIndexes: number[]) =>
      publish(events.polls.pollEnded, {
        pollId: poll,
        creatorId: ayse.id,
        title: 'Çay mı kahve mi?',
        voteCounts,
        totalVotes: voteCounts.reduce((a, b) => a + b, 0),
        winnerIndexes,
        at: now(),
      });
    await ended(won, [7, 5], [0]);
    await ended(won, [7, 5], [0]); // delivered twice
    await ended(tied, [4, 1, 4], [0, 2]);
    await ended(empty, [0, 0], []);
    await handled('notifications--poll-ended');
    const byPoll = async (poll: string) =>
      (await inbox(ayse)).filter((r) => r.link === `/anket/${poll}`).map((r) => r.message);
    expect(await byPoll(won)).toEqual(['“Çay mı kahve mi?” anketin sona erdi: 1. şık %58 ile kazandı (toplam 12 oy).']);
    expect(await byPoll(tied)).toEqual([
      '“Çay mı kahve mi?” anketin sona erdi: 1. ve 3. şıklar berabere kaldı (toplam 9 oy).',
    ]);
    expect(await byPoll(empty)).toEqual(['“Çay mı kahve mi?” anketin sona erdi. Hiç oy almadı.']);
  });

  it("tells the creator's mutual friends, and only them, about a Dost Meclisi question", async () => {
    // ali ⇄ ayse are mutual (first test); mehmet follows ali, ali does not follow mehmet.
    await follow(mehmet, ali);
    const [friendsPoll, publicPoll] = [pollId(), pollId()];
    const created = (poll: string, type: 'public' | 'friends') =>
      publish(events.polls.pollCreated, {
        pollId: poll,
        creatorId: ali.id,
        type,
        title: 'Cumartesi nereye gidelim?',
        category: 'gunluk-hayat',
        createdAt: now(),
        expiresAt: null,
      });
    await created(friendsPoll, 'friends');
    await created(publicPoll, 'public');
    await handled('notifications--friends-polls');
    const about = async (user: TestUser) =>
      (await inbox(user)).filter((r) => [`/anket/${friendsPoll}`, `/anket/${publicPoll}`].includes(r.link ?? ''));
    expect((await about(ayse)).map((r) => [r.message, r.link])).toEqual([
      ["Ali Yılmaz Dost Meclisi'nde soruyor: “Cumartesi nereye gidelim?”", `/anket/${friendsPoll}`],
    ]);
    expect(await about(mehmet)).toEqual([]);
    expect(await about(ali)).toEqual([]);
  });

  it('lists newest first, page by page, with the totals in headers', async () => {
    const all = await inbox(ali);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page = await notifications.app.inject({
      url: '/api/notifications?limit=2&page=2',
      headers: asMember(ali.id),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(all.length));
    expect(page.headers['x-unread-count']).toBe(String(await unread(ali)));
    expect(page.json().map((r: Row) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
    const bad = await notifications.app.inject({ url: '/api/notifications?limit=500', headers: asMember(ali.id) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sayfa boyutu 1 ile 50 arasında bir tam sayı olmalıdır');
  });

  it("marks read only the owner's notifications", async () => {
    const mine = await inbox(ayse);
    const theirs = await inbox(ali);
    const aliUnread = await unread(ali);
    const ayseUnread = await unread(ayse);
    expect(ayseUnread).toBeGreaterThanOrEqual(2);
    expect(aliUnread).toBeGreaterThanOrEqual(2);

    // ali cannot read ayse's notification: 404, and it stays unread.
    const target = mine.find((r) => !r.isRead)!;
    const foreign = await notifications.app.inject({
      method: 'POST',
      url: `/api/notifications/${target.id}/read`,
      headers: asMember(ali.id),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Bildirim bulunamadı' });
    expect(await unread(ayse)).toBe(ayseUnread);

    const own = await notifications.app.inject({
      method: 'POST',
      url: `/api/notifications/${target.id}/read`,
      headers: asMember(ayse.id),
    });
    expect(own.json()).toEqual({ count: ayseUnread - 1 });
    expect((await inbox(ayse)).find((r) => r.id === target.id)!.isRead).toBe(true);
    const again = await notifications.app.inject({
      method: 'POST',
      url: `/api/notifications/${target.id}/read`,
      headers: asMember(ayse.id),
    });
    expect(again.json()).toEqual({ count: ayseUnread - 1 });

    const all = await notifications.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: asMember(ayse.id),
    });
    expect(all.json()).toEqual({ count: 0, updated: ayseUnread - 1 });
    expect((await inbox(ayse)).every((r) => r.isRead)).toBe(true);
    expect(await unread(ali)).toBe(aliUnread);
    expect((await inbox(ali)).map((r) => r.isRead)).toEqual(theirs.map((r) => r.isRead));

    const garbage = await notifications.app.inject({
      method: 'POST',
      url: '/api/notifications/nope/read',
      headers: asMember(ayse.id),
    });
    expect(garbage.statusCode).toBe(404);
  });

  it('answers visitors with a Turkish 401 on every route', async () => {
    const routes = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', `/api/notifications/${new Types.ObjectId().toString()}/read`],
      ['POST', '/api/notifications/read-all'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await notifications.app.inject({ method, url, headers: asVisitor() });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: 'unauthorized', message: 'Bildirimleri görmek için giriş yapmalısın.' });
    }
    const unsigned = await notifications.app.inject({ url: '/api/notifications' });
    expect(unsigned.statusCode).toBe(401);
  });
});
