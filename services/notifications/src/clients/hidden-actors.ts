import type { Redis } from 'ioredis';
import { subjects, type HiddenReply } from '@meydan/proto';
import type { Bus, BusContext, Logger } from '@meydan/kit';

/** Kept this long; social's block and mute events drop it at once (usecases/account.ts). */
export const HIDDEN_TTL_S = 600;
const NATS_TIMEOUT_MS = 1500;
const hiddenKey = (userId: string) => `hidden:${userId}`;

/**
 * Whom each member does not hear from: the members they blocked or muted and those who blocked them, asked from
 * social (`social.hidden`) and kept in Redis. A notification caused by one of them is dropped for that member, and
 * nobody is told (a mute is silent). When social does not answer, nobody is hidden (logged): notifications go on.
 */
export class HiddenActors {
  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {}

  private async setOf(userId: string, source?: BusContext): Promise<HiddenReply | null> {
    // While Redis is away the copy is neither read nor kept: a command would wait out the client's reconnection
    // attempts, and every notification with it.
    const cached = this.redis.status === 'ready';
    const hit = cached ? await this.redis.get(hiddenKey(userId)).catch(() => null) : null;
    if (hit) return JSON.parse(hit) as HiddenReply;
    try {
      const answer = await this.bus.request(subjects.social.hidden, { userId }, source, NATS_TIMEOUT_MS);
      if (cached)
        await this.redis.set(hiddenKey(userId), JSON.stringify(answer), 'EX', HIDDEN_TTL_S).catch(() => undefined);
      return answer;
    } catch (err) {
      this.log.warn(
        { err: (err as Error).message },
        'social did not give the hidden members: the notification is kept',
      );
      return null;
    }
  }

  /** Whether `recipientId` should not hear of what `actorId` did. */
  async hides(recipientId: string, actorId: string | null | undefined, source?: BusContext): Promise<boolean> {
    if (!actorId || actorId === recipientId) return false;
    const set = await this.setOf(recipientId, source);
    return (
      set !== null && (set.blocked.includes(actorId) || set.blockedBy.includes(actorId) || set.muted.includes(actorId))
    );
  }

  async forget(...userIds: string[]): Promise<void> {
    await Promise.all(userIds.map((id) => this.redis.del(hiddenKey(id)).catch(() => undefined)));
  }
}
