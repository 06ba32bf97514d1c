/** Counts kept in a real Redis, counted again from the record when missing, dropped by the writes that change them. */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, CountsCache, createRedisClient } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';

type Field = 'followers' | 'following';

let redis: Redis;
beforeAll(() => {
  redis = connectRedis(infra().redisUrl, 'countscachetest', testLogger());
});
afterAll(() => redis?.disconnect());

/**
 * A record the test writes to, counting how often it is counted. After `hold()`, the next count reads the record at
 * once but answers only when released (a slow count on a busy database).
 */
function record(start: Record<Field, number>) {
  const state = { ...start };
  let counted = 0;
  let gate: { reached: () => void; released: Promise<void> } | null = null;
  return {
    state,
    counted: () => counted,
    hold() {
      let reached = () => {};
      let release = () => {};
      const wasReached = new Promise<void>((resolve) => (reached = resolve));
      gate = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: wasReached, release };
    },
    async count(): Promise<Record<Field, number>> {
      counted++;
      const read = { ...state };
      const held = gate;
      gate = null;
      if (held) {
        held.reached();
        await held.released;
      }
      return read;
    },
  };
}

const fields: readonly Field[] = ['followers', 'following'];

describe('CountsCache', () => {
  it('counts the record once, then answers from Redis until a write drops the counts', async () => {
    const db = record({ followers: 3, following: 5 });
    const cache = new CountsCache<Field>(redis, (id) => `counts:${id}`, fields, () => db.count());
    await redis.del('counts:a');

    expect(await cache.get('a')).toEqual({ followers: 3, following: 5 });
    expect(await cache.get('a')).toEqual({ followers: 3, following: 5 });
    expect(db.counted()).toBe(1);
    expect(await redis.ttl('counts:a')).toBeGreaterThan(0);

    db.state.followers = 4;
    await cache.changed(['a', null, 'a']);
    expect(await cache.get('a')).toEqual({ followers: 4, following: 5 });
    expect(db.counted()).toBe(2);
    expect(await cache.get('a')).toEqual({ followers: 4, following: 5 });
    expect(db.counted()).toBe(2);
  });

  it('never keeps a count read before a write that dropped the counts while it was being read', async () => {
    const db = record({ followers: 1, following: 0 });
    const cache = new CountsCache<Field>(redis, (id) => `counts:${id}`, fields, () => db.count());
    await redis.del('counts:b');

    const hold = db.hold();
    const slowRead = cache.get('b');
    await hold.reached;
    // The write lands and drops the counts while the slow read still holds the count from before it.
    db.state.followers = 2;
    await cache.changed(['b']);
    hold.release();
    expect(await slowRead).toEqual({ followers: 1, following: 0 });

    // The old count was not kept: the next read counts again and sees the write.
    expect(await cache.get('b')).toEqual({ followers: 2, following: 0 });
    expect(db.counted()).toBe(2);
    expect(await cache.get('b')).toEqual({ followers: 2, following: 0 });
    expect(db.counted()).toBe(2);
  });

  it('counts the record when Redis cannot answer, and a drop then fails its caller', async () => {
    const broken = createRedisClient('redis://127.0.0.1:1', { keyPrefix: 'countscachebroken:', enableOfflineQueue: false, retryStrategy: () => null, lazyConnect: true });
    try {
      const db = record({ followers: 7, following: 1 });
      const cache = new CountsCache<Field>(broken, (id) => `counts:${id}`, fields, () => db.count());
      expect(await cache.get('c')).toEqual({ followers: 7, following: 1 });
      await expect(cache.changed(['c'])).rejects.toThrow();
    } finally {
      broken.disconnect();
    }
  });
});
