import type { Redis } from 'ioredis';
import { keys } from './keys.js';

/**
 * Members an administrator banned: their polls are hidden from every feed and direct view until reactivation.
 * A Redis set, so the check on the vote and view paths is one SISMEMBER.
 */
export class BannedCreators {
  constructor(private readonly redis: Redis) {}

  async add(userId: string): Promise<void> {
    await this.redis.sadd(keys.bannedCreators, userId);
  }

  async remove(userId: string): Promise<void> {
    await this.redis.srem(keys.bannedCreators, userId);
  }

  async has(userId: string): Promise<boolean> {
    return (await this.redis.sismember(keys.bannedCreators, userId)) === 1;
  }

  async all(): Promise<string[]> {
    return this.redis.smembers(keys.bannedCreators);
  }
}
