import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  getValidator,
  notificationMessages as M,
  type LiveCountsGroup,
  type LiveVotedEntry,
  type PollUpdate,
} from '@meydan/proto';
import { IDENTITY_HEADER, verifyIdentity, type Bus, type Identity, type Logger } from '@meydan/kit';
import { measureSockets } from './metrics.js';
import { redisAdapter } from './adapter.js';
import {
  clientEvents,
  pollCreatorRoom,
  pollRoom,
  pollVotersRoom,
  serverEvents,
  userRoom,
  voterRoom,
} from './events.js';
import { UnreadCounts } from './unread-counts.js';
import type { Realtime } from '../store/realtime.js';
import { PollFollowing, markTakenBack, markVoted } from './poll-following.js';

export {
  clientEvents,
  pollCreatorRoom,
  pollRoom,
  pollVotersRoom,
  serverEvents,
  userRoom,
  voterRoom,
} from './events.js';

export interface RealtimeDeps {
  server: HttpServer;
  redisUrl: string;
  secret: string;
  bus: Bus;
  log: Logger;
  unreadCount: (userId: string) => Promise<number>;
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
  const redis = redisAdapter(deps.redisUrl, log);
  const io = new Server(deps.server, {
    path: '/ws',
    transports: ['websocket'],
    serveClient: false,
    adapter: redis.adapter,
    allowRequest: (request, callback) => {
      const allowed = identityOf(request, secret) !== null;
      if (!allowed) log.warn('socket refused: no valid gateway identity');
      callback(allowed ? null : 'unauthorized', allowed);
    },
  });
  await redis.ready();
  const stopMeasuring = measureSockets(io);
  const unread = new UnreadCounts(deps.unreadCount, log);

  io.use((socket, next) => {
    const identity = identityOf(socket.request, secret);
    if (!identity) return next(new Error('unauthorized'));
    socket.data.identity = identity;
    next();
  });
  io.on('connection', (socket) => {
    const { userId, visitorId } = socket.data.identity as Identity;
    const requestId =
      typeof socket.request.headers['x-request-id'] === 'string' ? socket.request.headers['x-request-id'] : socket.id;
    if (userId) greetMember(socket, userId, unread);
    // The voter it votes as (polls' `u:`/`v:` keys): its vote moves it into the voters of the polls it follows.
    const voter = userId ? `u:${userId}` : visitorId ? `v:${visitorId}` : null;
    if (voter) void socket.join(voterRoom(voter));
    answerAuthQuestions(socket, userId, unread);
    new PollFollowing(socket, userId, visitorId ?? null, requestId, bus, log).listen();
  });

  return realtimeEmitter(io, unread, log, async () => {
    stopMeasuring();
    // Closes the transports without a socket.io "disconnect" packet, so clients reconnect (to another instance,
    // or to this one once it is back), and stops the HTTP server taking new connections.
    await io.close();
    await redis.close();
  });
}

/** A member's socket joins their room and is told who it is and how many notifications they have unread. */
function greetMember(socket: Socket, userId: string, unread: UnreadCounts): void {
  void socket.join(userRoom(userId));
  socket.emit(serverEvents.authSuccess, { userId });
  void unread.send(socket, userId);
}

/** The spec's client sends {type:'auth', userId}; it is only a question here: the handshake decided who this is. */
function answerAuthQuestions(socket: Socket, userId: string | null, unread: UnreadCounts): void {
  const validAuth = getValidator('meydan/socket-auth');
  const onAuth = (raw: unknown) => {
    const payload = typeof raw === 'string' ? safeJson(raw) : raw;
    const claimed = validAuth(payload) ? payload.userId : undefined;
    if (!userId) {
      socket.emit(serverEvents.authError, { error: 'unauthorized', message: M.socketAuthVisitor });
    } else if (claimed === undefined || claimed === null || String(claimed) !== userId) {
      socket.emit(serverEvents.authError, { error: 'forbidden', message: M.socketAuthMismatch });
    } else {
      socket.emit(serverEvents.authSuccess, { userId });
      void unread.send(socket, userId);
    }
  };
  socket.on(clientEvents.auth, onAuth);
  socket.on(clientEvents.message, (raw: unknown) => {
    const parsed = typeof raw === 'string' ? safeJson(raw) : raw;
    if (parsed && typeof parsed === 'object' && (parsed as { type?: unknown }).type === 'auth') onAuth(parsed);
  });
}

/** Between instances: a member's unread count changed (serverSideEmit, carried by the Redis adapter). */
const UNREAD_CHANGED = 'unread-changed';
/** Between instances: a vote was accepted (serverSideEmit): each moves its own sockets of the voter. */
const POLL_VOTED = 'poll-voted';

/** The group rooms of a poll's followers that get its counts when not all of them may. */
const countsRooms = (pollId: string, groups: readonly LiveCountsGroup[]) =>
  groups.map((group) => (group === 'voters' ? pollVotersRoom(pollId) : pollCreatorRoom(pollId)));

/** What the rest of the service emits through: nothing once closed, and an emit that throws only logged. */
function realtimeEmitter(io: Server, unread: UnreadCounts, log: Logger, shutDown: () => Promise<void>): Realtime {
  let closed = false;
  const emitSafely = (emit: () => void) => {
    if (closed) return;
    try {
      emit();
    } catch (err) {
      log.warn({ err }, 'realtime emit failed');
    }
  };
  // Read only where the member has a socket: most members told of a viral poll's end at once have none, and counting
  // a member's unread notifications reads the whole collection on the MongoDB-wire store. Where they have none, the
  // count kept from a greeting a moment ago is dropped all the same: the socket a sign-in opens next would be greeted
  // with it, and miss this change.
  const sendCountHere = (userId: unknown) => {
    if (typeof userId !== 'string') return;
    if (!io.of('/').adapter.rooms.get(userRoom(userId))?.size) {
      unread.forget(userId);
      return;
    }
    unread.refresh(userId).then(
      (count) => emitSafely(() => io.local.to(userRoom(userId)).emit(serverEvents.notificationCount, { count })),
      (err: unknown) => log.warn({ err }, 'unread count not sent'),
    );
  };
  io.on(UNREAD_CHANGED, sendCountHere);
  // This instance's sockets of the voter are marked voted on the poll (one following it later joins its voters); those
  // following it join its voters now, and the counts the vote carries (where its voters may see them now) reach them at
  // once, before the next live update.
  const moveVoterHere = (message: LiveVotedEntry) => {
    if (!message || typeof message.voter !== 'string' || typeof message.pollId !== 'string') return;
    const { pollId, voteCounts, totalVotes } = message;
    const nsp = io.of('/');
    for (const id of nsp.adapter.rooms.get(voterRoom(message.voter)) ?? []) {
      const socket = nsp.sockets.get(id);
      if (!socket) continue;
      if (message.takenBack) {
        markTakenBack(socket, pollId);
        void socket.leave(pollVotersRoom(pollId));
        continue;
      }
      markVoted(socket, pollId);
      if (!socket.rooms.has(pollRoom(pollId))) continue;
      void socket.join(pollVotersRoom(pollId));
      if (voteCounts)
        emitSafely(() => socket.emit(serverEvents.pollUpdate, { data: { pollId, voteCounts, totalVotes } }));
    }
  };
  // The other instances' votes, as many in one message as polls sent together.
  io.on(POLL_VOTED, (votes: unknown) => {
    if (Array.isArray(votes)) for (const vote of votes) moveVoterHere(vote as LiveVotedEntry);
  });
  return {
    notify: (userId, data) => emitSafely(() => io.to(userRoom(userId)).emit(serverEvents.notification, { data })),
    count: (userId, count) => {
      unread.announced(userId, count);
      emitSafely(() => io.to(userRoom(userId)).emit(serverEvents.notificationCount, { count }));
    },
    unreadChanged: (userId) =>
      emitSafely(() => {
        sendCountHere(userId);
        io.serverSideEmit(UNREAD_CHANGED, userId);
      }),
    pollUpdate: (data, countsTo) =>
      emitSafely(() => {
        if (!countsTo || data.countsHidden)
          return void io.to(pollRoom(data.pollId)).emit(serverEvents.pollUpdate, { data });
        const permitted = countsRooms(data.pollId, countsTo);
        const hidden: PollUpdate = {
          pollId: data.pollId,
          voteCounts: {},
          totalVotes: data.totalVotes,
          countsHidden: true,
        };
        if (permitted.length > 0) io.to(permitted).emit(serverEvents.pollUpdate, { data });
        io.to(pollRoom(data.pollId)).except(permitted).emit(serverEvents.pollUpdate, { data: hidden });
      }),
    pollVoted: (votes) =>
      emitSafely(() => {
        for (const vote of votes) moveVoterHere(vote);
        io.serverSideEmit(POLL_VOTED, votes);
      }),
    bulkEmailProgress: (adminId, data) =>
      emitSafely(() => io.to(userRoom(adminId)).emit(serverEvents.bulkEmailProgress, { data })),
    disconnectUser: (userId) => emitSafely(() => io.in(userRoom(userId)).disconnectSockets(true)),
    async close() {
      if (closed) return;
      closed = true;
      await shutDown();
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
