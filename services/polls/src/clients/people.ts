/**
 * What the polls service asks other services about people, cached briefly in Redis: creator summaries from auth
 * (`auth.users.summaries`) and mutual followers and hidden members (blocks, mutes) from social (`social.mutuals`,
 * `social.hidden`).
 */
import type { Redis } from 'ioredis';
import { pollServiceMessages, subjects, type CreatorSummary, type HiddenReply } from '@meydan/proto';
import { TtlCache, UserSummaries, type Bus, type Logger, type RequestIdSource } from '@meydan/kit';

/** The Redis keys of the answers kept here (store/keys.ts lists them with the service's own). */
export const peopleKeys = {
  /** Cached answers of other services (user summaries: the kit's `userSummaryKey`). */
  mutuals: (userId: string) => `mutuals:${userId}`,
  /** The member's hidden set from social ({blocked, blockedBy, muted}), dropped when social announces a change. */
  hidden: (userId: string) => `hidden:${userId}`,
};
const keys = peopleKeys;

export const SUMMARY_TTL_S = 60;
/**
 * Social's follow events drop a member's kept mutuals at once (nats/handlers.ts), so the expiry only bounds how long
 * a lost event could leave them stale; every ask is a query social answers by scanning its follows.
 */
export const MUTUALS_TTL_S = 600;
/** Likewise a member's hidden set: each block or mute event drops it at once (nats/handlers.ts). */
export const HIDDEN_TTL_S = 600;
const NONE_HIDDEN: HiddenReply = { blocked: [], blockedBy: [], muted: [] };
const NATS_TIMEOUT_MS = 1500;
/**
 * How long this process reuses a summary or a creator's circle for presenting polls: a feed page names hundreds of
 * people (each Dost Meclisi poll lists its creator's mutual followers), one Redis read each otherwise. A change shows
 * here at once (the events drop it), through another replica within this time.
 */
const SHOWN_TTL_MS = 5_000;

/** What a card shows when auth cannot tell who the creator is (it is down, or the account is gone). */
export function unknownSummary(id: string): CreatorSummary {
  return { id, username: '', displayName: pollServiceMessages.unknownCreator, avatarUrl: null };
}

export class People {
  private readonly users: UserSummaries;
  private readonly shownSummaries = new TtlCache<CreatorSummary>(SHOWN_TTL_MS, 20_000);
  private readonly shownCircles = new TtlCache<string[]>(SHOWN_TTL_MS, 20_000);
  /** Hidden sets kept a moment in this process too: every poll a member views or votes on asks for theirs. */
  private readonly shownHidden = new TtlCache<HiddenReply>(SHOWN_TTL_MS, 20_000);

  constructor(
    private readonly redis: Redis,
    private readonly bus: Bus,
    private readonly log: Logger,
  ) {
    this.users = new UserSummaries(bus, redis, log, {
      prefer: 'cache',
      cacheSeconds: SUMMARY_TTL_S,
      timeoutMs: NATS_TIMEOUT_MS,
    });
  }

  /** Summaries of users by id. Never fails: when auth does not answer, unknown users get a placeholder. */
  async summaries(ids: readonly string[], source?: RequestIdSource): Promise<Map<string, CreatorSummary>> {
    const result = new Map<string, CreatorSummary>();
    const toLookUp: string[] = [];
    for (const id of ids) {
      const kept = this.shownSummaries.get(id);
      if (kept) result.set(id, kept);
      else toLookUp.push(id);
    }
    if (toLookUp.length) {
      const { known } = await this.users.lookup(toLookUp, source);
      for (const [id, summary] of known) {
        this.shownSummaries.set(id, summary);
        result.set(id, summary);
      }
    }
    for (const id of ids) if (!result.has(id)) result.set(id, unknownSummary(id));
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
    await this.redis
      .set(keys.mutuals(userId), JSON.stringify(answer.userIds), 'EX', MUTUALS_TTL_S)
      .catch(() => undefined);
    return answer.userIds;
  }

  /** A creator's mutual followers as a poll card lists them (kept a moment in this process; see SHOWN_TTL_MS). */
  async mutualsShown(userId: string, source?: RequestIdSource): Promise<string[]> {
    const kept = this.shownCircles.get(userId);
    if (kept) return kept;
    const mutuals = await this.mutuals(userId, source);
    this.shownCircles.set(userId, mutuals);
    return mutuals;
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

  /**
   * Whom the member blocked, who blocked them and whom they muted (social's `social.hidden`), kept in Redis. A visitor
   * hides nobody. When social does not answer, nobody is hidden (logged): feeds go on.
   */
  async hidden(userId: string | null, source?: RequestIdSource): Promise<HiddenReply> {
    if (!userId) return NONE_HIDDEN;
    const kept = this.shownHidden.get(userId);
    if (kept) return kept;
    const hit = await this.redis.get(keys.hidden(userId)).catch(() => null);
    let hidden: HiddenReply;
    if (hit) {
      hidden = JSON.parse(hit) as HiddenReply;
    } else {
      try {
        hidden = await this.bus.request(subjects.social.hidden, { userId }, source, NATS_TIMEOUT_MS);
        await this.redis.set(keys.hidden(userId), JSON.stringify(hidden), 'EX', HIDDEN_TTL_S).catch(() => undefined);
      } catch (err) {
        // Kept the moment too, so that an absent social is not asked again for every poll of a page.
        this.log.warn({ err: (err as Error).message }, 'social did not give the hidden members: nobody hidden');
        hidden = NONE_HIDDEN;
      }
    }
    this.shownHidden.set(userId, hidden);
    return hidden;
  }

  /**
   * The creators whose polls and comments the member does not see: the members they blocked or muted and those who
   * blocked them.
   */
  async hiddenCreators(userId: string | null, source?: RequestIdSource): Promise<string[]> {
    const { blocked, blockedBy, muted } = await this.hidden(userId, source);
    return [...new Set([...blocked, ...blockedBy, ...muted])];
  }

  async forgetHidden(...userIds: string[]): Promise<void> {
    for (const id of userIds) this.shownHidden.delete(id);
    await Promise.all(userIds.map((id) => this.redis.del(keys.hidden(id)).catch(() => undefined)));
  }

  async forgetUser(userId: string): Promise<void> {
    this.shownSummaries.delete(userId);
    await this.users.forget(userId);
  }

  async forgetMutuals(...userIds: string[]): Promise<void> {
    for (const id of userIds) this.shownCircles.delete(id);
    await Promise.all(userIds.map((id) => this.redis.del(keys.mutuals(id))));
  }
}
