import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORE_PREFIX, serviceNames } from '@meydan/proto';
import {
  connectRedis,
  readSession,
  redisAcl,
  redisClients,
  redisUrlFor,
  sessionDigest,
  sessionKeyOf,
  writeRedisAcl,
  type RedisAclFiles,
} from '@meydan/kit';
import { freePort, infra, testLogger } from '@meydan/testing';
import { startRedis } from '../../../deploy/local/servers.mjs';

let server: Awaited<ReturnType<typeof startRedis>>;
let acl: RedisAclFiles;
const clients: Redis[] = [];
const client = (url: string, options: RedisOptions = {}) => {
  const redis = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true, ...options });
  clients.push(redis);
  // Refusals are what these tests look for: they are read from the commands' answers, not logged.
  redis.on('error', () => undefined);
  return redis;
};

beforeAll(async () => {
  const { dir, redisServer } = infra();
  acl = writeRedisAcl(mkdtempSync(join(dir, 'redis-acl-')));
  const port = await freePort();
  server = await startRedis({
    port,
    dataDir: join(dir, `redis-acl-${port}`),
    binary: redisServer,
    extraArgs: ['--aclfile', acl.file],
  });
});
afterAll(async () => {
  for (const redis of clients) redis.disconnect();
  await server?.stop();
});

describe('Redis users', () => {
  it('keeps every password across writes of the ACL file, so a restart changes none', () => {
    const dir = mkdtempSync(join(infra().dir, 'redis-acl-again-'));
    const first = writeRedisAcl(dir);
    const second = writeRedisAcl(dir);
    expect(second.passwords).toEqual(first.passwords);
    expect(readFileSync(second.file, 'utf8')).toBe(readFileSync(first.file, 'utf8'));
    expect(new Set(Object.values(first.passwords)).size).toBe(Object.keys(first.passwords).length);
  });

  it('refuses a client without a password, and one with a wrong one', async () => {
    const anonymous = client(server.url);
    await expect(anonymous.get('polls:x')).rejects.toThrow(/NOAUTH/);
    const wrong = client(redisUrlFor(server.url, 'polls', 'not-the-password'));
    const errors: string[] = [];
    wrong.on('error', (err: Error) => errors.push(err.message));
    await wrong.connect().catch(() => undefined);
    expect(errors.join(' ')).toMatch(/WRONGPASS/);
  });

  it("lets a service work on its own keys (strings, hashes, scripts, transactions) and refuses another service's", async () => {
    const polls = connectRedis(redisUrlFor(server.url, 'polls', acl.passwords.polls), 'polls', testLogger());
    clients.push(polls);
    await polls.hset('poll:1', '0', '3');
    expect(await polls.eval("return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)", 1, 'poll:1', '0')).toBe(4);
    expect(await polls.multi().set('a', '1', 'EX', 60).get('a').exec()).toEqual([
      [null, 'OK'],
      [null, '1'],
    ]);
    // Without the kit's prefix, polls' user reaches nothing of auth's or social's.
    const raw = client(redisUrlFor(server.url, 'polls', acl.passwords.polls));
    await expect(raw.get('auth:session:abc')).rejects.toThrow(/NOPERM/);
    await expect(raw.set('social:follows:1', 'x')).rejects.toThrow(/NOPERM/);
    await expect(raw.flushall()).rejects.toThrow(/NOPERM/);
    await expect(raw.publish('socket.io#/#', 'x')).rejects.toThrow(/NOPERM/);
  });

  it('lets the gateway read and slide the sessions auth writes, and nothing else of auth', async () => {
    const auth = client(redisUrlFor(server.url, 'auth', acl.passwords.auth), { keyPrefix: 'auth:' });
    await auth.set('session:s1', '{"userId":"u1"}', 'EX', 60);
    await auth.set('password-checks:u1', '3');
    const gateway = client(redisUrlFor(server.url, 'gateway', acl.passwords.gateway), { keyPrefix: 'auth:' });
    expect(await gateway.getex('session:s1', 'EX', 120)).toBe('{"userId":"u1"}');
    expect(await gateway.multi().get('account-epoch:u1').expire('user-sessions:u1', 120).exec()).toEqual([
      [null, null],
      [null, 0],
    ]);
    await expect(gateway.get('password-checks:u1')).rejects.toThrow(/NOPERM/);
  });

  it("lets no user list, find or count keys it cannot name, so no service learns a session's key", async () => {
    // A session as auth writes it, and the account's list of sessions (auth's own user).
    const sid = 'Xq3vN8cYt2pLm5RkWf7bHd9sJa4Ge6Uo1ZiCxQyVnTw';
    const auth = client(redisUrlFor(server.url, 'auth', acl.passwords.auth), { keyPrefix: `${SESSION_STORE_PREFIX}:` });
    await auth.set(
      sessionKeyOf(sid),
      JSON.stringify({ userId: 'u1', role: 'admin', createdAt: new Date().toISOString() }),
      'EX',
      60,
    );
    await auth.sadd('user-sessions:u1', sessionDigest(sid));
    for (const name of redisClients) {
      const user = client(redisUrlFor(server.url, name, acl.passwords[name]));
      for (const command of [
        ['scan', '0', 'MATCH', 'auth:session:*'],
        ['scan', '0'],
        ['keys', '*'],
        ['randomkey'],
        ['dbsize'],
        ['client', 'tracking', 'on', 'bcast', 'prefix', 'auth:'],
        ['pubsub', 'channels'],
        ['cluster', 'getkeysinslot', '0', '10'],
        ['cluster', 'countkeysinslot', '0'],
      ]) {
        await expect(user.call(command[0]!, ...command.slice(1)), `${name}: ${command.join(' ')}`).rejects.toThrow(
          /NOPERM/,
        );
      }
      // A script runs its commands as its caller: no way around through Lua either.
      await expect(user.eval("return redis.call('SCAN', '0')", 0), name).rejects.toThrow(
        /NOPERM|can't run this command/,
      );
      if (name === 'auth' || name === 'gateway') continue;
      await expect(user.get(`auth:${sessionKeyOf(sid)}`), name).rejects.toThrow(/NOPERM/);
      await expect(user.smembers('auth:user-sessions:u1'), name).rejects.toThrow(/NOPERM/);
    }
  });

  it('stores a session under the digest of its id: the name of its key and the list of sessions are no cookie', async () => {
    const sid = 'Pw0rT7uYb3nKc8LdVs5QeHj2MfAx6Gz9RoBi4NtUlEk';
    const auth = client(redisUrlFor(server.url, 'auth', acl.passwords.auth), { keyPrefix: `${SESSION_STORE_PREFIX}:` });
    await auth.set(
      sessionKeyOf(sid),
      JSON.stringify({ userId: 'u2', role: 'member', createdAt: new Date().toISOString() }),
      'EX',
      60,
    );
    expect(sessionKeyOf(sid)).toBe(`session:${sessionDigest(sid)}`);
    expect(sessionKeyOf(sid)).not.toContain(sid);
    // Whoever holds a key's name (a dump, a listing as the server's owner) has only the digest: taken for a cookie, it is none.
    const gateway = client(redisUrlFor(server.url, 'gateway', acl.passwords.gateway), {
      keyPrefix: `${SESSION_STORE_PREFIX}:`,
    });
    expect(await readSession(gateway, sid, 60)).toEqual({ userId: 'u2', role: 'member', mfa: null });
    expect(await readSession(gateway, sessionDigest(sid), 60)).toBeNull();
  });

  it('gives the socket.io channels to the notifications service only', async () => {
    const notifications = client(redisUrlFor(server.url, 'notifications', acl.passwords.notifications));
    expect(await notifications.publish('socket.io#/#poll:1#', 'x')).toBe(0);
    const subscriber = client(redisUrlFor(server.url, 'notifications', acl.passwords.notifications));
    await expect(subscriber.psubscribe('socket.io#/#*')).resolves.toBe(1);
  });

  it('writes one line per user and the default user off', () => {
    const text = redisAcl({
      auth: 'a',
      polls: 'p',
      social: 's',
      notifications: 'n',
      contact: 'c',
      admin: 'd',
      gateway: 'g',
    });
    expect(serviceNames.every((name) => text.includes(`user ${name} `))).toBe(true);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('user default off');
    expect(lines).toHaveLength(8);
    expect(lines.find((l) => l.startsWith('user gateway '))).toContain('~auth:session:*');
    expect(lines.find((l) => l.startsWith('user polls '))).not.toContain('~auth:');
  });
});
