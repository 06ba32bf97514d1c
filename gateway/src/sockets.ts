import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SESSION_COOKIE, events } from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';
import { clientKey } from './client-ip.js';
import { endedSessions } from './sessions.js';

/** Realtime sockets (`/ws`) open at once through one gateway process: per member, and per IP for visitors. */
export const SOCKETS_PER_MEMBER = 10;
export const VISITOR_SOCKETS_PER_IP = 20;
/** What a refused socket is told to wait, in seconds (a socket that closes frees its place at once). */
const RETRY_AFTER_S = 10;

export const socketTexts = {
  tooManySockets: 'Aynı anda çok fazla canlı bağlantı açtın. Diğer sekmeleri kapatıp biraz sonra tekrar dene.',
} as const;

const SOCKET = /^\/ws(\/|$|\?)/i;

interface MemberSocket {
  userId: string;
  /** The session the socket was opened with; null for a bearer token's. */
  sid: string | null;
  socket: Socket;
}

/**
 * The websocket upgrades this gateway relays, while they are open.
 *
 * - Limits: a member's sockets are counted by account (however many addresses), a visitor's by IP (an IPv6 client by
 *   its /64). Members are not counted by IP, so many members behind one NAT are not held back by each other. One more
 *   than the limit gets 429 before any upstream connection is made. RATE_LIMIT_SCALE multiplies both (load tests).
 * - Sessions: a member's socket lives no longer than the session it was opened with. A logout (`session.ended`) has
 *   the member's sockets' sessions read again at once, a revocation (`sessions.revoked`) closes all of them, and every
 *   `checkEveryMs` the sessions of all open sockets are read (without sliding them), so an expired one is noticed.
 *   A closed socket's client reconnects on its own, as whoever its cookie now says (a visitor after a logout).
 */
export class OpenSockets {
  private readonly counts = new Map<string, number>();
  private readonly members = new Set<MemberSocket>();
  private readonly perMember: number;
  private readonly perIp: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    scale: number,
    /** Auth's session store (auth's key prefix), read only. */
    private readonly sessionRedis: Redis,
    bus: Bus,
    private readonly log: Logger,
    checkEveryMs: number,
  ) {
    this.perMember = Math.max(1, Math.round(SOCKETS_PER_MEMBER * scale));
    this.perIp = Math.max(1, Math.round(VISITOR_SOCKETS_PER_IP * scale));
    bus.listen(events.auth.sessionEnded, ({ userId }) => void this.checkSessions((m) => m.userId === userId));
    bus.listen(events.auth.sessionsRevoked, ({ userId }) => this.close((m) => m.userId === userId, 'sessions revoked'));
    this.timer = setInterval(() => void this.checkSessions(() => true), checkEveryMs);
    this.timer.unref();
  }

  /** onRequest hook, after the identity is known. */
  admit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!SOCKET.test(request.url) || String(request.headers.upgrade).toLowerCase() !== 'websocket') return;
    const { userId, authMethod } = request.gatewayIdentity;
    const key = userId ? `u:${userId}` : `ip:${clientKey(request.ip)}`;
    const max = userId ? this.perMember : this.perIp;
    const count = this.counts.get(key) ?? 0;
    if (count >= max) {
      request.log.warn({ key, open: count }, 'socket refused: too many open');
      return reply
        .code(429)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ error: 'rate_limited', message: socketTexts.tooManySockets });
    }
    this.counts.set(key, count + 1);
    const socket = request.raw.socket;
    const member = userId
      ? { userId, sid: authMethod === 'session' ? (request.cookies[SESSION_COOKIE] ?? null) : null, socket }
      : null;
    if (member) this.members.add(member);
    socket.once('close', () => {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      if (member) this.members.delete(member);
    });
  };

  /** Reads the sessions of the chosen member sockets and closes those whose session is gone. */
  private async checkSessions(which: (m: MemberSocket) => boolean): Promise<void> {
    const chosen = [...this.members].filter((m) => m.sid !== null && which(m));
    if (chosen.length === 0) return;
    const sids = [...new Set(chosen.map((m) => m.sid!))];
    try {
      const ended = await endedSessions(this.sessionRedis, sids);
      if (ended.size > 0) this.close((m) => m.sid !== null && ended.has(m.sid) && chosen.includes(m), 'session ended');
    } catch (err) {
      // Redis unreachable: the sockets stay; the next check (or event) tries again.
      this.log.warn({ err }, 'socket sessions not checked');
    }
  }

  private close(which: (m: MemberSocket) => boolean, reason: string): void {
    for (const m of [...this.members]) {
      if (!which(m)) continue;
      this.members.delete(m);
      this.log.info({ userId: m.userId, reason }, 'socket closed');
      m.socket.destroy();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
