import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import {
  clientSocketEvents as clientEvents,
  getValidator,
  validate,
  notificationLimits,
  notificationMessages as M,
  serverSocketEvents as serverEvents,
  subjects,
  type NotificationItem,
  type PollSubscriptionResult,
  type BulkEmailJob,
  type PollUpdate,
} from '@meydan/proto';
import { measureSockets } from './metrics.js';
import { HttpError, IDENTITY_HEADER, createRedisClient, isCluster, redisReconnectDelay, verifyIdentity, type Bus, type Identity, type Logger } from '@meydan/kit';

/** Socket.io rooms: one per member, one per poll followed live. */
export const userRoom = (userId: string) => `user:${userId}`;
export const pollRoom = (pollId: string) => `poll:${pollId}`;

/** Emits to members and to poll rooms, on every instance (the Redis adapter carries them). */
export interface Realtime {
  notify(userId: string, data: NotificationItem): void;
  count(userId: string, count: number): void;
  pollUpdate(data: PollUpdate): void;
  /** A bulk e-mail job's progress, to the administrator who started it. */
  bulkEmailProgress(adminId: string, data: BulkEmailJob): void;
  /** Closes every socket of the member, on every instance (their sessions were revoked). */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
}

export interface RealtimeDeps {
  server: HttpServer;
  redisUrl: string;
  secret: string;
  bus: Bus;
  log: Logger;
  unreadCount: (userId: string) => Promise<number>;
}

type Ack = (result: PollSubscriptionResult) => void;

/** How long a member's unread count, once read, answers their sockets' greetings and `auth` messages. */
const UNREAD_COUNT_CACHE_MS = 2000;
/** How long a socket remembers a poll check's verdict: following a poll again that soon asks polls nothing. */
const VERDICT_MEMORY_MS = 60_000;

/**
 * A sliding window of calls: `take(n)` counts n calls when they fit in `max` per `windowMs` and answers 0, or answers
 * the seconds to wait (and counts nothing).
 */
function callWindow(max: number, windowMs: number) {
  const calls: number[] = [];
  return {
    take(n = 1): number {
      const now = Date.now();
      while (calls.length && calls[0]! <= now - windowMs) calls.shift();
      if (calls.length + n > max) {
        const freedAt = calls[Math.min(calls.length - 1, calls.length + n - max - 1)] ?? now;
        return Math.max(1, Math.ceil((freedAt + windowMs - now) / 1000));
      }
      for (let i = 0; i < n; i++) calls.push(now);
      return 0;
    },
  };
}

const identityOf = (request: IncomingMessage, secret: string): Identity | null => {
  const header = request.headers[IDENTITY_HEADER];
  if (typeof header !== 'string') return null;
  // Signed by the gateway for exactly this upgrade: a header lifted from another request is refused.
  const binding = { method: request.method ?? 'GET', path: request.url ?? '', service: 'notifications' };
  return verifyIdentity(header, secret, { binding });
};

/**
 * socket.io at /ws (websocket transport only, so no sticky sessions) on the service's own HTTP server, scaled with
 * the Redis adapter. The upgrade must carry the gateway's signed identity: without one the connection is refused.
 * A member's socket joins `user:<id>` and hears its notifications; a visitor's socket hears nothing personal but
 * may follow the live counts of polls it may see.
 */
export async function attachRealtime(deps: RealtimeDeps): Promise<Realtime> {
  const { bus, log, secret } = deps;
  const pub = createRedisClient(deps.redisUrl, { maxRetriesPerRequest: 2, retryStrategy: redisReconnectDelay });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'socket.io redis error'));
  // The adapter does not wait for its publishes: while Redis is down they would reject unhandled and end the process.
  // Live pushes are best effort (a reconnecting client is sent its count again), so a failed one is only logged.
  // On a Redis Cluster the sharded adapter (SPUBLISH, one channel per room) spreads the broadcasts over the masters.
  const sharded = isCluster(pub);
  const method = sharded ? 'spublish' : 'publish';
  const publish = pub[method].bind(pub);
  pub[method] = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((err: Error) => {
      log.warn({ err: err.message }, 'socket.io broadcast lost: redis unavailable');
      return 0;
    })) as typeof pub.publish;

  const io = new Server(deps.server, {
    path: '/ws',
    transports: ['websocket'],
    serveClient: false,
    adapter: sharded ? createShardedAdapter(pub, sub) : createAdapter(pub, sub),
    allowRequest: (request, callback) => {
      const allowed = identityOf(request, secret) !== null;
      if (!allowed) log.warn('socket refused: no valid gateway identity');
      callback(allowed ? null : 'unauthorized', allowed);
    },
  });
  // The adapter's PSUBSCRIBE went out first; once this answers, events of other instances reach this one.
  await sub.ping();
  const stopMeasuring = measureSockets(io);

  const validSubscription = getValidator('meydan/poll-subscription');
  const validAuth = getValidator('meydan/socket-auth');
  let closed = false;

  // A member's unread count, read from MongoDB at most once per UNREAD_COUNT_CACHE_MS on this instance however many
  // sockets greet or send `auth`, and replaced by every count this instance announces.
  const unread = new Map<string, { count: Promise<number>; until: number }>();
  function unreadCountOf(userId: string): Promise<number> {
    const now = Date.now();
    const cached = unread.get(userId);
    if (cached && cached.until > now) return cached.count;
    if (unread.size >= 10_000) for (const [id, entry] of unread) if (entry.until <= now) unread.delete(id);
    // A promise of its own: the store's answer may be a query, which runs again at every await.
    const entry = { count: Promise.resolve(deps.unreadCount(userId)), until: now + UNREAD_COUNT_CACHE_MS };
    unread.set(userId, entry);
    entry.count.catch(() => {
      if (unread.get(userId) === entry) unread.delete(userId);
    });
    return entry.count;
  }

  async function sendCount(socket: Socket, userId: string) {
    try {
      socket.emit(serverEvents.notificationCount, { count: await unreadCountOf(userId) });
    } catch (err) {
      log.warn({ err }, 'unread count unavailable for a socket');
    }
  }

  /** The poll a socket may follow, by id or by share code (its id then), or null. */
  /** The poll a target stands for when the viewer may follow it, else null; `lasting` false when a vote may change that. */
  async function viewablePoll(
    target: { pollId: string } | { shortUrl: string },
    userId: string | null,
    requestId: string,
  ): Promise<{ pollId: string | null; lasting: boolean }> {
    const answer = await bus.request(subjects.polls.canView, { ...target, userId }, { requestId }, 1500);
    const pollId = answer.visible === true && typeof answer.pollId === 'string' ? answer.pollId : null;
    return { pollId, lasting: answer.untilVote !== true };
  }

  io.use((socket, next) => {
    const identity = identityOf(socket.request, secret);
    if (!identity) return next(new Error('unauthorized'));
    socket.data.identity = identity;
    next();
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as Identity;
    const userId = identity.userId;
    const requestId = typeof socket.request.headers['x-request-id'] === 'string' ? socket.request.headers['x-request-id'] : socket.id;

    if (userId) {
      void socket.join(userRoom(userId));
      socket.emit(serverEvents.authSuccess, { userId });
      void sendCount(socket, userId);
    }

    // The spec's client sends {type:'auth', userId}; it is only a question here: the handshake decided who this is.
    const onAuth = (raw: unknown) => {
      const payload = typeof raw === 'string' ? safeJson(raw) : raw;
      const claimed = validAuth(payload) ? payload.userId : undefined;
      if (!userId) {
        socket.emit(serverEvents.authError, { error: 'unauthorized', message: M.socketAuthVisitor });
      } else if (claimed === undefined || claimed === null || String(claimed) !== userId) {
        socket.emit(serverEvents.authError, { error: 'forbidden', message: M.socketAuthMismatch });
      } else {
        socket.emit(serverEvents.authSuccess, { userId });
        void sendCount(socket, userId);
      }
    };
    socket.on(clientEvents.auth, onAuth);
    socket.on(clientEvents.message, (raw: unknown) => {
      const parsed = typeof raw === 'string' ? safeJson(raw) : raw;
      if (parsed && typeof parsed === 'object' && (parsed as { type?: unknown }).type === 'auth') onAuth(parsed);
    });

    const answer = (ack: unknown, result: PollSubscriptionResult) => {
      if (typeof ack === 'function') (ack as Ack)(result);
      else socket.emit(serverEvents.subscribeResult, result);
    };

    // Share codes this socket follows, with the poll each stands for (the room is the poll's).
    const followedCodes = new Map<string, string>();
    // Polls this socket follows by id (a room may be held by id and by a code at once; leaving one keeps the other).
    const followedIds = new Set<string>();
    const stillWanted = (pollId: string) => followedIds.has(pollId) || [...followedCodes.values()].includes(pollId);
    // Polls being checked right now count against the cap too, so concurrent calls cannot pass it together.
    let joining = 0;
    const subscribeCalls = callWindow(notificationLimits.subscribeCallsPerWindow, notificationLimits.subscribeWindowMs);
    const unsubscribeCalls = callWindow(notificationLimits.subscribeCallsPerWindow, notificationLimits.subscribeWindowMs);
    const pollChecks = callWindow(notificationLimits.pollChecksPerMinute, 60_000);
    // Recent verdicts by target (`id:<pollId>`, `code:<code>`): the poll it stands for when visible, else null.
    const verdicts = new Map<string, { pollId: string | null; until: number }>();
    const followedCount = () => [...socket.rooms].filter((room) => room.startsWith('poll:')).length;

    const refuseInvalid = (ack: unknown, payload: unknown) => {
      const checked = validate('meydan/poll-subscription', payload);
      answer(ack, { subscribed: [], refused: [], error: 'validation', message: checked.ok ? M.pollsInvalid : checked.message });
    };

    const tooOften = (event: string, ack: unknown, wait: number, message: string) => {
      log.warn({ requestId, socketId: socket.id }, `${event} throttled`);
      answer(ack, { subscribed: [], refused: [], error: 'rate_limited', message, retryAfter: wait });
    };
    const targetKey = (target: { pollId: string } | { shortUrl: string }) => ('pollId' in target ? `id:${target.pollId}` : `code:${target.shortUrl}`);
    const remember = (target: { pollId: string } | { shortUrl: string }, pollId: string | null) => {
      const now = Date.now();
      // At most a minute's checks are remembered (pollChecksPerMinute): the expired ones go before the map grows past that.
      if (verdicts.size >= notificationLimits.pollChecksPerMinute) for (const [key, v] of verdicts) if (v.until <= now) verdicts.delete(key);
      verdicts.set(targetKey(target), { pollId, until: now + VERDICT_MEMORY_MS });
    };
    const remembered = (target: { pollId: string } | { shortUrl: string }) => {
      const verdict = verdicts.get(targetKey(target));
      return verdict && verdict.until > Date.now() ? verdict : undefined;
    };

    socket.on(clientEvents.subscribePolls, async (payload: unknown, ack?: unknown) => {
      const wait = subscribeCalls.take();
      if (wait > 0) return tooOften(clientEvents.subscribePolls, ack, wait, M.subscribingTooOften);
      if (!validSubscription(payload)) return refuseInvalid(ack, payload);
      const wanted = [...new Set(payload.pollIds ?? [])];
      const wantedCodes = [...new Set(payload.codes ?? [])];
      const fresh = wanted.filter((id) => !socket.rooms.has(pollRoom(id)));
      const freshCodes = wantedCodes.filter((code) => !followedCodes.has(code));
      const adding = fresh.length + freshCodes.length;
      if (followedCount() + joining + adding > notificationLimits.pollsPerSocket) {
        return answer(ack, {
          subscribed: [],
          refused: wanted,
          ...(wantedCodes.length ? { subscribedCodes: [], refusedCodes: wantedCodes } : {}),
          error: 'validation',
          message: M.tooManySubscriptions,
        });
      }
      // Each poll not checked in the last minute costs polls a request: at most pollChecksPerMinute of them a minute.
      const unchecked = [...fresh.map((pollId) => ({ pollId })), ...freshCodes.map((shortUrl) => ({ shortUrl }))].filter((t) => !remembered(t));
      const checkWait = unchecked.length ? pollChecks.take(unchecked.length) : 0;
      if (checkWait > 0) return tooOften(clientEvents.subscribePolls, ack, checkWait, M.checkingTooMany);
      joining += adding;
      const subscribed: string[] = wanted.filter((id) => socket.rooms.has(pollRoom(id)));
      for (const pollId of subscribed) followedIds.add(pollId);
      const subscribedCodes: string[] = wantedCodes.filter((code) => followedCodes.has(code));
      let unavailable = false;
      const check = async (target: { pollId: string } | { shortUrl: string }, onVisible: (pollId: string) => void) => {
        try {
          const known = remembered(target);
          const verdict = known ? { pollId: known.pollId, lasting: true } : await viewablePoll(target, userId, requestId);
          // A no that the member's own vote would turn into a yes is not remembered: they may vote and follow at once.
          if (!known && verdict.lasting) remember(target, verdict.pollId);
          const { pollId } = verdict;
          if (!pollId) return;
          await socket.join(pollRoom(pollId));
          onVisible(pollId);
        } catch (err) {
          if (err instanceof HttpError && err.statusCode === 503) unavailable = true;
          else log.warn({ err, ...target }, 'poll visibility check failed');
        }
      };
      try {
        await Promise.all([
          ...fresh.map((pollId) =>
            check({ pollId }, () => {
              followedIds.add(pollId);
              subscribed.push(pollId);
            }),
          ),
          ...freshCodes.map((code) =>
            check({ shortUrl: code }, (pollId) => {
              followedCodes.set(code, pollId);
              subscribedCodes.push(code);
            }),
          ),
        ]);
      } finally {
        joining -= adding;
      }
      const result: PollSubscriptionResult = {
        subscribed: wanted.filter((id) => subscribed.includes(id)),
        refused: wanted.filter((id) => !subscribed.includes(id)),
      };
      if (wantedCodes.length) {
        result.subscribedCodes = wantedCodes.filter((code) => subscribedCodes.includes(code));
        result.refusedCodes = wantedCodes.filter((code) => !subscribedCodes.includes(code));
      }
      if (unavailable) Object.assign(result, { error: 'service_unavailable', message: new HttpError(503, 'service_unavailable').message });
      answer(ack, result);
    });

    socket.on(clientEvents.unsubscribePolls, async (payload: unknown, ack?: unknown) => {
      const wait = unsubscribeCalls.take();
      if (wait > 0) return tooOften(clientEvents.unsubscribePolls, ack, wait, M.subscribingTooOften);
      if (!validSubscription(payload)) return refuseInvalid(ack, payload);
      for (const pollId of payload.pollIds ?? []) {
        followedIds.delete(pollId);
        if (!stillWanted(pollId)) await socket.leave(pollRoom(pollId));
      }
      for (const code of payload.codes ?? []) {
        const pollId = followedCodes.get(code);
        followedCodes.delete(code);
        if (pollId && !stillWanted(pollId)) await socket.leave(pollRoom(pollId));
      }
      const subscribed = [...socket.rooms].filter((room) => room.startsWith('poll:')).map((room) => room.slice(5));
      answer(ack, { subscribed, refused: [], ...(payload.codes ? { subscribedCodes: [...followedCodes.keys()], refusedCodes: [] } : {}) });
    });
  });

  const emitSafely = (emit: () => void) => {
    if (closed) return;
    try {
      emit();
    } catch (err) {
      log.warn({ err }, 'realtime emit failed');
    }
  };

  return {
    notify: (userId, data) => emitSafely(() => io.to(userRoom(userId)).emit(serverEvents.notification, { data })),
    count: (userId, count) => {
      unread.set(userId, { count: Promise.resolve(count), until: Date.now() + UNREAD_COUNT_CACHE_MS });
      emitSafely(() => io.to(userRoom(userId)).emit(serverEvents.notificationCount, { count }));
    },
    pollUpdate: (data) => emitSafely(() => io.to(pollRoom(data.pollId)).emit(serverEvents.pollUpdate, { data })),
    bulkEmailProgress: (adminId, data) => emitSafely(() => io.to(userRoom(adminId)).emit(serverEvents.bulkEmailProgress, { data })),
    disconnectUser: (userId) => emitSafely(() => io.in(userRoom(userId)).disconnectSockets(true)),
    async close() {
      if (closed) return;
      closed = true;
      stopMeasuring();
      // Closes the transports without a socket.io "disconnect" packet, so clients reconnect (to another instance,
      // or to this one once it is back), and stops the HTTP server taking new connections.
      await io.close();
      await Promise.all([pub, sub].map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
