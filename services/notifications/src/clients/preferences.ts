import { subjects, type UserSettings } from '@meydan/proto';
import type { Bus, BusContext } from '@meydan/kit';
import type { Redis } from 'ioredis';

/** Deliveries during which an unreachable auth makes the handler retry before it notifies anyway. */
const RETRIES_FOR_SETTINGS = 3;
/** A cached answer is dropped at once when auth announces a change (events.auth.user.updated); this is the backstop. */
const CACHE_SECONDS = 300;
const cacheKey = (userId: string) => `settings:${userId}`;

export type NotificationSwitch = 'notifyVotes' | 'notifyLikes' | 'notifyComments' | 'notifyPollResults';

/**
 * Whether a member wants in-app notifications of votes, likes and comments, and of the end of polls they voted on, as
 * set on their profile's Settings tab.
 */
export class Preferences {
  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
  ) {}

  async allows(userId: string, which: NotificationSwitch, ctx: BusContext & { deliveries: number }): Promise<boolean> {
    const settings = await this.settingsOf(userId, ctx);
    return settings ? settings[which] : true;
  }

  async forget(userId: string): Promise<void> {
    await this.redis.del(cacheKey(userId));
  }

  /** The member's settings, or null when auth does not know them or stays unreachable (then everything is on). */
  private async settingsOf(userId: string, ctx: BusContext & { deliveries: number }): Promise<UserSettings | null> {
    // A cache is worth nothing when Redis is down: asking it then waits out ioredis's reconnect attempts (seconds).
    const cached = this.redis.status === 'ready';
    const hit = cached ? await this.redis.get(cacheKey(userId)).catch(() => null) : null;
    if (hit) return JSON.parse(hit) as UserSettings;
    try {
      const settings = await this.bus.request(subjects.auth.usersSettings, { userId }, ctx);
      if (cached) await this.redis.set(cacheKey(userId), JSON.stringify(settings), 'EX', CACHE_SECONDS).catch(() => {});
      return settings;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      if (ctx.deliveries < RETRIES_FOR_SETTINGS) throw err;
      ctx.log.warn({ err: (err as Error).message }, 'auth unavailable: notifying without the member’s settings');
      return null;
    }
  }
}
