/**
 * The kit's user-summaries client against real NATS and Redis: a stand-in for auth answers `auth.users.summaries`
 * (and can stop answering), and the client's two policies are read from what it returns and what Redis keeps.
 */
import type { Redis } from 'ioredis';
import { subjects } from '@meydan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bus, connectNats, connectRedis, UserSummaries, userSummaryKey } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';

const people: Record<string, { id: string; username: string; displayName: string | null; avatarUrl: string | null }> = {
  a1: { id: 'a1', username: 'ayse', displayName: 'Ayşe', avatarUrl: null },
  b2: { id: 'b2', username: 'bora', displayName: null, avatarUrl: '/api/users/b2/avatar?v=1' },
};

let auth: Bus;
let caller: Bus;
let redis: Redis;
/** How many questions the stand-in answered, and with how many ids. */
const asked: string[][] = [];
/** While set, auth is too slow: a question waits until the test opens this gate (after the client gave up). */
let slowAuth: { opened: Promise<void>; open: () => void } | null = null;

beforeAll(async () => {
  const authNc = await connectNats(infra().natsUrl, 'user-summaries-auth', testLogger());
  auth = new Bus(authNc, authNc.jetstream(), testLogger(), 'auth');
  await auth.startService({ version: '0.0.0', description: 'stand-in for auth' });
  auth.respond(subjects.auth.usersSummaries, async ({ ids }) => {
    if (slowAuth) await slowAuth.opened;
    asked.push(ids);
    return { users: ids.flatMap((id) => (people[id] ? [people[id]!] : [])) };
  });
  const nc = await connectNats(infra().natsUrl, 'user-summaries-caller', testLogger());
  caller = new Bus(nc, nc.jetstream(), testLogger(), 'polls');
  redis = connectRedis(infra().redisUrl, 'usertest', testLogger());
});

afterAll(async () => {
  await auth?.stop();
  await auth?.nc.drain();
  await caller?.nc.drain();
  redis?.disconnect();
});

describe('UserSummaries', () => {
  it('asks auth once, keeps what it said, and tells found from missing', async () => {
    await redis.del(userSummaryKey('a1'), userSummaryKey('b2'), userSummaryKey('zz'));
    const users = new UserSummaries(caller, redis, testLogger(), { prefer: 'cache', cacheSeconds: 60 });
    asked.length = 0;
    const first = await users.lookup(['a1', 'b2', 'zz', 'a1']);
    expect(Object.fromEntries(first.known)).toEqual({ a1: people['a1'], b2: people['b2'] });
    expect([...first.missing]).toEqual(['zz']);
    expect(first.authUnreachable).toBe(false);
    expect(asked).toEqual([['a1', 'b2', 'zz']]);
    expect(JSON.parse((await redis.get(userSummaryKey('b2')))!)).toEqual(people['b2']);
    expect(await redis.ttl(userSummaryKey('b2'))).toBeGreaterThan(50);

    // Cache first: kept summaries are not asked about again; only the unknown id is.
    const second = await users.lookup(['a1', 'zz']);
    expect(second.known.get('a1')).toEqual(people['a1']);
    expect(asked).toEqual([['a1', 'b2', 'zz'], ['zz']]);
  });

  it('asks auth once for an id many pages want at the same moment', async () => {
    await redis.del(userSummaryKey('a1'));
    const users = new UserSummaries(caller, redis, testLogger(), { prefer: 'cache', cacheSeconds: 60 });
    asked.length = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => users.lookup(['a1'])));
    expect(answers.every((a) => a.known.get('a1')?.username === 'ayse')).toBe(true);
    expect(asked).toEqual([['a1']]);
  });

  it('asks auth every time when it prefers auth, and falls back to what it kept when auth does not answer', async () => {
    const users = new UserSummaries(caller, redis, testLogger(), {
      prefer: 'auth',
      cacheSeconds: 3600,
      timeoutMs: 300,
    });
    await users.lookup(['a1']);
    asked.length = 0;
    await users.lookup(['a1']);
    expect(asked).toEqual([['a1']]);

    let open = () => {};
    slowAuth = { opened: new Promise<void>((resolve) => (open = resolve)), open };
    try {
      await redis.del(userSummaryKey('b2'));
      const down = await users.lookup(['a1', 'b2']);
      expect(down.authUnreachable).toBe(true);
      expect(down.known.get('a1')).toEqual(people['a1']);
      // Not kept, and auth could not say: unknown for now, not missing.
      expect(down.known.has('b2')).toBe(false);
      expect(down.missing.size).toBe(0);
    } finally {
      slowAuth.open();
      slowAuth = null;
    }
  });

  it('forgets a kept summary', async () => {
    const users = new UserSummaries(caller, redis, testLogger(), { prefer: 'cache', cacheSeconds: 60 });
    await users.lookup(['a1']);
    expect(await redis.exists(userSummaryKey('a1'))).toBe(1);
    await users.forget('a1');
    expect(await redis.exists(userSummaryKey('a1'))).toBe(0);
  });
});
