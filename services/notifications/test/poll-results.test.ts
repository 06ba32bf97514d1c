/**
 * Voters told when a poll ends, on the real auth, polls and notifications services: polls' sweep announces the end,
 * notifications pages through the voters (`polls.poll.voters`) and grows one unread notification per member, once
 * per poll however often the event comes, never for the creator, and not for a member who switched it off. A ranked
 * poll's creator is told the instant runoff's winner, not the first-preference leader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, subjects, validate } from '@meydan/proto';
import { asMember, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { sweepEndedPolls } from '../../polls/src/jobs/ended-polls.js';
import { castBallot, createPoll, endNow, startPolls, vote, type PollsTestService } from '../../polls/test/support.js';
import { drained, startNotifications, until } from './support.js';

describe('notifications: voters told when a poll they voted on ends', () => {
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let auth: TestService;
  let polls: PollsTestService;
  let notifications: TestService;
  let creator: TestUser;
  let ece: TestUser;
  let kaan: TestUser;
  let quiet: TestUser;

  type Row = { message: string; link: string | null; isRead: boolean };
  const inbox = async (user: TestUser): Promise<Row[]> =>
    (await notifications.app.inject({ url: '/api/notifications', headers: asMember(user.id) })).json();
  const results = async (user: TestUser) => (await inbox(user)).filter((n) => n.message.startsWith('Oy verdiğin'));
  const persisted = (pollId: string, count: number) =>
    until(
      async () => (await polls.app.polls.models.Vote.countDocuments({ pollId })) === count,
      10_000,
      `${count} votes stored`,
    );
  /** A poll the members vote on, then ended by polls' own sweep. */
  async function endedPoll(title: string, voters: TestUser[]): Promise<string> {
    const poll = await createPoll(polls.app, creator.id, { title });
    for (const member of [...voters, creator])
      expect((await vote(polls.app, poll.id, member.id, 0)).statusCode).toBe(200);
    await persisted(poll.id, voters.length + 1);
    await endNow(polls.app, poll.id);
    expect(await sweepEndedPolls(polls.app.polls)).toBe(1);
    await drained(notifications.deps, 'notifications--poll-results');
    return poll.id;
  }

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    polls = await startPolls();
    notifications = await startNotifications(mail.smtpUrl);
    [creator, ece, kaan, quiet] = await Promise.all([
      createUser(auth.deps, { displayName: 'Soran' }),
      createUser(auth.deps, { displayName: 'Ece' }),
      createUser(auth.deps, { displayName: 'Kaan' }),
      createUser(auth.deps, { displayName: 'Sessiz' }),
    ]);
    const off = await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(quiet.id),
      payload: { notifyPollResults: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().notifyPollResults).toBe(false);
  });
  afterAll(async () => {
    await notifications?.close();
    await polls?.close();
    await auth?.close();
    await mail?.stop();
  });

  it('tells each member voter once, linking to the poll; not the creator, not one who switched it off', async () => {
    const pollId = await endedPoll('Çay mı kahve mi?', [ece, kaan, quiet]);
    // The same event again (a redelivery, or a second sweep's announcement) tells nobody twice.
    await polls.app.polls.bus.publish('events.polls.poll.ended', {
      pollId,
      creatorId: creator.id,
      title: 'Çay mı kahve mi?',
      voteCounts: [4, 0],
      totalVotes: 4,
      winnerIndexes: [0],
      at: new Date().toISOString(),
    });
    await drained(notifications.deps, 'notifications--poll-results');
    for (const member of [ece, kaan]) {
      await until(async () => (await results(member)).length === 1, 10_000, 'voter told');
      expect(await results(member)).toEqual([
        expect.objectContaining({
          message: 'Oy verdiğin anket sonuçlandı: “Çay mı kahve mi?”',
          link: `/anket/${pollId}`,
          isRead: false,
        }),
      ]);
    }
    expect(await results(creator)).toEqual([]);
    expect(await results(quiet)).toEqual([]);
  });

  it('grows one unread notification as more of a member’s polls end, then leads to their votes', async () => {
    await endedPoll('Deniz mi dağ mı?', [ece]);
    await until(async () => (await results(ece))[0]?.message === 'Oy verdiğin 2 anket sonuçlandı', 10_000, 'grown');
    expect(await results(ece)).toEqual([
      expect.objectContaining({ message: 'Oy verdiğin 2 anket sonuçlandı', link: '/profil?sekme=oylar' }),
    ]);
    expect(await results(kaan)).toHaveLength(1);
  });

  it('tells voters without searching the notifications: open ones found by id, no unread count read for a member with no socket', async () => {
    const newcomers = await Promise.all([
      createUser(auth.deps, { displayName: 'Yeni 1' }),
      createUser(auth.deps, { displayName: 'Yeni 2' }),
    ]);
    // What the MongoDB-wire store answers by reading every notification: any filter but one `_id`. The old lookup of a
    // member's open notification and the unread count after each new one were such searches, one each per voter.
    const searches: unknown[] = [];
    const mongo = notifications.deps.mongo;
    mongo.set('debug', (collection: string, method: string, filter: unknown) => {
      const byIdOnly = filter !== null && typeof filter === 'object' && Object.keys(filter).join() === '_id';
      if (
        collection.startsWith('notification') &&
        ['find', 'findOne', 'countDocuments', 'updateOne', 'updateMany'].includes(method) &&
        !byIdOnly
      ) {
        searches.push({ collection, method, filter });
      }
    });
    try {
      // Ece has an open notification of ended polls; the newcomers have none yet.
      await endedPoll('Kış mı yaz mı?', [ece, ...newcomers]);
    } finally {
      mongo.set('debug', false);
    }
    expect(searches).toEqual([]);
    expect(await results(ece)).toEqual([
      expect.objectContaining({ message: 'Oy verdiğin 3 anket sonuçlandı', isRead: false }),
    ]);
    for (const member of newcomers) {
      expect(await results(member)).toEqual([
        expect.objectContaining({ message: 'Oy verdiğin anket sonuçlandı: “Kış mı yaz mı?”', isRead: false }),
      ]);
    }
  });

  it('tells no one of a poll nobody voted on, without asking polls for its voters', async () => {
    const asked: string[] = [];
    const spy = polls.deps.nats.subscribe(subjects.polls.pollVoters, {
      callback: (_err, msg) => asked.push(msg.string()),
    });
    // The asks leave on the notifications service's own connection: the server must know of the spy first.
    await polls.deps.nats.flush();
    try {
      const unvoted = await createPoll(polls.app, creator.id, { title: 'Kimse oy vermedi' });
      await endNow(polls.app, unvoted.id);
      expect(await sweepEndedPolls(polls.app.polls)).toBe(1);
      await drained(notifications.deps, 'notifications--poll-results');
      await polls.deps.nats.flush();
    } finally {
      spy.unsubscribe();
    }
    expect(asked).toEqual([]);
  });

  it('pages the voters of a poll in voter order, members only', async () => {
    const poll = await createPoll(polls.app, creator.id, { title: 'Sayfalı' });
    for (const member of [ece, kaan, quiet]) await vote(polls.app, poll.id, member.id, 1);
    await persisted(poll.id, 3);
    const ask = (after: string | null) =>
      notifications.deps.bus.request(subjects.polls.pollVoters, { pollId: poll.id, after, limit: 2 });
    const first = await ask(null);
    expect(first.userIds).toHaveLength(2);
    expect(first.next).toBe(`u:${first.userIds[1]}`);
    const second = await ask(first.next);
    expect(second).toEqual({ userIds: [expect.any(String)], next: null });
    expect(new Set([...first.userIds, ...second.userIds])).toEqual(new Set([ece.id, kaan.id, quiet.id]));
  });

  it('tells a ranked poll’s creator the runoff’s winner, not the first-preference leader', async () => {
    const poll = await createPoll(polls.app, creator.id, {
      title: 'Sıralı seçim',
      options: ['Çay', 'Kahve', 'Ayran'],
      kind: 'ranked',
    });
    // Çay leads the first preferences 3 to 2 to 2; Ayran goes out (tied with Kahve, listed later) and its ballots
    // make Kahve the winner, 4 of 7.
    const ballots = [[0], [0], [0], [1], [1], [2, 1], [2, 1]];
    const voters = await Promise.all(ballots.map((_, i) => createUser(auth.deps, { displayName: `Sıralayan ${i}` })));
    for (const [i, ranking] of ballots.entries())
      expect((await castBallot(polls.app, poll.id, voters[i]!.id, { ranking })).statusCode).toBe(200);
    await persisted(poll.id, ballots.length);
    const ended = polls.deps.nats.subscribe(events.polls.pollEnded);
    await polls.deps.nats.flush();
    await endNow(polls.app, poll.id);
    expect(await sweepEndedPolls(polls.app.polls)).toBe(1);
    const event = await (async () => {
      for await (const msg of ended) {
        const data = msg.json<Record<string, unknown>>();
        if (data['pollId'] === poll.id) return data;
      }
    })();
    ended.unsubscribe();
    expect(validate('meydan/event-poll-ended', event).ok).toBe(true);
    expect(event).toMatchObject({ voteCounts: [3, 2, 2], winnerIndexes: [1], rounds: 2 });
    expect(event!['winnerShare']).toBeCloseTo(4 / 7);
    await drained(notifications.deps, 'notifications--poll-ended');
    const told = async () =>
      (await inbox(creator)).map((n) => n.message).filter((m) => m.startsWith('“Sıralı seçim” anketin sona erdi'));
    await until(async () => (await told()).length === 1, 10_000, 'the creator told');
    expect(await told()).toEqual([
      '“Sıralı seçim” anketin sona erdi: sıralamalı oyun 2. turunda 2. şık %57 ile kazandı (toplam 7 oy).',
    ]);
  });
});
