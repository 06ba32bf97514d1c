/**
 * Likes, comments and shares per poll, counted exactly in Redis (atomic increments; MongoDB-wire servers without
 * atomic updates would lose concurrent `$inc`s), rebuilt from the likes, comments and shares collections when
 * missing, and the trending rank computed from them with the vote counts.
 */
import type { Redis } from 'ioredis';
import { trendingScore } from '../domain/trending.js';
import type { Models } from '../model/index.js';
import { keys } from './keys.js';
import { countersTtlMs, type PollShape, type VoteCounters } from './vote-counters.js';

export interface EngagementCounts {
  likes: number;
  comments: number;
  shares: number;
}

export type EngagementField = 'likes' | 'comments' | 'shares';
const fieldOf: Record<EngagementField, 'l' | 'c' | 's'> = { likes: 'l', comments: 'c', shares: 's' };

/** HINCRBY only when the hash exists; otherwise the next read recounts the collections (which include this change). */
const INCR_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
`;

/** Adds every member to the set, and answers 1, only when none of them is in it yet (ARGV: ttl ms, members...). */
const ADD_ALL_IF_NONE = `
for i = 2, #ARGV do
  if redis.call('SISMEMBER', KEYS[1], ARGV[i]) == 1 then return 0 end
end
for i = 2, #ARGV do redis.call('SADD', KEYS[1], ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

interface EngagementCommands {
  pollsIncrEngagement(key: string, field: string, delta: number): Promise<number | null>;
  pollsAddAllIfNone(key: string, ttlMs: number, ...members: string[]): Promise<number>;
}

export class Engagement {
  private readonly redis: Redis & EngagementCommands;

  constructor(
    redis: Redis,
    private readonly models: Models,
    private readonly counters: VoteCounters,
    /** Called when a trending score was rewritten (feeds kept for a moment and timelines are then out of date). */
    private readonly rankChanged: (pollId: string, hot: number) => void | Promise<void> = () => {},
  ) {
    const r = redis as Redis & EngagementCommands;
    if (!(r as unknown as Record<string, unknown>)['pollsIncrEngagement']) {
      r.defineCommand('pollsIncrEngagement', { numberOfKeys: 1, lua: INCR_IF_PRESENT });
      r.defineCommand('pollsAddAllIfNone', { numberOfKeys: 1, lua: ADD_ALL_IF_NONE });
    }
    this.redis = r;
  }

  /** Counts a change that is already written to its collection. */
  async add(poll: PollShape, field: EngagementField, delta: number): Promise<void> {
    const value = await this.redis.pollsIncrEngagement(keys.engagement(poll.id), fieldOf[field], delta);
    if (value === null) await this.of([poll]);
  }

  /**
   * Admits a share of the poll when none of its marks (the sharer, and for a visitor the client IP) was counted
   * before; atomic, so concurrent requests admit one. False when already counted.
   */
  async admitShare(poll: PollShape, marks: readonly string[]): Promise<boolean> {
    return (await this.redis.pollsAddAllIfNone(keys.sharers(poll.id), countersTtlMs(poll.expiresAt), ...marks)) === 1;
  }

  /** Takes back an admission whose share could not be stored. */
  async forgetShare(poll: PollShape, marks: readonly string[]): Promise<void> {
    await this.redis.srem(keys.sharers(poll.id), ...marks);
  }

  async of(polls: readonly PollShape[]): Promise<Map<string, EngagementCounts>> {
    const result = new Map<string, EngagementCounts>();
    if (polls.length === 0) return result;
    // One read per poll, sent together (polls' counters are on many nodes of a cluster).
    const replies = await Promise.all(polls.map((p) => this.redis.hmget(keys.engagement(p.id), 'l', 'c', 's')));
    const missing: PollShape[] = [];
    polls.forEach((p, i) => {
      const [l, c, s] = replies[i]!;
      if (l == null || c == null || s == null) missing.push(p);
      else result.set(p.id, { likes: Number(l), comments: Number(c), shares: Number(s) });
    });
    for (const p of missing) {
      const [likes, comments, shares] = await Promise.all([
        this.models.Like.countDocuments({ pollId: p.id }),
        this.models.Comment.countDocuments({ pollId: p.id }),
        this.models.Share.countDocuments({ pollId: p.id }),
      ]);
      const key = keys.engagement(p.id);
      await this.redis.multi().hset(key, { l: likes, c: comments, s: shares }).pexpire(key, countersTtlMs(p.expiresAt)).exec();
      result.set(p.id, { likes, comments, shares });
    }
    return result;
  }

  async ofOne(poll: PollShape): Promise<EngagementCounts> {
    return (await this.of([poll])).get(poll.id)!;
  }

  /**
   * Rewrites the poll's trending score from the current counts. Every writer writes the whole current value, so a
   * write lost to a concurrent one is made good by the next.
   */
  async syncRank(poll: PollShape & { createdAt: Date }): Promise<number> {
    const [votes, e] = await Promise.all([this.counters.countsOfOne(poll), this.ofOne(poll)]);
    const hot = trendingScore({ votes: votes.total, likes: e.likes, comments: e.comments, shares: e.shares }, poll.createdAt);
    await this.models.PollRank.updateOne({ _id: poll.id }, { $set: { hot } });
    await this.rankChanged(poll.id, hot);
    return hot;
  }

  async drop(pollId: string): Promise<void> {
    await this.redis.del(keys.engagement(pollId), keys.ended(pollId), keys.sharers(pollId));
  }
}
