import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE, events, subjects, type MfaState } from '@meydan/proto';
import type { Redis } from 'ioredis';
import { hmacSign, hmacVerify, type Bus, type Identity, type Logger, type Role } from '@meydan/kit';
import type { SessionReader } from './sessions.js';
import { TtlCache } from '@meydan/kit';

/** The visitor cookie's tag: what is signed (the purpose in front) and how much of it the cookie keeps. */
const visitorData = (id: string) => `visitor:${id}`;
const VISITOR_TAG_LENGTH = 32;

type Resolved = { userId: string; role: Role; tier?: string; tokenId?: string; mfa?: MfaState | null } | null;

/**
 * Lookups of unknown tokens or sessions one IP may cause per minute. Past it, that IP's uncached
 * credentials are not looked up at all (a token gets 429, a session cookie counts as a visitor), so a flood
 * of made-up credentials costs auth (tokens) and Redis (sessions) a few reads a minute, whatever route it targets.
 */
export const FAILED_LOOKUPS_PER_MINUTE = 30;

export interface FailedLookupBudget {
  redis: Redis;
  max: number;
}

export type ResolvedIdentity = Pick<Identity, 'userId' | 'role' | 'authMethod'> & {
  tier?: string;
  tokenId?: string;
  /** A staff session's second factor (null for members and tokens: a token never opens a staff route). */
  mfaState?: MfaState | null;
  /** The credential was not looked up: this IP caused too many failed lookups lately. */
  lookupRefused?: 'token' | 'session';
};

/**
 * Decides who the caller is: a session cookie, read from auth's session store in Redis, or a bearer token, resolved
 * by auth over NATS (tokens live in MongoDB); both cached briefly. A revocation event from auth drops the user's
 * cached entries at once.
 */
export class IdentityResolver {
  private readonly sessions: TtlCache<Resolved>;
  private readonly tokens: TtlCache<Resolved>;
  /** IPs whose failed lookups used up the budget, until their minute is over. */
  private readonly spent = new TtlCache<true>(60_000, 100_000);
  /** Lookups under way per IP. */
  private readonly lookupsUnderWay = new Map<string, number>();

  constructor(
    private readonly bus: Bus,
    private readonly sessionStore: SessionReader,
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

  /** A reserved lookup, released however it ends (an error counts as no failure: nobody said no). */
  private async lookUp(ip: string, ask: () => Promise<Resolved>): Promise<Resolved> {
    let found: Resolved;
    try {
      found = await ask();
    } catch (err) {
      await this.releaseLookup(ip, false);
      throw err;
    }
    await this.releaseLookup(ip, found === null);
    return found;
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
        if (!this.reserveLookup(ip)) return { ...nobody, lookupRefused: 'token' };
        found = await this.lookUp(ip, () =>
          this.bus.request(subjects.auth.tokenResolve, { token: bearer }, { requestId }, 1500),
        );
        this.tokens.set(bearer, found);
      }
      if (found)
        return {
          userId: found.userId,
          role: found.role,
          authMethod: 'token',
          tier: found.tier ?? 'free',
          tokenId: found.tokenId ?? '',
        };
      return nobody;
    }
    const sid = cookies[SESSION_COOKIE];
    if (sid) {
      let found = this.sessions.get(sid);
      if (found === undefined) {
        if (!this.reserveLookup(ip)) return { ...nobody, lookupRefused: 'session' };
        found = await this.lookUp(ip, () => this.sessionStore.resolve(sid, requestId));
        this.sessions.set(sid, found);
      }
      if (found) return { userId: found.userId, role: found.role, authMethod: 'session', mfaState: found.mfa ?? null };
    }
    return nobody;
  }

  /**
   * Whether the IP may cause one more lookup: not when its failed lookups of the last minute used up the budget, nor
   * when as many of its lookups as the budget allows are already under way (a burst cannot overrun it by arriving
   * at once). A lookup that finds someone is not counted; each failed one is counted in Redis, shared by every
   * gateway (a replica that did not see the IP fail yet learns it at its own next failure).
   */
  private reserveLookup(ip: string): boolean {
    if (!this.budget) return true;
    if (this.spent.get(ip)) return false;
    const underWay = this.lookupsUnderWay.get(ip) ?? 0;
    if (underWay >= this.budget.max) return false;
    this.lookupsUnderWay.set(ip, underWay + 1);
    return true;
  }

  /** The lookup ended; a failed one is counted against the IP's budget for the minute. */
  private async releaseLookup(ip: string, failed: boolean): Promise<void> {
    if (!this.budget) return;
    const underWay = (this.lookupsUnderWay.get(ip) ?? 1) - 1;
    if (underWay > 0) this.lookupsUnderWay.set(ip, underWay);
    else this.lookupsUnderWay.delete(ip);
    if (!failed) return;
    const key = `idfail:${ip}`;
    try {
      const replies = await this.budget.redis.multi().set(key, 0, 'EX', 60, 'NX').incr(key).pttl(key).exec();
      const failures = Number(replies?.[1]?.[1] ?? 0);
      const ttlMs = Number(replies?.[2]?.[1] ?? 60_000);
      if (failures >= this.budget.max) this.spent.set(ip, true, ttlMs);
    } catch (err) {
      // Redis down: lookups go ahead, as the rate limits do (skipOnError).
      this.log.warn({ err }, 'failed-lookup budget unavailable');
    }
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
