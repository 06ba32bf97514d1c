import type { Redis } from 'ioredis';

/** One confirmation mail per address per interval: whether this one may go (it then holds the interval). */
export async function firstMailInInterval(redis: Redis, email: string, intervalS: number): Promise<boolean> {
  return (await redis.set(`newsletter:mail:${email.toLowerCase()}`, '1', 'EX', intervalS, 'NX')) === 'OK';
}
