/**
 * What proto's `readSession` is given, on one server or a cluster alike. Its MULTI names the account's epoch and the
 * account's list of sessions, two keys of different cluster slots, which a cluster refuses as one step; here each is
 * a command of its own, sent together. Neither needs the other: the epoch is only read, and the list's expiry only
 * slides. A command that fails fails the whole read (the caller answers 503), as the MULTI did.
 */
import type { Redis } from 'ioredis';
import type { SessionRedis } from '@meydan/proto';

export function sessionRedisOf(redis: Redis): SessionRedis {
  return {
    getex: (key, token, seconds) => redis.getex(key, token, seconds),
    multi() {
      const steps: (() => Promise<unknown>)[] = [];
      const batch = {
        get(key: string) {
          steps.push(() => redis.get(key));
          return batch;
        },
        expire(key: string, seconds: number) {
          steps.push(() => redis.expire(key, seconds));
          return batch;
        },
        async exec(): Promise<[Error | null, unknown][]> {
          const replies = await Promise.all(steps.map((step) => step()));
          return replies.map((reply) => [null, reply]);
        },
      };
      return batch;
    },
  };
}
