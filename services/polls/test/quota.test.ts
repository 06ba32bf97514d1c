/**
 * Counted quotas on the service's own Redis client (auto-pipelined, as every service's is). The script is defined
 * when the service starts: defined on first use while other commands were queued, ioredis sent it on a pipeline made
 * before the definition ("pipeline[functionName] is not a function"), answering requests with others' replies, and
 * the polls process crashed under a share-link vote storm.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';
import { Quotas } from '../src/store/quota.js';

const redis = connectRedis(infra().redisUrl, 'quotatest', testLogger());
afterAll(() => redis.disconnect());

describe('quotas', () => {
  it('takes its first use while other commands are queued, and every command gets its own reply', async () => {
    await redis.ping();
    const quotas = new Quotas(redis);
    const key = `q:${Date.now()}`;
    const writes = Array.from({ length: 30 }, (_, i) =>
      redis.set(`quota-test:${i}`, `v${i}`).then(() => redis.get(`quota-test:${i}`)),
    );
    const takes = Array.from({ length: 4 }, () => quotas.take(key, 3, 60_000));
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 30 }, (_, i) => `v${i}`));
    const outcomes = await Promise.all(takes);
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(3);
    expect(outcomes.find((o) => !o.allowed)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });
});
