/**
 * What the polls service asks other services about people, cached briefly in Redis: creator summaries from auth
 * (`auth.users.summaries`) and mutual followers from social (`social.mutuals`).
 */
import type { Redis } from 'ioredis';
import { pollServiceMessages, subjects, type CreatorSummary } from '@meydan/proto';
import type { Bus, Logger, RequestIdSource } from '@meydan/kit';
import { keys } from './keys.js';

export const SUMMARY_TTL_S = 60;
export const MUTUALS_TTL_S = 30;
const NATS_TIMEOUT_MS = 1500;

/** What a card shows when auth cannot tell who the creator is (it is down, or the account is gone). */
export function unknownSummary(id: string): CreatorSummary {
  return { id, username: '', displayName: pollServiceMessages.unknownCreator, avatarUrl: null };
}

export class People {
  /** Ids whose summaries this process is asking auth for right now, with the answer to wait for. */
  private readonly asking = new Map<string, Promise<Map<string, CreatorSummary>>>();

  constructor(
    private readonly redis: Redis,
    private readonly bus: Bus,
    private readonly log: Logger,
  ) {}

  /** Summaries of users by id. Never fails: when auth does not answer, unknown users get a placeholder. */
  async summaries(ids: readonly string[], source?: RequestIdSource): Promise<Map<string, CreatorSummary>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, CreatorSummary>();
    if (unique.length === 0) return result;
    let cached: (string | null)[] = [];
    try {
      // One GET per user, sent together: an MGET's keys would have to be of one cluster slot.
      cached = await Promise.all(unique.map((id) => this.redis.get(keys.user(id))));
    } catch (err) {
      this.log.warn({ err }, 'user summary cache unreadable');
    }
    const missing: string[] = [];
    unique.forEach((id, i) => {
      const hit = cached[i];
      if (hit) result.set(id, JSON.parse(hit) as CreatorSummary);
      else missing.push(id);
    });
    if (missing.length) {
      // One question to auth per id at a time in this process: while auth is slow (and nothing gets cached), every
      // page asking again would only pile more work on it, and it would never catch up.
      const asked = missing.filter((id) => !this.asking.has(id));
      if (asked.length) {
        const answer = this.askAuth(asked, source);
        for (const id of asked) this.asking.set(id, answer);
        void answer.finally(() => {
          for (const id of asked) if (this.asking.get(id) === answer) this.asking.delete(id);
        });
      }
      const answers = await Promise.all([...new Set(missing.map((id) => this.asking.get(id)!))]);
      for (const answer of answers) for (const id of missing) if (answer.has(id)) result.set(id, answer.get(id)!);
    }
    for (const id of unique) if (!result.has(id)) result.set(id, unknownSummary(id));
    return result;
  }

  /** Summaries auth gave for `ids`, cached; empty when it did not answer (never fails). */
  private async askAuth(ids: string[], source?: RequestIdSource): Promise<Map<string, CreatorSummary>> {
    const result = new Map<string, CreatorSummary>();
    try {
      const answer = await this.bus.request(subjects.auth.usersSummaries, { ids }, source, NATS_TIMEOUT_MS);
      for (const u of answer.users) {
        result.set(u.id, { id: u.id, username: u.username, displayName: u.displayName ?? null, avatarUrl: u.avatarUrl ?? null });
      }
      await Promise.all([...result.values()].map((summary) => this.redis.set(keys.user(summary.id), JSON.stringify(summary), 'EX', SUMMARY_TTL_S))).catch(
        () => undefined,
      );
    } catch (err) {
      this.log.warn({ err: (err as Error).message, count: ids.length }, 'auth did not give user summaries: using placeholders');
    }
    return result;
  }

  async summary(id: string, source?: RequestIdSource): Promise<CreatorSummary> {
    return (await this.summaries([id], source)).get(id)!;
  }

  /** The user's mutual followers. Throws a 503 HttpError when social does not answer (callers choose to degrade). */
  async mutuals(userId: string, source?: RequestIdSource): Promise<string[]> {
    const hit = await this.redis.get(keys.mutuals(userId)).catch(() => null);
    if (hit) return JSON.parse(hit) as string[];
    const answer = await this.bus.request(subjects.social.mutuals, { userId }, source, NATS_TIMEOUT_MS);
    await this.redis.set(keys.mutuals(userId), JSON.stringify(answer.userIds), 'EX', MUTUALS_TTL_S).catch(() => undefined);
    return answer.userIds;
  }

  /**
   * Whether the member's profile is public, asked fresh from auth (a member who just made it private must not have
   * their lists shown a moment longer). A user auth does not know has nothing to hide; 503 when auth cannot answer.
   */
  async profileIsPublic(userId: string, source?: RequestIdSource): Promise<boolean> {
    try {
      return (await this.bus.request(subjects.auth.usersSettings, { userId }, source, NATS_TIMEOUT_MS)).isProfilePublic;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return true;
      throw err;
    }
  }

  /** Mutuals, or none when social does not answer (for feeds: friends polls of others are then left out). */
  async mutualsOrNone(userId: string | null, source?: RequestIdSource): Promise<string[]> {
    if (!userId) return [];
    try {
      return await this.mutuals(userId, source);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'social did not give mutuals: friends polls of others left out');
      return [];
    }
  }

  async forgetUser(userId: string): Promise<void> {
    await this.redis.del(keys.user(userId));
  }

  async forgetMutuals(...userIds: string[]): Promise<void> {
    await Promise.all(userIds.map((id) => this.redis.del(keys.mutuals(id))));
  }
}
