import type { Redis } from 'ioredis';
import {
  STAFF_SESSION_MS,
  isStaffRole,
  sessionKeys,
  sessionUserOf,
  type MfaState,
  type SessionDigest,
  type StoredSession,
} from '@meydan/proto';
import { readSession, sessionDigest, type Role } from '@meydan/kit';
import { randomToken } from '../domain/secrets.js';

export type Session = StoredSession;

/**
 * Sessions in Redis under auth's prefix, keyed as proto's `sessionKeys` say: the gateway reads them there too (with the
 * same sliding expiry and the same epoch check), so the format is shared, not auth's alone. A session is stored under
 * the SHA-256 of its sid, and the account's list names those digests: nothing in Redis is a usable cookie. (Sessions
 * stored under their raw sid, before digests, are no longer found: an upgrade signs everyone out once.) A session and its account's
 * list of sessions are of different cluster slots, so they are never written in one step: the list names a sid before
 * its session exists and after it is gone, so a crash between the two leaves at most a listed sid that is no session
 * (revoking it deletes nothing), never a session that revoking everything would not find.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  /**
   * The account's current revocation epoch, started from the clock when it has none. Read it before checking that the
   * account may sign in, and give it to `create`: a revocation landing in between then leaves the new session stale.
   */
  async epoch(userId: string): Promise<number> {
    const key = sessionKeys.accountEpoch(userId);
    const replies = await this.redis.multi().set(key, Date.now(), 'NX').get(key).exec();
    return Number(replies?.[1]?.[1]);
  }

  /**
   * A new session. A staff member's (moderator, admin) says whether the account has an authenticator (`totp`) and,
   * once a code was given, when (`mfaAt`); it lasts STAFF_SESSION_HOURS from now (proto's `sessionUserOf` ends it).
   */
  async create(
    userId: string,
    role: Role,
    epoch?: number,
    staff: { totp?: boolean; mfaAt?: number } = {},
  ): Promise<string> {
    const sid = randomToken(32);
    const session: Session = {
      userId,
      role,
      createdAt: new Date().toISOString(),
      epoch: epoch ?? (await this.epoch(userId)),
      ...(isStaffRole(role) ? { totp: staff.totp === true, ...(staff.mfaAt ? { mfaAt: staff.mfaAt } : {}) } : {}),
    };
    const list = sessionKeys.userSessions(userId);
    const digest = sessionDigest(sid);
    await this.redis.multi().sadd(list, digest).expire(list, this.ttlSeconds).exec();
    const ttl = isStaffRole(role) ? Math.min(this.ttlSeconds, STAFF_SESSION_MS / 1000) : this.ttlSeconds;
    await this.redis.set(sessionKeys.session(digest), JSON.stringify(session), 'EX', ttl);
    return sid;
  }

  /** The session's user if it still stands (see the kit's `readSession`), its lifetime extended. */
  async resolve(sid: string): Promise<{ userId: string; role: Role; mfa: MfaState | null } | null> {
    return readSession(this.redis, sid, this.ttlSeconds);
  }

  async revoke(sid: string): Promise<void> {
    const digest = sessionDigest(sid);
    const user = sessionUserOf(await this.redis.get(sessionKeys.session(digest)));
    await this.redis.del(sessionKeys.session(digest));
    if (user) await this.redis.srem(sessionKeys.userSessions(user.userId), digest);
  }

  /**
   * Revokes every session of the user, first by raising the account's epoch (which ends every session made before,
   * listed or not: the list may have expired, or a session may be made while this runs), then by deleting the
   * sessions the list names. Returns how many it named.
   */
  async revokeAll(userId: string): Promise<number> {
    const epochKey = sessionKeys.accountEpoch(userId);
    await this.redis.multi().set(epochKey, Date.now(), 'NX').incr(epochKey).exec();
    const digests = (await this.redis.smembers(sessionKeys.userSessions(userId))) as SessionDigest[];
    if (digests.length === 0) return 0;
    await Promise.all(digests.map((digest) => this.redis.del(sessionKeys.session(digest))));
    // Only the ones it deleted: one listed meanwhile carries the new epoch and stays listed for the next revocation.
    await this.redis.srem(sessionKeys.userSessions(userId), ...digests);
    return digests.length;
  }

  /** How many sessions the user's list names (some may be stale until used or revoked). */
  async count(userId: string): Promise<number> {
    return this.redis.scard(sessionKeys.userSessions(userId));
  }
}
