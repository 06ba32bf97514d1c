import type { Redis } from 'ioredis';
import type { Role } from '@meydan/kit';
import { randomToken } from '../domain/secrets.js';

export interface Session {
  userId: string;
  role: Role;
  createdAt: string;
}

/**
 * Sessions in Redis (keys under the auth prefix): `session:<sid>` holds the session with a sliding
 * TTL; `user-sessions:<userId>` lists a user's sids so all of them can be revoked at once.
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
      .set(`session:${sid}`, JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(`user-sessions:${userId}`, sid)
      .expire(`user-sessions:${userId}`, this.ttlSeconds)
      .exec();
    return sid;
  }

  /** The session, its lifetime extended (sliding expiry); null when unknown or expired. */
  async resolve(sid: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(sid)) return null;
    const raw = await this.redis.getex(`session:${sid}`, 'EX', this.ttlSeconds);
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  async revoke(sid: string): Promise<void> {
    const raw = await this.redis.get(`session:${sid}`);
    const multi = this.redis.multi().del(`session:${sid}`);
    if (raw) multi.srem(`user-sessions:${(JSON.parse(raw) as Session).userId}`, sid);
    await multi.exec();
  }

  /** Revokes every session of the user; returns how many there were. */
  async revokeAll(userId: string): Promise<number> {
    const sids = await this.redis.smembers(`user-sessions:${userId}`);
    const multi = this.redis.multi();
    for (const sid of sids) multi.del(`session:${sid}`);
    multi.del(`user-sessions:${userId}`);
    await multi.exec();
    return sids.length;
  }

  /** How many live sessions the user has. */
  async count(userId: string): Promise<number> {
    return this.redis.scard(`user-sessions:${userId}`);
  }
}
