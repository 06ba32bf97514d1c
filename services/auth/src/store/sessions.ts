import type { Redis } from 'ioredis';
import { SESSION_ID_PATTERN, sessionKeys, sessionUserOf, type StoredSession } from '@meydan/proto';
import type { Role } from '@meydan/kit';
import { randomToken } from '../domain/secrets.js';

export type Session = StoredSession;

/**
 * Sessions in Redis under auth's prefix, keyed as proto's `sessionKeys` say: the gateway reads them there too (with the
 * same sliding expiry), so the format is shared, not auth's alone.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  async create(userId: string, role: Role): Promise<string> {
    const sid = randomToken(32);
    const session: Session = { userId, role, createdAt: new Date().toISOString() };
    await this.redis
      .multi()
      .set(sessionKeys.session(sid), JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(sessionKeys.userSessions(userId), sid)
      .expire(sessionKeys.userSessions(userId), this.ttlSeconds)
      .exec();
    return sid;
  }

  /** The session, its lifetime extended (sliding expiry); null when unknown or expired. */
  async resolve(sid: string): Promise<Pick<Session, 'userId' | 'role'> | null> {
    if (!SESSION_ID_PATTERN.test(sid)) return null;
    return sessionUserOf(await this.redis.getex(sessionKeys.session(sid), 'EX', this.ttlSeconds));
  }

  async revoke(sid: string): Promise<void> {
    const user = sessionUserOf(await this.redis.get(sessionKeys.session(sid)));
    const multi = this.redis.multi().del(sessionKeys.session(sid));
    if (user) multi.srem(sessionKeys.userSessions(user.userId), sid);
    await multi.exec();
  }

  /** Revokes every session of the user; returns how many there were. */
  async revokeAll(userId: string): Promise<number> {
    const sids = await this.redis.smembers(sessionKeys.userSessions(userId));
    const multi = this.redis.multi();
    for (const sid of sids) multi.del(sessionKeys.session(sid));
    multi.del(sessionKeys.userSessions(userId));
    await multi.exec();
    return sids.length;
  }

  /** How many live sessions the user has. */
  async count(userId: string): Promise<number> {
    return this.redis.scard(sessionKeys.userSessions(userId));
  }
}
