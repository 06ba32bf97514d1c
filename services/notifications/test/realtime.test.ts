import { Types } from 'mongoose';
import { JSONCodec } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { events, limits, live, validate, type Poll } from '@meydan/proto';
import { IDENTITY_HEADER, signIdentity } from '@meydan/kit';
import {
  TEST_SECRET,
  asMember,
  asVisitor,
  identityHeaders,
  startTestMailDev,
  startTestService,
  type TestService,
} from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import {
  connectError,
  connectSocket,
  connected,
  drained,
  freshDbName,
  portOf,
  recordEvents,
  startNotifications,
  until,
} from './support.js';
import { busyFor, quietFor } from '../../../test/quiet.js';

type Seen = { name: string; payload: unknown }[];
const id = () => new Types.ObjectId().toString();
const names = (seen: Seen) => seen.map((e) => e.name);
const last = (seen: Seen, name: string) => seen.filter((e) => e.name === name).at(-1)?.payload;

describe('realtime: socket.io at /ws on two instances with the Redis adapter', () => {
  let auth: TestService;
  let social: TestService;
  let pollsApp: TestService;
  let socketsOnly: TestService; // instance A: sockets and REST, handles no events
  let worker: TestService; // instance B: handles the events and the live counts
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let ali: TestUser;
  let ayse: TestUser;
  let mehmet: TestUser;
  const mongoDb = freshDbName();
  const sockets: Socket[] = [];
  const polls = { public: '', private: '', friends: '', busy: '' };

  const open = async (headers: Record<string, string> | undefined, port = portOf(socketsOnly.app)) => {
    const socket = connectSocket(port, headers);
    sockets.push(socket);
    const seen = recordEvents(socket);
    return { socket, seen };
  };
  const comment = (creator: TestUser, by: TestUser) =>
    worker.deps.bus.publish(events.polls.commentCreated, {
      pollId: id(),
      creatorId: creator.id,
      commentId: id(),
      userId: by.id,
      text: 'Harika soru!',
      at: new Date().toISOString(),
    });
  const subscribe = (socket: Socket, pollIds: string[]) =>
    socket.timeout(5000).emitWithAck('subscribe_polls', { pollIds }) as Promise<{
      subscribed: string[];
      refused: string[];
    }>;

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    pollsApp = await startTestService('polls', buildPolls);
    socketsOnly = await startNotifications(mail.smtpUrl, { consumers: false, mongoDb, listen: true });
    worker = await startNotifications(mail.smtpUrl, { mongoDb, listen: true });
    [ali, ayse, mehmet] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
    ]);
    // ali ⇄ ayse are mutual friends; mehmet only follows ali.
    for (const [from, to] of [
      [ali, ayse],
      [ayse, ali],
      [mehmet, ali],
    ] as const) {
      const res = await social.app.inject({
        method: 'POST',
        url: `/api/users/${to.id}/follow`,
        headers: asMember(from.id),
      });
      expect(res.json().following).toBe(true);
    }
    // ali's polls, made through the real polls service (which answers `polls.can-view`).
    for (const type of ['public', 'private', 'friends', 'busy'] as const) {
      const res = await pollsApp.app.inject({
        method: 'POST',
        url: '/api/polls',
        headers: asMember(ali.id),
        payload: {
          title: `Hangisi? (${type})`,
          category: 'teknoloji-ai',
          options: ['Kedi', 'Köpek', 'Kuş'],
          type: type === 'busy' ? 'public' : type,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      polls[type] = (res.json() as Poll).id;
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await socketsOnly?.close();
    await worker?.close();
    await pollsApp?.close();
    await social?.close();
    await auth?.close();
    await mail?.stop();
  });

  it('greets a member with auth_success and the unread count, and checks the client auth message', async () => {
    const unreadNow = (
      await socketsOnly.app.inject({ url: '/api/notifications/unread-count', headers: asMember(ali.id) })
    ).json().count;
    expect(unreadNow).toBe(2); // ayse and mehmet follow ali
    const { socket, seen } = await open(asMember(ali.id));
    await connected(socket);
    await until(() => names(seen).includes('notification_count'), 5000, 'greeting');
    expect(seen.slice(0, 2)).toEqual([
      { name: 'auth_success', payload: { userId: ali.id } },
      { name: 'notification_count', payload: { count: 2 } },
    ]);

    socket.emit('auth', { type: 'auth', userId: ali.id });
    await until(() => seen.filter((e) => e.name === 'auth_success').length === 2, 5000, 'own auth');

    socket.emit('auth', { type: 'auth', userId: ayse.id });
    socket.emit('message', { type: 'auth', userId: ayse.id });
    await until(() => names(seen).filter((n) => n === 'auth_error').length === 2, 5000, 'auth errors');
    expect(last(seen, 'auth_error')).toEqual({
      error: 'forbidden',
      message: 'Bu bağlantı başka bir kullanıcıya ait; kimlik doğrulanamadı.',
    });
    expect(validate('meydan/socket-error', last(seen, 'auth_error')).ok).toBe(true);
    expect(
      seen.filter((e) => e.name === 'auth_success').every((e) => (e.payload as { userId: string }).userId === ali.id),
    ).toBe(true);
  });

  it('refuses a connection without the gateway-signed identity, or with a forged one', async () => {
    const bare = await open(undefined);
    expect((await connectError(bare.socket)).message).toMatch(/websocket error|unauthorized/);
    bare.socket.disconnect();
    const forged = await open(identityHeaders({ userId: ali.id, role: 'member' }, 'not-the-internal-secret-000'));
    await connectError(forged.socket);
    forged.socket.disconnect();
    // Correctly signed, but for another request: lifted from a call to polls, it opens no socket here.
    const lifted = signIdentity({ userId: ali.id, role: 'member' }, TEST_SECRET, {
      method: 'GET',
      path: '/api/polls',
      service: 'polls',
    });
    const replayed = await open({ [IDENTITY_HEADER]: lifted });
    await connectError(replayed.socket);
    replayed.socket.disconnect();
    expect(names(bare.seen).concat(names(forged.seen), names(replayed.seen))).toEqual([]);
  });

  it('delivers on instance A a notification whose event instance B handled', async () => {
    const { socket, seen } = await open(asMember(ayse.id));
    await connected(socket);
    await until(() => names(seen).includes('notification_count'), 5000, 'greeting');
    const before = (last(seen, 'notification_count') as { count: number }).count;
    await comment(ayse, ali);
    await until(() => names(seen).includes('notification'), 10_000, 'notification through the adapter');
    const { data } = last(seen, 'notification') as {
      data: { id: string; message: string; isRead: boolean; createdAt: string };
    };
    expect(data).toMatchObject({ message: 'Ali Yılmaz anketine yorum yaptı: “Harika soru!”', isRead: false });
    expect(validate('meydan/notification', data).ok).toBe(true);
    await until(() => (last(seen, 'notification_count') as { count: number }).count === before + 1, 5000, 'count + 1');

    // Reading it on instance A updates the count on the socket too.
    const read = await socketsOnly.app.inject({
      method: 'POST',
      url: `/api/notifications/${data.id}/read`,
      headers: asMember(ayse.id),
    });
    expect(read.json()).toEqual({ count: before });
    await until(() => (last(seen, 'notification_count') as { count: number }).count === before, 5000, 'count back');
  });

  it('gives a visitor socket no user events and no friends or private polls; public polls it may follow', async () => {
    const visitor = await open(asVisitor());
    const member = await open(asMember(mehmet.id));
    await Promise.all([connected(visitor.socket), connected(member.socket)]);
    await until(() => names(member.seen).includes('notification_count'), 5000, 'member greeting');

    visitor.socket.emit('auth', { type: 'auth', userId: ali.id });
    await until(() => names(visitor.seen).includes('auth_error'), 5000, 'visitor auth refused');
    expect(last(visitor.seen, 'auth_error')).toEqual({
      error: 'unauthorized',
      message: 'Bildirimler için giriş yapmalısın.',
    });

    await comment(mehmet, ayse);
    await until(() => names(member.seen).includes('notification'), 10_000, 'member notification');
    expect(names(visitor.seen)).toEqual(['auth_error']);

    const asVisitorResult = await subscribe(visitor.socket, [polls.public, polls.private, polls.friends]);
    expect(asVisitorResult).toEqual({
      subscribed: [polls.public],
      refused: expect.arrayContaining([polls.private, polls.friends]),
    });
    expect(asVisitorResult.refused).toHaveLength(2);
    // A member who is not the creator's mutual friend gets the private poll but not the friends one; a friend gets the
    // friends one only once she voted on it (its counts are for voters: polls.can-view).
    expect(await subscribe(member.socket, [polls.private, polls.friends])).toEqual({
      subscribed: [polls.private],
      refused: [polls.friends],
    });
    const friend = await open(asMember(ayse.id));
    await connected(friend.socket);
    expect(await subscribe(friend.socket, [polls.friends, polls.private])).toEqual({
      subscribed: [polls.private],
      refused: [polls.friends],
    });
    friend.socket.disconnect();
    const bad = await subscribe(visitor.socket, []);
    expect(bad).toMatchObject({ subscribed: [], refused: [], error: 'validation' });

    // Votes on all three: the visitor hears the counts of the public poll only.
    for (const [pollId, voter, optionIndex] of [
      [polls.friends, ayse, 2],
      [polls.private, mehmet, 1],
      [polls.public, mehmet, 0],
    ] as const) {
      const res = await pollsApp.app.inject({
        method: 'POST',
        url: `/api/polls/${pollId}/vote`,
        headers: asMember(voter.id),
        payload: { optionIndex },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await until(() => names(visitor.seen).includes('poll_update'), 5000, 'public poll update');
    await until(() => names(member.seen).includes('poll_update'), 5000, 'private poll update');
    // Well after the comment's notification went out, the visitor still has none.
    expect(names(visitor.seen)).not.toContain('notification');
    const updates = visitor.seen
      .filter((e) => e.name === 'poll_update')
      .map((e) => (e.payload as { data: { pollId: string } }).data.pollId);
    expect(updates).toEqual([polls.public]);
    // The visitor did not vote on the poll it follows (after-vote, the default): the total alone, as over HTTP; the
    // member voted on theirs: the counts.
    expect(last(visitor.seen, 'poll_update')).toEqual({
      data: { pollId: polls.public, voteCounts: {}, totalVotes: 1, countsHidden: true },
    });
    expect(last(member.seen, 'poll_update')).toEqual({
      data: { pollId: polls.private, voteCounts: { 0: 0, 1: 1, 2: 0 }, totalVotes: 1 },
    });
  });

  it('turns a vote through the polls service into a live notification for the creator and live counts on screen', async () => {
    const created = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(ali.id),
      payload: {
        title: 'Bu akşam ne izleyelim?',
        category: 'film-dizi-anime',
        options: ['Film', 'Dizi'],
        type: 'friends',
      },
    });
    const poll = (created.json() as Poll).id;
    const creator = await open(asMember(ali.id));
    const friend = await open(asMember(ayse.id));
    await Promise.all([connected(creator.socket), connected(friend.socket)]);
    await until(() => names(creator.seen).includes('notification_count'), 5000, 'creator greeting');
    // A Dost Meclisi poll's live counts are for those who voted on it: the friend follows it once she has.
    expect(await subscribe(friend.socket, [poll])).toEqual({ subscribed: [], refused: [poll] });

    const res = await pollsApp.app.inject({
      method: 'POST',
      url: `/api/polls/${poll}/vote`,
      headers: asMember(ayse.id),
      payload: { optionIndex: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscribe(friend.socket, [poll])).toEqual({ subscribed: [poll], refused: [] });
    // The creator votes on his own poll too (no notification for that): the friend sees it live.
    const own = await pollsApp.app.inject({
      method: 'POST',
      url: `/api/polls/${poll}/vote`,
      headers: asMember(ali.id),
      payload: { optionIndex: 0 },
    });
    expect(own.statusCode, own.body).toBe(200);

    await until(() => names(friend.seen).includes('poll_update'), 10_000, 'poll_update from the polls service');
    await until(
      () => (last(friend.seen, 'poll_update') as { data: { totalVotes: number } }).data.totalVotes === 2,
      10_000,
      'both votes live',
    );
    expect(last(friend.seen, 'poll_update')).toEqual({
      data: { pollId: poll, voteCounts: { 0: 1, 1: 1 }, totalVotes: 2 },
    });
    const voteNote = () =>
      creator.seen.find(
        (e) => e.name === 'notification' && (e.payload as { data: { link: string } }).data.link === `/anket/${poll}`,
      );
    await until(() => voteNote() !== undefined, 10_000, 'vote notification');
    expect((voteNote()!.payload as { data: { message: string } }).data.message).toBe('Anketine 1 yeni oy geldi');
    // The friend heard nothing about the vote, but was told that ali asked in Dost Meclisi (the polls service's event).
    const friendHeard = friend.seen
      .filter((e) => e.name === 'notification')
      .map((e) => (e.payload as { data: { message: string } }).data.message);
    expect(friendHeard).not.toContain('Anketine 1 yeni oy geldi');
    await until(
      async () => {
        const rows = (await worker.app.inject({ url: '/api/notifications', headers: asMember(ayse.id) })).json() as {
          message: string;
          link: string;
        }[];
        return rows.some(
          (r) =>
            r.link === `/anket/${poll}` &&
            r.message === "Ali Yılmaz Dost Meclisi'nde soruyor: “Bu akşam ne izleyelim?”",
        );
      },
      10_000,
      'Dost Meclisi notification',
    );
  });

  it('moves the voters of an after-vote poll into its voters on either instance, votes that came together told together', async () => {
    const created = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(ali.id),
      payload: { title: 'Kahve mi, çay mı?', category: 'gunluk-hayat', options: ['Kahve', 'Çay'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const poll = (created.json() as Poll).id;
    // Five voters and one who does not vote, their sockets on either instance: each follows the poll before voting.
    const voters = [id(), id(), id(), id(), id()];
    const onlooker = id();
    const opened = await Promise.all(
      [...voters, onlooker].map((userId, i) => open(asMember(userId), portOf(i % 2 ? worker.app : socketsOnly.app))),
    );
    await Promise.all(opened.map((o) => connected(o.socket)));
    for (const o of opened) expect(await subscribe(o.socket, [poll])).toEqual({ subscribed: [poll], refused: [] });

    // What polls tells on live.polls.voted: each vote once, those of the same few ms in one message.
    const told: { votes: { pollId: string; voter: string }[] }[] = [];
    const heard = worker.deps.nats.subscribe(live.pollVoted, {
      callback: (_err, msg) => void told.push(JSONCodec<(typeof told)[number]>().decode(msg.data)),
    });
    await worker.deps.nats.flush();
    const answers = await Promise.all(
      voters.map((userId, i) =>
        pollsApp.app.inject({
          method: 'POST',
          url: `/api/polls/${poll}/vote`,
          headers: asMember(userId),
          payload: { optionIndex: i % 2 },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    type Update = {
      data: { pollId: string; voteCounts: Record<string, number>; totalVotes: number; countsHidden?: true };
    };
    const updates = (seen: Seen) => seen.filter((e) => e.name === 'poll_update').map((e) => (e.payload as Update).data);
    // Every voter's socket gets the counts of all five (from its own vote's message, or the live counts after it)…
    for (const o of opened.slice(0, voters.length)) {
      await until(
        () => updates(o.seen).some((u) => !u.countsHidden && u.totalVotes === 5),
        10_000,
        'a voter’s socket has the counts',
      );
      expect(updates(o.seen).find((u) => u.totalVotes === 5 && !u.countsHidden)).toEqual({
        pollId: poll,
        voteCounts: { 0: 3, 1: 2 },
        totalVotes: 5,
      });
    }
    // …and the one who did not vote, the total alone.
    const onlookerSeen = opened.at(-1)!.seen;
    await until(() => updates(onlookerSeen).some((u) => u.totalVotes === 5), 10_000, 'the onlooker has the total');
    expect(updates(onlookerSeen).every((u) => u.countsHidden === true && Object.keys(u.voteCounts).length === 0)).toBe(
      true,
    );
    await worker.deps.nats.flush();
    heard.unsubscribe();
    const toldVotes = told.flatMap((m) => m.votes).filter((v) => v.pollId === poll);
    expect(toldVotes.map((v) => v.voter).sort()).toEqual(voters.map((v) => `u:${v}`).sort());
    process.stderr.write(`five votes told live in ${told.length} message(s)\n`);
  });

  it('coalesces 1,000 live count messages in a second into at most one poll_update per interval, the last one exact', async () => {
    const watcher = await open(asVisitor());
    const bystander = await open(asVisitor());
    await Promise.all([connected(watcher.socket), connected(bystander.socket)]);
    expect(await subscribe(watcher.socket, [polls.busy])).toEqual({ subscribed: [polls.busy], refused: [] });

    const counts = [0, 0, 0];
    const started = Date.now();
    let firstAt = 0;
    watcher.socket.on('poll_update', () => {
      firstAt ||= Date.now();
    });
    for (let burst = 0; burst < 20; burst++) {
      for (let i = 0; i < 50; i++) {
        const n = burst * 50 + i;
        counts[n % 3]! += 1;
        worker.deps.nats.publish(
          live.pollCounts,
          JSON.stringify({
            pollId: polls.busy,
            voteCounts: Object.fromEntries(counts.map((c, index) => [String(index), c])),
            totalVotes: n + 1,
            at: new Date().toISOString(),
          }),
        );
      }
      await busyFor(50); // paces the bursts: 1,000 messages over about a second
    }
    const sentFor = Date.now() - started;
    const total = () =>
      (last(watcher.seen, 'poll_update') as { data: { totalVotes: number } } | undefined)?.data.totalVotes;
    await until(() => total() === 1000, 5000, 'final counts');
    await quietFor(4 * limits.notifications.pollUpdateCoalesceMs, 'no poll_update after the final counts');
    const updates = watcher.seen.filter((e) => e.name === 'poll_update');
    expect(firstAt - started).toBeLessThan(500); // the first goes out at once
    expect(updates.length).toBeGreaterThanOrEqual(2);
    // One at once, then at most one per interval while messages keep coming, and the trailing one (1,000 messages
    // would otherwise be 1,000 pushes).
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(sentFor / limits.notifications.pollUpdateCoalesceMs) + 2);
    expect(updates.at(-1)!.payload).toEqual({
      data: { pollId: polls.busy, voteCounts: { 0: 334, 1: 333, 2: 333 }, totalVotes: 1000 },
    });
    expect(validate('meydan/poll-update', (updates.at(-1)!.payload as { data: unknown }).data).ok).toBe(true);
    const totals = updates.map((u) => (u.payload as { data: { totalVotes: number } }).data.totalVotes);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(names(bystander.seen)).toEqual([]);
  });

  it('relays counts whose total went down (a vote taken back) when they are newer, and never older counts after them', async () => {
    const watcher = await open(asVisitor());
    await connected(watcher.socket);
    expect(await subscribe(watcher.socket, [polls.public])).toEqual({ subscribed: [polls.public], refused: [] });
    const totals = () =>
      watcher.seen
        .filter((e) => e.name === 'poll_update')
        .map((e) => (e.payload as { data: { totalVotes: number } }).data.totalVotes);
    const send = (totalVotes: number, atMs: number) =>
      worker.deps.nats.publish(
        live.pollCounts,
        JSON.stringify({
          pollId: polls.public,
          voteCounts: { 0: totalVotes, 1: 0, 2: 0 },
          totalVotes,
          at: new Date(atMs).toISOString(),
        }),
      );
    const t0 = Date.now();
    send(2, t0);
    await until(() => totals().includes(2), 5000, 'two votes');
    // One taken back: fewer votes, later counts.
    send(1, t0 + 1000);
    await until(() => totals().includes(1), 5000, 'the vote taken back');
    // Counts read before both arrive late: not relayed. The next newer ones are.
    send(5, t0 - 1000);
    send(0, t0 + 2000);
    await until(() => totals().includes(0), 5000, 'the last counts');
    expect(totals()).toEqual([2, 1, 0]);
  });

  it("closes a member's sockets on every instance when their sessions are revoked", async () => {
    const revoked = await open(asMember(mehmet.id));
    const other = await open(asMember(ayse.id));
    await Promise.all([connected(revoked.socket), connected(other.socket)]);
    const reason = new Promise<string>((resolve) => revoked.socket.once('disconnect', (r) => resolve(r)));
    await worker.deps.bus.publish(events.auth.sessionsRevoked, { userId: mehmet.id, at: new Date().toISOString() });
    expect(await reason).toBe('io server disconnect'); // the client does not reconnect by itself
    // A round trip on the other member's socket, answered after the revocation was handled: it stayed open.
    expect(await subscribe(other.socket, [])).toMatchObject({ error: 'validation' });
    expect(revoked.socket.connected).toBe(false);
    expect(other.socket.connected).toBe(true);
  });

  it('greets a socket opened just after a notification came with the new unread count, though none was open then', async () => {
    // Mehmet's socket on A is greeted (A keeps that count a moment for further greetings), then closed.
    const first = await open(asMember(mehmet.id));
    await connected(first.socket);
    await until(() => names(first.seen).includes('notification_count'), 5000, 'greeting');
    const before = (last(first.seen, 'notification_count') as { count: number }).count;
    first.socket.disconnect();

    // B stores a notification for him and tells A his count changed, while he has no socket on A. Ali's count, told
    // after it through the same adapter, says when A has heard of Mehmet's.
    const marker = await open(asMember(ali.id));
    await connected(marker.socket);
    await until(() => names(marker.seen).includes('notification_count'), 5000, 'marker greeting');
    const aliBefore = (last(marker.seen, 'notification_count') as { count: number }).count;
    await comment(mehmet, ayse);
    await drained(worker.deps, 'notifications--comments');
    await comment(ali, ayse);
    await until(
      () => (last(marker.seen, 'notification_count') as { count: number }).count === aliBefore + 1,
      5000,
      "ali's count on A",
    );

    // The socket he opens now (a sign-in's new handshake) is greeted with the count that includes it.
    const second = await open(asMember(mehmet.id));
    await connected(second.socket);
    await until(() => names(second.seen).includes('notification_count'), 5000, 'second greeting');
    expect(last(second.seen, 'notification_count')).toEqual({ count: before + 1 });
  });

  it('reconnects a client after its instance restarts, with the right unread count', async () => {
    const port = portOf(socketsOnly.app);
    const { socket, seen } = await open(asMember(ali.id), port);
    await connected(socket);
    await until(() => names(seen).includes('notification_count'), 5000, 'greeting');
    const before = (last(seen, 'notification_count') as { count: number }).count;

    // Instance A goes away (its store stays: it is shared with B).
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await socketsOnly.app.close();
    await socketsOnly.deps.close();
    expect(await disconnected).toBe('transport close');

    // Meanwhile B handles two more events for ali.
    await comment(ali, ayse);
    await comment(ali, ayse);
    await drained(worker.deps, 'notifications--comments');
    seen.length = 0;

    // A comes back on the same port; the client reconnects by itself and is told the right count.
    socketsOnly = await startNotifications(mail.smtpUrl, { consumers: false, mongoDb });
    await socketsOnly.app.listen({ host: '127.0.0.1', port });
    await until(() => names(seen).includes('notification_count'), 10_000, 'count after reconnect');
    expect(seen.slice(0, 2)).toEqual([
      { name: 'auth_success', payload: { userId: ali.id } },
      { name: 'notification_count', payload: { count: before + 2 } },
    ]);
    const rest = await socketsOnly.app.inject({ url: '/api/notifications/unread-count', headers: asMember(ali.id) });
    expect(rest.json()).toEqual({ count: before + 2 });
  });
});
