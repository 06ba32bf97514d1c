import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE, events, subjects } from '@meydan/proto';
import type { Redis } from 'ioredis';
import { hmacSign, hmacVerify, type Bus, type Identity, type Logger, type Role } from '@meydan/kit';
import { TtlCache } from './ttl-cache.js';

/** The visitor cookie's tag: what is signed (the purpose in front) and how much of it the cookie keeps. */
const visitorData = (id: string) => `visitor:${id}`;
const VISITOR_TAG_LENGTH = 32;

type Resolved = { userId: string; role: Role; tier?: string; tokenId?: string } | null;

/**
 * Lookups of unknown tokens or sessions one IP may cause per minute. Past it, that IP's uncached
 * credentials are not looked up at all (a token gets 429, a session cookie counts as a visitor), so a flood
 * of made-up credentials costs auth a few reads a minute, whatever route it targets.
 */
export const FAILED_LOOKUPS_PER_MINUTE = 30;

export interface FailedLookupBudget {
  redis: Redis;
  max: number;
}

export type ResolvedIdentity = Pick<Identity, 'userId' | 'role' | 'authMethod'> & {
  tier?: string;
  tokenId?: string;
  /** The credential was not looked up: this IP caused too many failed lookups lately. */
  lookupRefused?: 'token' | 'session';
};

/**
 * Decides who the caller is: a session cookie or a bearer token, resolved by auth over NATS and
 * cached briefly; a revocation event from auth drops the user's cached entries at once.
 */
export class IdentityResolver {
  private readonly sessions: TtlCache<Resolved>;
  private readonly tokens: TtlCache<Resolved>;

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
    private readonly secret: string,
    cacheMs = 5000,
    private readonly budget?: FailedLookupBudget,
  ) {
    this.sessions = new TtlCache(cacheMs);
    this.tokens = new TtlCache(cacheMs * 6);
    bus.listen(events.auth.sessionsRevoked, ({ userId }) => this.forget(userId));
    bus.listen(events.auth.sessionEnded, ({ userId }) => this.forget(userId));
  }

  forget(userId: string): void {
    const sameUser = (v: Resolved) => v?.userId === userId;
    this.sessions.deleteWhere(sameUser);
    this.tokens.deleteWhere(sameUser);
  }

  async resolve(
    cookies: Record<string, string | undefined>,
    authorization: string | undefined,
    requestId: string,
    ip: string,
  ): Promise<ResolvedIdentity> {
    const nobody = { userId: null, role: null, authMethod: null } as const;
    const bearer = authorization?.match(/^Bearer\s+(\S{10,200})$/i)?.[1];
    if (bearer) {
      let found = this.tokens.get(bearer);
      if (found === undefined) {
        if (!(await this.reserveLookup(ip))) return { ...nobody, lookupRefused: 'token' };
        found = await this.bus.request(subjects.auth.tokenResolve, { token: bearer }, { requestId }, 1500);
        this.tokens.set(bearer, found);
        if (found) await this.releaseLookup(ip);
      }
      if (found) return { userId: found.userId, role: found.role, authMethod: 'token', tier: found.tier ?? 'free', tokenId: found.tokenId ?? '' };
      return nobody;
    }
    const sid = cookies[SESSION_COOKIE];
    if (sid) {
      let found = this.sessions.get(sid);
      if (found === undefined) {
        if (!(await this.reserveLookup(ip))) return { ...nobody, lookupRefused: 'session' };
        found = await this.bus.request(subjects.auth.sessionResolve, { sid }, { requestId }, 1500);
        this.sessions.set(sid, found);
        if (found) await this.releaseLookup(ip);
      }
      if (found) return { userId: found.userId, role: found.role, authMethod: 'session' };
    }
    return nobody;
  }

  /**
   * Counts a lookup against the IP's budget before it is made (so concurrent ones cannot overrun it);
   * a lookup that finds someone is given back. False when the budget is spent.
   */
  private async reserveLookup(ip: string): Promise<boolean> {
    if (!this.budget) return true;
    const key = `idfail:${ip}`;
    try {
      const replies = await this.budget.redis.multi().set(key, 0, 'EX', 60, 'NX').incr(key).exec();
      return Number(replies?.[1]?.[1] ?? 0) <= this.budget.max;
    } catch (err) {
      // Redis down: the lookup goes ahead, as the rate limits do (skipOnError).
      this.log.warn({ err }, 'failed-lookup budget unavailable');
      return true;
    }
  }

  private async releaseLookup(ip: string): Promise<void> {
    if (!this.budget) return;
    await this.budget.redis.decr(`idfail:${ip}`).catch(() => {});
  }

  /** `<id>.<hmac>`: a visitor id the browser keeps and cannot forge. */
  signVisitor(id = randomBytes(16).toString('base64url')): string {
    return `${id}.${hmacSign(this.secret, visitorData(id), VISITOR_TAG_LENGTH)}`;
  }

  /** The visitor id in a signed cookie value, or null. */
  verifyVisitor(value: string | undefined): string | null {
    const [id, mac, extra] = (value ?? '').split('.');
    if (!id || !mac || extra !== undefined || !/^[A-Za-z0-9_-]{16,40}$/.test(id)) return null;
    return hmacVerify(this.secret, visitorData(id), mac, VISITOR_TAG_LENGTH) ? id : null;
  }
}
