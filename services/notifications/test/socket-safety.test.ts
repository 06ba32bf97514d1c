import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  notificationLimits,
  notificationMessages as M,
  subjects,
  validate,
  type PollSubscriptionResult,
  type ShareablePollCreated,
} from '@meydan/proto';
import {
  asMember,
  asVisitor,
  identityHeaders,
  startTestMailDev,
  startTestService,
  type TestService,
} from '@meydan/testing';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { connectSocket, connected, freshDbName, portOf, recordEvents, startNotifications, until } from './support.js';

const id = () => new Types.ObjectId().toString();

describe('socket safety: share-link polls by code only, capped and throttled subscriptions', () => {
  let pollsApp: TestService;
  let notifications: TestService;
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  const sockets: Socket[] = [];
  const creator = id();
  let shared = { id: '', code: '' };

  const open = async (headers: Record<string, string>) => {
    const socket = connectSocket(portOf(notifications.app), headers);
    sockets.push(socket);
    const seen = recordEvents(socket);
    await connected(socket);
    return { socket, seen };
  };
  const subscribe = (socket: Socket, payload: object) =>
    socket.timeout(5000).emitWithAck('subscribe_polls', payload) as Promise<PollSubscriptionResult>;
  const unsubscribe = (socket: Socket, payload: object) =>
    socket.timeout(5000).emitWithAck('unsubscribe_polls', payload) as Promise<PollSubscriptionResult>;

  beforeAll(async () => {
    mail = await startTestMailDev();
    pollsApp = await startTestService('polls', buildPolls);
    notifications = await startNotifications(mail.smtpUrl, { mongoDb: freshDbName(), listen: true });
    const res = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls/shareable',
      headers: asMember(creator),
      payload: { title: 'Linkle gelen soru', category: 'teknoloji-ai', options: ['Evet', 'Hayır'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { poll } = res.json() as ShareablePollCreated;
    shared = { id: poll.id, code: poll.shortUrl! };
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await notifications?.close();
    await pollsApp?.close();
    await mail?.stop();
  });

  it('refuses a share-link poll by id to anyone but its creator, and follows it by its code with live counts', async () => {
    const visitor = await open(asVisitor());
    const member = await open(asMember(id()));
    const owner = await open(asMember(creator));

    expect(await subscribe(visitor.socket, { pollIds: [shared.id] })).toEqual({ subscribed: [], refused: [shared.id] });
    expect(await subscribe(member.socket, { pollIds: [shared.id] })).toEqual({ subscribed: [], refused: [shared.id] });
    expect(await subscribe(owner.socket, { pollIds: [shared.id] })).toEqual({ subscribed: [shared.id], refused: [] });

    const byCode = await subscribe(visitor.socket, { codes: [shared.code, 'NOPE123456'] });
    expect(byCode).toEqual({
      subscribed: [],
      refused: [],
      subscribedCodes: [shared.code],
      refusedCodes: ['NOPE123456'],
    });
    expect(validate('meydan/poll-subscription-result', byCode).ok).toBe(true);

    const vote = await pollsApp.app.inject({
      method: 'POST',
      url: `/api/s/${shared.code}/vote`,
      headers: identityHeaders({ visitorId: id(), ip: '10.1.2.3' }),
      payload: { optionIndex: 1 },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const update = () =>
      visitor.seen.find((e) => e.name === 'poll_update')?.payload as
        | { data: { pollId: string; totalVotes: number } }
        | undefined;
    await until(() => update()?.data.totalVotes === 1, 10_000, 'live count by code');
    expect(update()!.data.pollId).toBe(shared.id);
    expect(member.seen.some((e) => e.name === 'poll_update')).toBe(false);

    const bad = await subscribe(visitor.socket, { codes: ['kod ile/boşluk'] });
    expect(bad).toEqual({ subscribed: [], refused: [], error: 'validation', message: M.codesInvalid });
    expect((await unsubscribe(visitor.socket, { codes: [shared.code] })).subscribed).not.toContain(shared.id);

    // The creator follows it by id and by code: leaving one way keeps the other.
    expect((await subscribe(owner.socket, { codes: [shared.code] })).subscribedCodes).toEqual([shared.code]);
    expect((await unsubscribe(owner.socket, { codes: [shared.code] })).subscribed).toContain(shared.id);
    expect((await unsubscribe(owner.socket, { pollIds: [shared.id] })).subscribed).not.toContain(shared.id);
  });

  it('caps the polls of one socket in total, even when calls arrive together', async () => {
    const { socket } = await open(asVisitor());
    const calls = 5; // 5 × 50 ids > 200
    const answers = await Promise.all(
      Array.from({ length: calls }, () =>
        subscribe(socket, { pollIds: Array.from({ length: notificationLimits.pollsPerRequest }, id) }),
      ),
    );
    const capped = answers.filter((a) => a.message === M.tooManySubscriptions);
    expect(capped.length).toBeGreaterThanOrEqual(1);
    for (const a of capped) expect(a).toMatchObject({ subscribed: [], error: 'validation' });
  });

  it(`takes at most ${notificationLimits.subscribeCallsPerWindow} subscribe calls per socket in ${notificationLimits.subscribeWindowMs / 1000} s`, async () => {
    const { socket } = await open(asVisitor());
    const other = await open(asVisitor());
    for (let i = 0; i < notificationLimits.subscribeCallsPerWindow; i++) {
      expect((await subscribe(socket, { pollIds: [id()] })).error).toBeUndefined();
    }
    const refused = await subscribe(socket, { pollIds: [id()] });
    expect(refused).toMatchObject({
      subscribed: [],
      refused: [],
      error: 'rate_limited',
      message: M.subscribingTooOften,
    });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(notificationLimits.subscribeWindowMs / 1000);
    expect(validate('meydan/poll-subscription-result', refused).ok).toBe(true);
    // The throttle is the socket's own: another socket is not held back.
    expect((await subscribe(other.socket, { pollIds: [id()] })).error).toBeUndefined();
  });

  it(`takes at most ${notificationLimits.subscribeCallsPerWindow} unsubscribe calls per socket in ${notificationLimits.subscribeWindowMs / 1000} s, apart from the subscribe calls`, async () => {
    const { socket } = await open(asVisitor());
    for (let i = 0; i < notificationLimits.subscribeCallsPerWindow; i++) {
      expect((await unsubscribe(socket, { pollIds: [id()] })).error).toBeUndefined();
    }
    const refused = await unsubscribe(socket, { pollIds: [id()] });
    expect(refused).toMatchObject({
      subscribed: [],
      refused: [],
      error: 'rate_limited',
      message: M.subscribingTooOften,
    });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(notificationLimits.subscribeWindowMs / 1000);
    expect(validate('meydan/poll-subscription-result', refused).ok).toBe(true);
    expect((await subscribe(socket, { pollIds: [id()] })).error).toBeUndefined();
  });

  it('asks polls about a poll once a minute per socket, however often the socket follows and leaves it', async () => {
    const { socket } = await open(asMember(creator));
    const strangers = Array.from({ length: 9 }, id);
    const asked: string[] = [];
    const spy = pollsApp.deps.nats.subscribe(subjects.polls.canView, {
      callback: (_err, msg) => asked.push(msg.string()),
    });
    // The asks leave on the notifications service's own connection: the server must know of the spy before the first.
    await pollsApp.deps.nats.flush();
    try {
      for (let round = 0; round < 10; round++) {
        const followed = await subscribe(socket, { pollIds: [shared.id, ...strangers] });
        expect(followed).toEqual({ subscribed: [shared.id], refused: strangers });
        expect((await unsubscribe(socket, { pollIds: [shared.id, ...strangers] })).subscribed).toEqual([]);
      }
      await pollsApp.deps.nats.flush();
      expect(asked).toHaveLength(10);
    } finally {
      spy.unsubscribe();
    }
  });

  it(`checks at most ${notificationLimits.pollChecksPerMinute} new polls a minute per socket`, async () => {
    const { socket } = await open(asVisitor());
    const calls = Math.ceil(notificationLimits.pollChecksPerMinute / notificationLimits.pollsPerRequest);
    for (let i = 0; i < calls; i++) {
      const answer = await subscribe(socket, {
        pollIds: Array.from({ length: notificationLimits.pollsPerRequest }, id),
      });
      expect(answer.error, `call ${i + 1}`).toBeUndefined();
    }
    const refused = await subscribe(socket, { pollIds: [id()] });
    expect(refused).toMatchObject({ subscribed: [], refused: [], error: 'rate_limited', message: M.checkingTooMany });
    expect(refused.retryAfter).toBeGreaterThan(notificationLimits.subscribeWindowMs / 1000);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(validate('meydan/poll-subscription-result', refused).ok).toBe(true);
  });

  it('reads a member’s unread count once for a burst of auth messages, not once per message', async () => {
    const member = id();
    const model = notifications.deps.mongo.models['Notification']!;
    const counts = vi.spyOn(model, 'countDocuments');
    try {
      const { socket, seen } = await open(asMember(member));
      await until(() => seen.some((e) => e.name === 'notification_count'), 5000, 'greeting');
      for (let i = 0; i < 30; i++) socket.emit(i % 2 ? 'auth' : 'message', { type: 'auth', userId: member });
      await until(() => seen.filter((e) => e.name === 'notification_count').length === 31, 5000, 'every auth answered');
      expect(
        seen.filter((e) => e.name === 'notification_count').every((e) => (e.payload as { count: number }).count === 0),
      ).toBe(true);
      const forMember = counts.mock.calls.filter(
        ([filter]) => (filter as { userId?: string } | undefined)?.userId === member,
      );
      expect(forMember.length).toBeLessThanOrEqual(2);
    } finally {
      counts.mockRestore();
    }
  });
});
