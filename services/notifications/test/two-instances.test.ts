import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { events, live, type Poll } from '@meydan/proto';
import type { ConsumeOptions, EventContext, ServiceDeps } from '@meydan/kit';
import { asMember, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { buildApp } from '../src/app.js';
import { connectSocket, connected, freshDbName, portOf, recordEvents, until } from './support.js';

type Instance = 'A' | 'B';
type Seen = { name: string; payload: unknown }[];

/**
 * Two full notifications processes (both consume events and live counts) on one Redis and one NATS. Which of them
 * handles a message is up to the queue groups, so each instance's bus reports what it handled: the test sends until
 * both have handled some, and checks that every one reached the sockets on both instances.
 */
describe('two notifications processes sharing Redis and NATS', () => {
  let auth: TestService;
  let pollsApp: TestService;
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  const instances = {} as Record<Instance, TestService>;
  /** The poll of each comment event and the instance that stored its notification. */
  const commentsHandled = new Map<string, Instance>();
  /** The totalVotes of each live count message and the instance that relayed it. */
  const countsRelayed = new Map<number, Instance>();
  const sockets: Socket[] = [];
  const mongoDb = freshDbName();
  let ali: TestUser;
  let ayse: TestUser;
  let pollId = '';

  /** Builds the app as main does, with the bus telling which instance handled each comment and live count. */
  const startInstance = (name: Instance) =>
    startTestService(
      'notifications',
      (deps: ServiceDeps) => {
        const bus = deps.bus;
        const consume = bus.consume.bind(bus);
        bus.consume = ((options: ConsumeOptions<{ pollId: string }>) =>
          consume({
            ...options,
            handler: async (payload: { pollId: string }, ctx: EventContext) => {
              await options.handler(payload, ctx);
              if (ctx.subject === events.polls.commentCreated) commentsHandled.set(payload.pollId, name);
            },
          } as never)) as typeof bus.consume;
        const subscribeLive = bus.subscribeLive.bind(bus);
        bus.subscribeLive = ((subject, handler, options) =>
          subscribeLive(
            subject,
            (payload, ctx) => {
              handler(payload, ctx);
              if (subject === live.pollCounts) countsRelayed.set((payload as { totalVotes: number }).totalVotes, name);
            },
            options,
          )) as typeof bus.subscribeLive;
        return buildApp(deps);
      },
      { config: { SMTP_URL: mail.smtpUrl, MONGO_DB: mongoDb } as never, listen: true },
    );

  const open = (instance: Instance, headers: Record<string, string>) => {
    const socket = connectSocket(portOf(instances[instance].app), headers);
    sockets.push(socket);
    return { socket, seen: recordEvents(socket) };
  };
  const notificationFor = (seen: Seen, poll: string) =>
    seen.some((e) => e.name === 'notification' && JSON.stringify(e.payload).includes(poll));
  const updateWith = (seen: Seen, totalVotes: number) =>
    seen.some(
      (e) => e.name === 'poll_update' && (e.payload as { data: { totalVotes: number } }).data.totalVotes === totalVotes,
    );

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    pollsApp = await startTestService('polls', buildPolls);
    instances.A = await startInstance('A');
    instances.B = await startInstance('B');
    [ali, ayse] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
    ]);
    const res = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(ali.id),
      payload: { title: 'Çay mı kahve mi?', category: 'teknoloji-ai', options: ['Çay', 'Kahve'], type: 'public' },
    });
    expect(res.statusCode, res.body).toBe(201);
    pollId = (res.json() as Poll).id;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await instances.A?.close();
    await instances.B?.close();
    await pollsApp?.close();
    await auth?.close();
    await mail?.stop();
  });

  it("delivers each notification to the member's sockets on both instances, whichever consumed the event", async () => {
    const onA = open('A', asMember(ali.id));
    const onB = open('B', asMember(ali.id));
    await Promise.all([connected(onA.socket), connected(onB.socket)]);
    await until(
      () => onA.seen.some((e) => e.name === 'auth_success') && onB.seen.some((e) => e.name === 'auth_success'),
      5000,
      'both greeted',
    );

    const handledBy = () => new Set(commentsHandled.values());
    for (let sent = 0; sent < 40 && handledBy().size < 2; sent++) {
      // A comment on a poll of its own: notifications of one poll would be grouped into one.
      const poll = new Types.ObjectId().toString();
      await instances.A.deps.bus.publish(events.polls.commentCreated, {
        pollId: poll,
        creatorId: ali.id,
        commentId: new Types.ObjectId().toString(),
        userId: ayse.id,
        text: 'Bence kahve!',
        at: new Date().toISOString(),
      });
      // The handler may still be finishing (its acknowledgement, the unread count) when the sockets get the
      // notification, so the instance that handled it is waited for too.
      await until(
        () => notificationFor(onA.seen, poll) && notificationFor(onB.seen, poll) && commentsHandled.has(poll),
        10_000,
        `notification of ${poll} on both, and the instance that handled it`,
      );
    }
    // Both consumed some, and each notification reached the socket on the other instance through the Redis adapter.
    expect(handledBy()).toEqual(new Set(['A', 'B']));
    // So did the unread count: both sockets end on the stored one, whichever instance wrote last.
    const unread = (
      await instances.B.app.inject({ url: '/api/notifications/unread-count', headers: asMember(ali.id) })
    ).json().count;
    expect(unread).toBe(commentsHandled.size);
    const lastCount = (seen: Seen) =>
      (seen.filter((e) => e.name === 'notification_count').at(-1)?.payload as { count?: number } | undefined)?.count;
    await until(() => lastCount(onA.seen) === unread && lastCount(onB.seen) === unread, 10_000, 'unread count on both');
  });

  it('relays poll_update to sockets following the poll on both instances, whichever relayed the live counts', async () => {
    const onA = open('A', asMember(ayse.id));
    const onB = open('B', asMember(ayse.id));
    await Promise.all([connected(onA.socket), connected(onB.socket)]);
    for (const { socket } of [onA, onB]) {
      const ack = (await socket.timeout(5000).emitWithAck('subscribe_polls', { pollIds: [pollId] })) as {
        subscribed: string[];
      };
      expect(ack.subscribed).toEqual([pollId]);
    }

    const relayedBy = () => new Set(countsRelayed.values());
    for (let totalVotes = 1; totalVotes <= 40 && relayedBy().size < 2; totalVotes++) {
      instances.B.deps.bus.publishLive(live.pollCounts, {
        pollId,
        voteCounts: { 0: totalVotes, 1: 0 },
        totalVotes,
        at: new Date().toISOString(),
      });
      await until(
        () => updateWith(onA.seen, totalVotes) && updateWith(onB.seen, totalVotes),
        10_000,
        `poll_update ${totalVotes} on both`,
      );
      expect(countsRelayed.has(totalVotes)).toBe(true);
    }
    expect(relayedBy()).toEqual(new Set(['A', 'B']));
  });

  it("closes the member's sockets on both instances when their sessions are revoked, whichever consumed the event", async () => {
    const mehmet = await createUser(auth.deps, { displayName: 'Mehmet Kaya' });
    const onA = open('A', asMember(mehmet.id));
    const onB = open('B', asMember(mehmet.id));
    await Promise.all([connected(onA.socket), connected(onB.socket)]);
    const closedBy: Record<Instance, string | undefined> = { A: undefined, B: undefined };
    onA.socket.on('disconnect', (reason) => (closedBy.A = reason));
    onB.socket.on('disconnect', (reason) => (closedBy.B = reason));
    await instances.A.deps.bus.publish(events.auth.sessionsRevoked, {
      userId: mehmet.id,
      at: new Date().toISOString(),
    });
    await until(() => closedBy.A && closedBy.B, 10_000, 'both sockets closed');
    // Closed by the server (not a lost transport), so the clients do not reconnect.
    expect(closedBy).toEqual({ A: 'io server disconnect', B: 'io server disconnect' });
  });
});
