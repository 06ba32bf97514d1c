import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  getValidator,
  notificationLimits,
  notificationMessages as M,
  subjects,
  type NotificationItem,
  type PollSubscriptionResult,
  type PollUpdate,
} from '@meydan/proto';
import { HttpError, IDENTITY_HEADER, verifyIdentity, type Bus, type Identity, type Logger } from '@meydan/kit';

/** Socket.io rooms: one per member, one per poll followed live. */
export const userRoom = (userId: string) => `user:${userId}`;
export const pollRoom = (pollId: string) => `poll:${pollId}`;

/** Server → client event names (the spec's), and the client → server ones. */
export const serverEvents = {
  authSuccess: 'auth_success',
  authError: 'auth_error',
  notificationCount: 'notification_count',
  notification: 'notification',
  pollUpdate: 'poll_update',
  subscribeResult: 'subscribe_result',
} as const;
export const clientEvents = {
  auth: 'auth',
  message: 'message',
  subscribePolls: 'subscribe_polls',
  unsubscribePolls: 'unsubscribe_polls',
} as const;

/** Emits to members and to poll rooms, on every instance (the Redis adapter carries them). */
export interface Realtime {
  notify(userId: string, data: NotificationItem): void;
  count(userId: string, count: number): void;
  pollUpdate(data: PollUpdate): void;
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

const identityOf = (request: IncomingMessage, secret: string): Identity | null => {
  const header = request.headers[IDENTITY_HEADER];
  return typeof header === 'string' ? verifyIdentity(header, secret) : null;
};

/**
 * socket.io at /ws (websocket transport only, so no sticky sessions) on the service's own HTTP server, scaled with
 * the Redis adapter. The upgrade must carry the gateway's signed identity: without one the connection is refused.
 * A member's socket joins `user:<id>` and hears its notifications; a visitor's socket hears nothing personal but
 * may follow the live counts of polls it may see.
 */
export async function attachRealtime(deps: RealtimeDeps): Promise<Realtime> {
  const { bus, log, secret } = deps;
  const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2, retryStrategy: (n) => Math.min(200 * n, 2000) });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'socket.io redis error'));
  // The adapter does not wait for its publishes: while Redis is down they would reject unhandled and end the process.
  // Live pushes are best effort (a reconnecting client is sent its count again), so a failed one is only logged.
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((err: Error) => {
      log.warn({ err: err.message }, 'socket.io broadcast lost: redis unavailable');
      return 0;
    })) as typeof pub.publish;

  const io = new Server(deps.server, {
    path: '/ws',
    transports: ['websocket'],
    serveClient: false,
    adapter: createAdapter(pub, sub),
    allowRequest: (request, callback) => {
      const allowed = identityOf(request, secret) !== null;
      if (!allowed) log.warn('socket refused: no valid gateway identity');
      callback(allowed ? null : 'unauthorized', allowed);
    },
  });
  // The adapter's PSUBSCRIBE went out first; once this answers, events of other instances reach this one.
  await sub.ping();

  const validSubscription = getValidator('meydan/poll-subscription');
  const validAuth = getValidator('meydan/socket-auth');
  let closed = false;

  async function sendCount(socket: Socket, userId: string) {
    try {
      socket.emit(serverEvents.notificationCount, { count: await deps.unreadCount(userId) });
    } catch (err) {
      log.warn({ err }, 'unread count unavailable for a socket');
    }
  }

  async function canView(pollId: string, userId: string | null, requestId: string): Promise<boolean> {
    const { visible } = await bus.request(subjects.polls.canView, { pollId, userId }, { requestId }, 1500);
    return visible === true;
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

    socket.on(clientEvents.subscribePolls, async (payload: unknown, ack?: unknown) => {
      if (!validSubscription(payload)) {
        return answer(ack, { subscribed: [], refused: [], error: 'validation', message: M.pollsInvalid });
      }
      const wanted = [...new Set(payload.pollIds)];
      const following = [...socket.rooms].filter((room) => room.startsWith('poll:')).length;
      const fresh = wanted.filter((id) => !socket.rooms.has(pollRoom(id)));
      if (following + fresh.length > notificationLimits.pollsPerSocket) {
        return answer(ack, { subscribed: [], refused: wanted, error: 'validation', message: M.tooManySubscriptions });
      }
      const subscribed: string[] = wanted.filter((id) => socket.rooms.has(pollRoom(id)));
      const refused: string[] = [];
      let unavailable = false;
      await Promise.all(
        fresh.map(async (pollId) => {
          try {
            if (await canView(pollId, userId, requestId)) {
              await socket.join(pollRoom(pollId));
              subscribed.push(pollId);
            } else refused.push(pollId);
          } catch (err) {
            if (err instanceof HttpError && err.statusCode === 503) unavailable = true;
            else log.warn({ err, pollId }, 'poll visibility check failed');
            refused.push(pollId);
          }
        }),
      );
      const inOrder = (list: string[]) => wanted.filter((pollId) => list.includes(pollId));
      const result: PollSubscriptionResult = { subscribed: inOrder(subscribed), refused: inOrder(refused) };
      if (unavailable) Object.assign(result, { error: 'service_unavailable', message: new HttpError(503, 'service_unavailable').message });
      answer(ack, result);
    });

    socket.on(clientEvents.unsubscribePolls, async (payload: unknown, ack?: unknown) => {
      if (!validSubscription(payload)) {
        return answer(ack, { subscribed: [], refused: [], error: 'validation', message: M.pollsInvalid });
      }
      for (const pollId of payload.pollIds) await socket.leave(pollRoom(pollId));
      const subscribed = [...socket.rooms].filter((room) => room.startsWith('poll:')).map((room) => room.slice(5));
      answer(ack, { subscribed, refused: [] });
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
    count: (userId, count) => emitSafely(() => io.to(userRoom(userId)).emit(serverEvents.notificationCount, { count })),
    pollUpdate: (data) => emitSafely(() => io.to(pollRoom(data.pollId)).emit(serverEvents.pollUpdate, { data })),
    disconnectUser: (userId) => emitSafely(() => io.in(userRoom(userId)).disconnectSockets(true)),
    async close() {
      if (closed) return;
      closed = true;
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
