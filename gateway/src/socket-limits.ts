import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from './client-ip.js';

/** Realtime sockets (`/ws`) open at once through one gateway process: per member, and per IP for visitors. */
export const SOCKETS_PER_MEMBER = 10;
export const VISITOR_SOCKETS_PER_IP = 20;
/** What a refused socket is told to wait, in seconds (a socket that closes frees its place at once). */
const RETRY_AFTER_S = 10;

export const socketLimitTexts = {
  tooManySockets: 'Aynı anda çok fazla canlı bağlantı açtın. Diğer sekmeleri kapatıp biraz sonra tekrar dene.',
} as const;

const SOCKET = /^\/ws(\/|$|\?)/i;

/**
 * Counts the websocket upgrades this gateway relays while they are open: a member's by account (however many
 * addresses), a visitor's by IP (an IPv6 client by its /64). Members are not counted by IP, so many members behind
 * one NAT are not held back by each other. One more than the limit gets 429 before any upstream connection is made.
 * RATE_LIMIT_SCALE multiplies both (the bench opens thousands of visitor sockets from 127.0.0.1).
 */
export class SocketLimits {
  private readonly open = new Map<string, number>();
  private readonly perMember: number;
  private readonly perIp: number;

  constructor(scale: number) {
    this.perMember = Math.max(1, Math.round(SOCKETS_PER_MEMBER * scale));
    this.perIp = Math.max(1, Math.round(VISITOR_SOCKETS_PER_IP * scale));
  }

  /** onRequest hook, after the identity is known. */
  admit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!SOCKET.test(request.url) || String(request.headers.upgrade).toLowerCase() !== 'websocket') return;
    const { userId } = request.gatewayIdentity;
    const key = userId ? `u:${userId}` : `ip:${clientKey(request.ip)}`;
    const max = userId ? this.perMember : this.perIp;
    const count = this.open.get(key) ?? 0;
    if (count >= max) {
      request.log.warn({ key, open: count }, 'socket refused: too many open');
      return reply.code(429).header('retry-after', String(RETRY_AFTER_S)).send({ error: 'rate_limited', message: socketLimitTexts.tooManySockets });
    }
    this.open.set(key, count + 1);
    request.raw.socket.once('close', () => {
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    });
  };
}
