/**
 * Counted quotas in Redis: at most `limit` uses per window, the window starting at the first use. One Lua step, so
 * concurrent requests on any instance never pass the limit together.
 */
import type { Redis } from 'ioredis';
import { defineScripts } from '@meydan/kit';

/** Returns 0 when the use is allowed, otherwise the milliseconds until the window ends. */
const TAKE = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if used <= tonumber(ARGV[1]) then return 0 end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return left
`;

interface QuotaCommands {
  pollsTakeQuota(key: string, limit: number, windowMs: number): Promise<number>;
}

export type QuotaOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counted quotas (share-link vote attempts per IP network, comments per member). The script is defined when the
 * service starts (the kit's `defineScripts` says why).
 */
export class Quotas {
  private readonly redis: Redis & QuotaCommands;

  constructor(redis: Redis) {
    this.redis = defineScripts<QuotaCommands>(redis, { pollsTakeQuota: { keys: 1, lua: TAKE } });
  }

  async take(key: string, limit: number, windowMs: number): Promise<QuotaOutcome> {
    const waitMs = await this.redis.pollsTakeQuota(key, limit, windowMs);
    return waitMs === 0
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
