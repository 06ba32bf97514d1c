// @vitest-environment jsdom
import type { NotificationItem, Poll, PollList } from '@meydan/proto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { socketContracts } from '@meydan/proto';
import { RealtimeHub, loadServerEventValidators, readServerEvent } from '../src/store/realtime/hub';
import { DeferredSocket } from '../src/store/realtime/socket';
import { socketSchemas } from '../src/lib/socket-schemas';
import { notificationsApi } from '../src/features/notifications/notificationsApi';
import { pollsApi } from '../src/features/polls/pollsApi';
import { shareLinkApi } from '../src/features/share-link/shareLinkApi';
import { FakeSocket, fakeApi, testStore } from './helpers';
import { testPoll } from './pollFixture';
import { selectPoll, selectPolls } from '../src/store/pollsSlice';

afterEach(() => {
  vi.unstubAllGlobals();
});
beforeAll(loadServerEventValidators);

const tick = () => new Promise((r) => setTimeout(r, 0));
const quiet = { info() {}, warn() {}, error: vi.fn() };

function notification(id: string, isRead = false): NotificationItem {
  return { id, message: `Bildirim ${id}`, isRead, createdAt: new Date().toISOString(), link: null };
}

const poll = (id: string, votes: number[]): Poll =>
  testPoll(id, votes, {
    category: 'oyun-geek',
    isShareable: false,
    shortUrl: null,
    createdAt: new Date().toISOString(),
  });

describe('realtime hub', () => {
  it('marks the connection connected and disconnected, and socket errors as disconnected', () => {
    const socket = new FakeSocket();
    const hub = new RealtimeHub(() => socket, quiet);
    const seen: string[] = [];
    hub.on('status', (s) => seen.push(s));
    hub.connect();
    socket.open();
    socket.drop();
    socket.open();
    socket.serverEmit('connect_error', new Error('boom'));
    expect(seen).toEqual(['connecting', 'connected', 'disconnected', 'connected', 'disconnected']);
  });

  it('follows the polls on screen in batches, counts interest, and follows them again after a reconnect', async () => {
    const socket = new FakeSocket();
    const hub = new RealtimeHub(() => socket, quiet);
    const releaseA = hub.follow(['p1', 'p2']);
    const releaseB = hub.follow(['p2']);
    await tick();
    // Not connected yet: nothing sent; the socket was opened because something is followed.
    expect(socket.connects).toBe(1);
    expect(socket.sentEvents('subscribe_polls')).toEqual([]);
    socket.open();
    expect(socket.sentEvents('subscribe_polls')).toEqual([{ pollIds: ['p1', 'p2'] }]);

    releaseA();
    await tick();
    // p2 is still on screen for B.
    expect(socket.sentEvents('unsubscribe_polls')).toEqual([{ pollIds: ['p1'] }]);
    expect(hub.followed()).toEqual(['p2']);

    socket.drop();
    socket.open();
    expect(socket.sentEvents('subscribe_polls').at(-1)).toEqual({ pollIds: ['p2'] });
    releaseB();
    releaseB();
    await tick();
    expect(socket.sentEvents('unsubscribe_polls').at(-1)).toEqual({ pollIds: ['p2'] });
    expect(hub.followed()).toEqual([]);
  });

  it('asks again to follow what the server could not take now (too many calls, polls unavailable), not what it refused', async () => {
    vi.useFakeTimers();
    try {
      const socket = new FakeSocket();
      const hub = new RealtimeHub(() => socket, quiet);
      hub.follow(['p1', 'p2']);
      const release = hub.follow(['p3']);
      await vi.advanceTimersByTimeAsync(0);
      socket.open();
      const subscriptions = () => socket.sent.filter((s) => s.event === 'subscribe_polls');
      const answer = (n: number, raw: unknown) => (subscriptions()[n]!.args[1] as (raw: unknown) => void)(raw);
      expect(socket.sentEvents('subscribe_polls')).toEqual([{ pollIds: ['p1', 'p2', 'p3'] }]);
      answer(0, { subscribed: [], refused: [], error: 'rate_limited', message: 'Çok sık', retryAfter: 3 });
      release(); // p3 is no longer on screen: not asked for again.
      await vi.advanceTimersByTimeAsync(2_000);
      expect(subscriptions()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(socket.sentEvents('subscribe_polls')[1]).toEqual({ pollIds: ['p1', 'p2'] });
      // Polls could not say for p2: asked again after the default wait, p1 (followed) not.
      answer(1, {
        subscribed: ['p1'],
        refused: ['p2'],
        error: 'service_unavailable',
        message: 'Hizmet geçici olarak kullanılamıyor.',
      });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(socket.sentEvents('subscribe_polls')[2]).toEqual({ pollIds: ['p2'] });
      // A plain refusal (the poll may not be seen) is final.
      answer(2, { subscribed: [], refused: ['p2'] });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(subscriptions()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows share codes apart from poll ids, and again after a reconnect', async () => {
    const socket = new FakeSocket();
    const hub = new RealtimeHub(() => socket, quiet);
    const releaseCode = hub.followCode('AbCdEfGhIj');
    hub.follow(['p1']);
    await tick();
    socket.open();
    expect(socket.sentEvents('subscribe_polls')).toEqual([{ pollIds: ['p1'] }, { codes: ['AbCdEfGhIj'] }]);
    expect(hub.followed()).toEqual(['p1']);
    socket.drop();
    socket.open();
    expect(socket.sentEvents('subscribe_polls').slice(-2)).toEqual([{ pollIds: ['p1'] }, { codes: ['AbCdEfGhIj'] }]);
    releaseCode();
    await tick();
    expect(socket.sentEvents('unsubscribe_polls')).toEqual([{ codes: ['AbCdEfGhIj'] }]);
  });

  it('sends at most 50 poll ids per subscription', async () => {
    const socket = new FakeSocket();
    const hub = new RealtimeHub(() => socket, quiet);
    hub.connect();
    socket.open();
    hub.follow(Array.from({ length: 120 }, (_, i) => `p${i}`));
    await tick();
    expect(socket.sentEvents('subscribe_polls').map((p) => (p as { pollIds: string[] }).pollIds.length)).toEqual([
      50, 50, 20,
    ]);
  });

  it('shakes hands again after sign-in or sign-out, and sends the spec’s auth message', () => {
    const socket = new FakeSocket();
    const hub = new RealtimeHub(() => socket, quiet);
    hub.setUser('u1');
    socket.open();
    expect(socket.sentEvents('auth')).toEqual([{ type: 'auth', userId: 'u1' }]);
    hub.renew(null);
    expect(socket.connects).toBe(2);
  });

  it('never connects without a socket factory', () => {
    const hub = new RealtimeHub(null, quiet);
    hub.follow(['p1']);
    hub.setUser('u1');
    expect(hub.status).toBe('disconnected');
  });

  it('reads the server’s payloads with the validators of their proto schemas and logs others without passing them on', () => {
    expect(socketSchemas).toEqual(
      Object.fromEntries(
        Object.entries(socketContracts.server).map(([event, contract]) => [event, contract.schema.$id]),
      ),
    );
    expect(readServerEvent('notification_count', { count: 3 })).toEqual({ count: 3 });
    expect(readServerEvent('notification_count', '{"count":4}')).toEqual({ count: 4 });
    expect(readServerEvent('notification_count', { count: -1 })).toBeNull();
    expect(readServerEvent('notification_count', 5)).toBeNull();
    const item = { id: 'n1', message: 'Merhaba', isRead: false, createdAt: '2025-01-01T00:00:00Z', link: null };
    expect(readServerEvent('notification', { data: item })).toEqual({ data: item });
    expect(readServerEvent('notification', { data: { ...item, createdAt: 'dün' } })).toBeNull();
    expect(readServerEvent('notification', 'not json')).toBeNull();
    expect(readServerEvent('poll_update', { data: { pollId: 'p1', voteCounts: { '0': 2 }, totalVotes: 2 } })).toEqual({
      data: { pollId: 'p1', voteCounts: { '0': 2 }, totalVotes: 2 },
    });
    expect(readServerEvent('poll_update', { data: { pollId: 'p1' } })).toBeNull();
    expect(readServerEvent('poll_update', { data: { pollId: 'p1', voteCounts: { a: 1 }, totalVotes: 1 } })).toBeNull();
    expect(readServerEvent('auth_success', { userId: 'u1' })).toEqual({ userId: 'u1' });
    expect(readServerEvent('subscribe_result', { subscribed: ['p1'], refused: [] })).toEqual({
      subscribed: ['p1'],
      refused: [],
    });

    const socket = new FakeSocket();
    const log = { info() {}, warn() {}, error: vi.fn() };
    const hub = new RealtimeHub(() => socket, log);
    const heard = vi.fn();
    const counts = vi.fn();
    hub.on('notification', heard);
    hub.on('notification_count', counts);
    hub.connect();
    socket.serverEmit('notification', '{bozuk');
    socket.serverEmit('notification', { data: { id: 'n2' } });
    expect(heard).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledTimes(2);
    socket.serverEmit('notification', { data: item });
    socket.serverEmit('notification_count', { count: 7 });
    expect(heard).toHaveBeenCalledWith(item);
    expect(counts).toHaveBeenCalledWith(7);
  });
});

/**
 * A signed-in member's bell whose answers wait, from `hold()` (or from the first with `firstHeld`) until `release()`:
 * the list holds one read notification and the count is 0, as read before anything newer was stored.
 */
function bellWithHeldAnswers({ firstHeld }: { firstHeld: boolean }) {
  let held: Promise<void> = Promise.resolve();
  let release = () => {};
  const hold = () => {
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  fakeApi({
    'GET /api/notifications': async () => {
      await held;
      return [notification('n1', true)];
    },
    'GET /api/notifications/unread-count': async () => {
      await held;
      return { count: 0 };
    },
  });
  if (firstHeld) hold();
  const socket = new FakeSocket();
  const store = testStore({ socket });
  store.realtime.connect();
  socket.open();
  return {
    socket,
    hold,
    release: () => release(),
    list: store.dispatch(notificationsApi.endpoints.notifications.initiate()),
    count: store.dispatch(notificationsApi.endpoints.unreadCount.initiate()),
    listNow: () => notificationsApi.endpoints.notifications.select()(store.getState()).data!,
    countNow: () => notificationsApi.endpoints.unreadCount.select()(store.getState()).data!.count,
  };
}

describe('realtime in the cache', () => {
  it('puts a new notification on top, raises the count, and takes the server’s count', async () => {
    fakeApi({
      'GET /api/notifications': [notification('n1', true)],
      'GET /api/notifications/unread-count': { count: 0 },
    });
    const socket = new FakeSocket();
    const store = testStore({ socket });
    store.realtime.connect();
    socket.open();
    const list = store.dispatch(notificationsApi.endpoints.notifications.initiate());
    const count = store.dispatch(notificationsApi.endpoints.unreadCount.initiate());
    await list;
    await count;
    await tick();

    socket.serverEmit('notification', { data: notification('n2') });
    const listNow = () => notificationsApi.endpoints.notifications.select()(store.getState()).data!;
    const countNow = () => notificationsApi.endpoints.unreadCount.select()(store.getState()).data!.count;
    expect(listNow().map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(countNow()).toBe(1);

    // The same notification again (it grew: 'Anketine 5 yeni oy geldi') moves up without counting twice.
    socket.serverEmit('notification', { data: { ...notification('n2'), message: 'Anketine 5 yeni oy geldi' } });
    expect(listNow()).toHaveLength(2);
    expect(listNow()[0]!.message).toBe('Anketine 5 yeni oy geldi');
    expect(countNow()).toBe(1);

    socket.serverEmit('notification_count', { count: 7 });
    expect(countNow()).toBe(7);
    list.unsubscribe();
    count.unsubscribe();
  });

  it('keeps what the socket sent while the first answers were on their way: newer than those answers', async () => {
    // The member has just signed in: the bell asks for its list and count, and a follow's notification (with its
    // count) comes on the socket before the answers, which were read before it was stored.
    const bell = bellWithHeldAnswers({ firstHeld: true });
    await tick();
    bell.socket.serverEmit('notification', { data: notification('n2') });
    bell.socket.serverEmit('notification_count', { count: 1 });
    bell.release();
    await bell.list;
    await bell.count;

    expect(bell.listNow().map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(bell.countNow()).toBe(1);
    bell.list.unsubscribe();
    bell.count.unsubscribe();
  });

  it('keeps what the socket sent while a refetch was on its way, which was read before it', async () => {
    // The sign-in refetches the bell (api.ts tags): its answers were read before a follow's notification was stored,
    // and come after the socket has brought that notification and its count.
    const bell = bellWithHeldAnswers({ firstHeld: false });
    await bell.list;
    await bell.count;

    bell.hold();
    const refetched = [bell.list.refetch(), bell.count.refetch()];
    await tick();
    bell.socket.serverEmit('notification', { data: notification('n2') });
    bell.socket.serverEmit('notification_count', { count: 1 });
    expect(bell.countNow()).toBe(1);
    bell.release();
    await Promise.all(refetched);
    await tick();

    expect(bell.listNow().map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(bell.countNow()).toBe(1);
    // After the answers, the socket's frames apply at once, as before.
    bell.socket.serverEmit('notification_count', { count: 2 });
    expect(bell.countNow()).toBe(2);
    bell.list.unsubscribe();
    bell.count.unsubscribe();
  });

  it('marks one read (count never below 0) and all read', async () => {
    // A small stateful server: the unread count answered is the truth after each call.
    const server = [notification('n1'), notification('n2', true)];
    const unread = () => server.filter((n) => !n.isRead).length;
    const { requests } = fakeApi({
      'GET /api/notifications': () => server,
      'GET /api/notifications/unread-count': () => ({ count: unread() }),
      'POST /api/notifications/:id/read': (_request: Request, url: URL) => {
        const id = url.pathname.split('/')[3];
        for (const n of server) if (n.id === id) n.isRead = true;
        return { count: unread() };
      },
      'POST /api/notifications/read-all': () => ({ count: 0, updated: 0 }),
    });
    const store = testStore();
    const list = store.dispatch(notificationsApi.endpoints.notifications.initiate());
    const count = store.dispatch(notificationsApi.endpoints.unreadCount.initiate());
    await list;
    await count;
    const countNow = () => notificationsApi.endpoints.unreadCount.select()(store.getState()).data!.count;

    await store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('n2'));
    expect(countNow()).toBe(1);
    await store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('n1'));
    expect(countNow()).toBe(0);
    await store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('n1'));
    expect(countNow()).toBe(0);
    expect(
      notificationsApi.endpoints.notifications
        .select()(store.getState())
        .data!.every((n) => n.isRead),
    ).toBe(true);
    await store.dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/notifications/read-all');
    list.unsubscribe();
    count.unsubscribe();
  });

  it('updates a feed’s counts from poll_update, and a vote’s answer everywhere the poll is shown', async () => {
    const page: PollList = { polls: [poll('p1', [1, 1]), poll('p2', [0, 0])], totalCount: 2, nextCursor: null };
    fakeApi({
      'GET /api/polls': page,
      'POST /api/polls/:id/vote': {
        pollId: 'p2',
        voteCounts: { '0': 1, '1': 0 },
        totalVotes: 1,
        hasVoted: true,
        userChoice: 0,
        message: 'Oyun kaydedildi, teşekkürler!',
      },
    });
    const socket = new FakeSocket();
    const store = testStore({ socket });
    store.realtime.connect();
    socket.open();
    const feed = store.dispatch(pollsApi.endpoints.feed.initiate({ feed: 'trending' }));
    await feed;
    await tick();
    const ids = pollsApi.endpoints.feed.select({ feed: 'trending' })(store.getState()).data!.pages[0]!.pollIds;
    expect(ids).toEqual(['p1', 'p2']);
    const polls = () => selectPolls(store.getState(), ids);

    socket.serverEmit('poll_update', { data: { pollId: 'p1', voteCounts: { '0': 4, '1': 2 }, totalVotes: 6 } });
    expect(polls()[0]!.options.map((o) => o.votes)).toEqual([4, 2]);
    expect(polls()[0]!.totalVotes).toBe(6);

    await store.dispatch(pollsApi.endpoints.vote.initiate({ pollId: 'p2', optionIndex: 0 }));
    expect(polls()[1]).toMatchObject({ hasVoted: true, userChoice: 0, totalVotes: 1 });
    feed.unsubscribe();
  });

  it('keeps a live frame’s counts when another list holding the poll, asked for before the frame, answers after it', async () => {
    // The feed shows p1 at 0 votes; the trending rail asks for its list; a vote's frame comes; the rail's answer, read
    // by its server before the vote, says 0 again (fresh-clone run 43: the creator's card went back to 0 oy).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const page = (): PollList => ({ polls: [poll('p1', [0, 0])], totalCount: 1, nextCursor: null });
    fakeApi({
      'GET /api/polls': async (_request: Request, url: URL) => {
        if (url.searchParams.get('feed') === 'new') await answered;
        return page();
      },
    });
    const socket = new FakeSocket();
    const store = testStore({ socket });
    store.realtime.connect();
    socket.open();
    const feed = store.dispatch(pollsApi.endpoints.feed.initiate({ feed: 'trending' }));
    await feed;
    const rail = store.dispatch(pollsApi.endpoints.feed.initiate({ feed: 'new' }));
    await tick();
    socket.serverEmit('poll_update', { data: { pollId: 'p1', voteCounts: { '0': 1, '1': 0 }, totalVotes: 1 } });
    answer();
    await rail;
    expect(selectPoll(store.getState(), 'p1')!.options.map((o) => o.votes)).toEqual([1, 0]);
    expect(selectPoll(store.getState(), 'p1')!.totalVotes).toBe(1);
    feed.unsubscribe();
    rail.unsubscribe();
  });

  it('follows a share-link poll for a visitor by its code (not by id) and takes its live counts', async () => {
    const shared = { ...poll('p7', [0, 0]), isShareable: true, shortUrl: 'AbCdEfGhIj' };
    fakeApi({
      'GET /api/s/AbCdEfGhIj': {
        poll: shared,
        creator: shared.creator,
        voteCounts: { '0': 0, '1': 0 },
        hasVoted: false,
        userChoice: null,
      },
    });
    const socket = new FakeSocket();
    const store = testStore({ socket });
    const entry = store.dispatch(shareLinkApi.endpoints.shareLinkPoll.initiate('AbCdEfGhIj'));
    await entry;
    await tick();
    socket.open();
    expect(socket.sentEvents('subscribe_polls')).toEqual([{ codes: ['AbCdEfGhIj'] }]);
    socket.serverEmit('poll_update', { data: { pollId: 'p7', voteCounts: { '0': 2, '1': 1 }, totalVotes: 3 } });
    const { pollId } = shareLinkApi.endpoints.shareLinkPoll.select('AbCdEfGhIj')(store.getState()).data!;
    expect(pollId).toBe('p7');
    expect(selectPoll(store.getState(), pollId)).toMatchObject({
      options: [{ votes: 2 }, { votes: 1 }],
      totalVotes: 3,
    });
    entry.unsubscribe();
  });
});

describe('deferred socket (socket.io fetched on the first connect)', () => {
  it('fetches nothing until asked to connect, then replays the listeners and the calls in order', async () => {
    const real = new FakeSocket();
    const load = vi.fn(async () => real);
    const hub = new RealtimeHub(() => new DeferredSocket(load), quiet);
    const statuses: string[] = [];
    hub.on('status', (status) => statuses.push(status));
    expect(load).not.toHaveBeenCalled();

    hub.follow(['p1']);
    expect(hub.status).toBe('connecting');
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(real.connects).toBe(1));

    real.open();
    expect(statuses).toEqual(['connecting', 'connected']);
    await tick();
    expect(real.sentEvents('subscribe_polls')).toEqual([{ pollIds: ['p1'] }]);
    // Events reach the hub through the listeners registered before the socket existed.
    const updates: unknown[] = [];
    hub.on('poll_update', (update) => updates.push(update));
    real.serverEmit('poll_update', { data: { pollId: 'p1', voteCounts: { '0': 1 }, totalVotes: 1 } });
    expect(updates).toEqual([{ pollId: 'p1', voteCounts: { '0': 1 }, totalVotes: 1 }]);
  });

  it('reports a failed fetch as a connection error and tries again while a connection is wanted', async () => {
    const real = new FakeSocket();
    const load = vi
      .fn<() => Promise<FakeSocket>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue(real);
    const warn = vi.fn();
    const hub = new RealtimeHub(() => new DeferredSocket(load, 5), { ...quiet, warn });
    hub.connect();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('realtime: connection error', 'chunk missing'));
    expect(hub.status).toBe('disconnected');
    await vi.waitFor(() => expect(real.connects).toBe(1));
    expect(load).toHaveBeenCalledTimes(2);
    real.open();
    expect(hub.status).toBe('connected');
  });

  it('does not try again once the connection is no longer wanted', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn<() => Promise<FakeSocket>>().mockRejectedValue(new Error('offline'));
      const socket = new DeferredSocket(load, 1000);
      socket.connect();
      await vi.advanceTimersByTimeAsync(1000);
      expect(load).toHaveBeenCalledTimes(2);
      socket.disconnect();
      await vi.advanceTimersByTimeAsync(5000);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
