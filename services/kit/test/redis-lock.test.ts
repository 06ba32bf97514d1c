/** A record's reads then writes taking turns under a lock in a real Redis (`withLock`). */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, tryLock, withLock } from '@meydan/kit';
import { infra, raceGate, testLogger } from '@meydan/testing';

let redis: Redis;
beforeAll(() => {
  redis = connectRedis(infra().redisUrl, 'redislocktest', testLogger());
});
afterAll(() => redis?.disconnect());

const uniqueKey = () => `lock-test:${Math.random().toString(36).slice(2)}`;

describe('withLock', () => {
  it('runs one work at a time on a key: the next waits for the holder, one that will not wait is refused', async () => {
    const key = uniqueKey();
    const steps: string[] = [];
    const gate = raceGate();
    const held = gate.hold();
    const first = withLock(redis, key, async () => {
      steps.push('first starts');
      await gate.pass();
      steps.push('first ends');
      return 1;
    });
    await held.reached;

    let impatientRan = false;
    await expect(
      withLock(
        redis,
        key,
        async () => {
          impatientRan = true;
        },
        { giveUpMs: 0 },
      ),
    ).rejects.toThrow(`lock ${key} not acquired`);
    expect(impatientRan).toBe(false);

    const second = withLock(redis, key, async () => {
      steps.push('second runs');
      return 2;
    });
    held.release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(steps).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('lets the lock go when the work fails', async () => {
    const key = uniqueKey();
    await expect(withLock(redis, key, async () => Promise.reject(new Error('yazılamadı')))).rejects.toThrow(
      'yazılamadı',
    );
    const release = await tryLock(redis, key);
    expect(release).not.toBeNull();
    await release?.();
  });
});
