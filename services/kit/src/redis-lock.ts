import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A short Redis lock (SET NX PX). The MongoDB-wire store has no atomic read-modify-write we can rely on (FerretDB
 * applies concurrent updates without isolation), so work that reads then writes one key is serialized here.
 * Returns a release function, or null when someone else holds the lock.
 */
export async function tryLock(redis: Redis, key: string, ttlMs = 5000): Promise<(() => Promise<void>) | null> {
  const token = randomBytes(8).toString('hex');
  const ok = await redis.set(key, token, 'PX', ttlMs, 'NX');
  if (ok !== 'OK') return null;
  return async () => {
    await redis.eval(RELEASE, 1, key, token).catch(() => {});
  };
}

/** Waits until nobody holds the lock (or `timeoutMs` passed). */
export async function waitUnlocked(redis: Redis, key: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end && (await redis.exists(key)) === 1) await sleep(15);
}

/**
 * Runs `work` holding the lock on `key`, waiting for it while someone else holds it (up to `giveUpMs`, then throws so
 * the caller's message is redelivered). For reads then writes of one record that must not interleave.
 */
export async function withLock<T>(
  redis: Redis,
  key: string,
  work: () => Promise<T>,
  { ttlMs = 10_000, giveUpMs = 10_000 }: { ttlMs?: number; giveUpMs?: number } = {},
): Promise<T> {
  let release = await tryLock(redis, key, ttlMs);
  const giveUp = Date.now() + giveUpMs;
  while (!release) {
    if (Date.now() >= giveUp) throw new Error(`lock ${key} not acquired`);
    await waitUnlocked(redis, key, 2000);
    release = await tryLock(redis, key, ttlMs);
  }
  try {
    return await work();
  } finally {
    await release();
  }
}
