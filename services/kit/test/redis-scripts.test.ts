/** The kit's Lua-script commands on a real Redis (auto-pipelined, as every service's client is). */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, defineScripts } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';

interface Commands {
  scriptsTestIncrBy(key: string, by: number): Promise<number>;
  scriptsTestSum(numberOfKeys: number, ...args: string[]): Promise<number>;
}

let redis: Redis;
beforeAll(() => {
  redis = connectRedis(infra().redisUrl, 'scriptstest', testLogger());
});
afterAll(() => redis?.disconnect());

describe('defineScripts', () => {
  it('defines each script once per client, with a fixed or a per-call number of keys', async () => {
    const lua = {
      incr: "return redis.call('INCRBY', KEYS[1], ARGV[1])",
      sum: 'local s = 0 for i = 1, #KEYS do s = s + (tonumber(redis.call("GET", KEYS[i])) or 0) end return s',
    };
    const r = defineScripts<Commands>(redis, {
      scriptsTestIncrBy: { keys: 1, lua: lua.incr },
      scriptsTestSum: { lua: lua.sum },
    });
    await redis.del('a', 'b');
    // A second store on the same client finds them defined: the first definition is the one that runs.
    const again = defineScripts<Commands>(redis, {
      scriptsTestIncrBy: { keys: 1, lua: 'return 0' },
      scriptsTestSum: { lua: lua.sum },
    });
    expect(again).toBe(r);
    expect(await again.scriptsTestIncrBy('a', 5)).toBe(5);
    expect(await r.scriptsTestIncrBy('b', 2)).toBe(2);
    expect(await r.scriptsTestSum(2, 'a', 'b')).toBe(7);
  });

  it('answers every caller its own reply when scripts run among many queued commands', async () => {
    const r = defineScripts<Commands>(redis, {
      scriptsTestIncrBy: { keys: 1, lua: "return redis.call('INCRBY', KEYS[1], ARGV[1])" },
      scriptsTestSum: { lua: 'return 0' },
    });
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? redis.echo(`e${i}`) : r.scriptsTestIncrBy(`k${i}`, i + 1))),
    );
    replies.forEach((reply, i) => {
      expect(reply).toEqual(i % 2 ? `e${i}` : i + 1);
    });
    await redis.del(...Array.from({ length: 60 }, (_, i) => `k${i}`));
  });
});
