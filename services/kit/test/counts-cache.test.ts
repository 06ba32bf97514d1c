/** Counts kept in a real Redis, counted again from the record when missing, dropped by the writes that change them. */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, CountsCache, createRedisClient, type Logger } from '@meydan/kit';
import { infra, raceGate, testLogger } from '@meydan/testing';

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
  const gate = raceGate();
  return {
    state,
    counted: () => counted,
    hold: gate.hold,
    async count(): Promise<Record<Field, number>> {
      counted++;
      const read = { ...state };
      await gate.pass();
      return read;
    },
  };
}

const fields: readonly Field[] = ['followers', 'following'];

describe('CountsCache', () => {
  it('counts the record once, then answers from Redis until a write drops the counts', async () => {
    const db = record({ followers: 3, following: 5 });
    const cache = new CountsCache<Field>(
      redis,
      (id) => `counts:${id}`,
      fields,
      () => db.count(),
      testLogger(),
    );
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
    const cache = new CountsCache<Field>(
      redis,
      (id) => `counts:${id}`,
      fields,
      () => db.count(),
      testLogger(),
    );
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

  it('counts once for asks that come while a count is under way, and anew for one after a drop', async () => {
    const db = record({ followers: 5, following: 5 });
    const cache = new CountsCache<Field>(
      redis,
      (id) => `counts:${id}`,
      fields,
      () => db.count(),
      testLogger(),
    );
    await redis.del('counts:e');
    const hold = db.hold();
    const first = cache.get('e');
    await hold.reached;
    const second = cache.get('e');
    db.state.followers = 6;
    await cache.changed(['e']);
    const afterDrop = cache.get('e');
    expect(await afterDrop).toEqual({ followers: 6, following: 5 });
    hold.release();
    expect(await first).toEqual({ followers: 5, following: 5 });
    expect(await second).toEqual({ followers: 5, following: 5 });
    expect(db.counted()).toBe(2);
    expect(await cache.get('e')).toEqual({ followers: 6, following: 5 });
  });

  it('counts the record when Redis cannot answer, and logs a drop it refuses instead of failing the write', async () => {
    const broken = createRedisClient('redis://127.0.0.1:1', {
      keyPrefix: 'countscachebroken:',
      enableOfflineQueue: false,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    try {
      const db = record({ followers: 7, following: 1 });
      const warnings: unknown[] = [];
      const log = {
        warn: (fields: { subjects: number }, message: string) => warnings.push({ subjects: fields.subjects, message }),
      } as unknown as Logger;
      const cache = new CountsCache<Field>(
        broken,
        (id) => `counts:${id}`,
        fields,
        () => db.count(),
        log,
      );
      expect(await cache.get('c')).toEqual({ followers: 7, following: 1 });
      await expect(cache.changed(['c', 'd'])).resolves.toBeUndefined();
      expect(warnings).toEqual([{ subjects: 2, message: 'kept counts not dropped: they last until they expire' }]);
    } finally {
      broken.disconnect();
    }
  });
});
