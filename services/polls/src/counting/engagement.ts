/**
 * Likes, comments and shares per poll, counted exactly in Redis (atomic increments; MongoDB-wire servers without
 * atomic updates would lose concurrent `$inc`s), rebuilt from the likes, comments and shares collections when
 * missing, and the trending rank computed from them with the vote counts.
 */
import type { Redis } from 'ioredis';
import { trendingScore } from '../domain/trending.js';
import type { Models } from '../model/index.js';
import { keys } from '../store/keys.js';
import { countersTtlMs, type PollShape, type VoteCounters } from './vote-counters.js';
import { defineScripts } from '@meydan/kit';
import type { PollChanged } from '../store/poll-changed.js';

export interface EngagementCounts {
  likes: number;
  comments: number;
  shares: number;
}

/** A poll's engagement as one member sees it: with whether they like it. */
export type EngagementOf = EngagementCounts & { liked: boolean };

/** A liker's field in the poll's engagement hash (`lk` marks a hash that holds every liker). */
const likerField = (userId: string) => `u:${userId}`;

export type EngagementField = 'likes' | 'comments' | 'shares';
const fieldOf: Record<EngagementField, 'l' | 'c' | 's'> = { likes: 'l', comments: 'c', shares: 's' };

/** HINCRBY only when the hash exists; otherwise the next read recounts the collections (which include this change). */
const INCR_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
`;

/** Sets or clears a liker (ARGV: field, 1|0) and counts the change, only when the hash holds every liker. */
const LIKE_IF_PRESENT = `
if redis.call('HEXISTS', KEYS[1], 'lk') == 0 then return false end
if ARGV[2] == '1' then
  if redis.call('HSETNX', KEYS[1], ARGV[1], 1) == 1 then redis.call('HINCRBY', KEYS[1], 'l', 1) end
elseif redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  redis.call('HINCRBY', KEYS[1], 'l', -1)
end
return 1
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
  pollsLikeEngagement(key: string, field: string, liked: '1' | '0'): Promise<number | null>;
  pollsAddAllIfNone(key: string, ttlMs: number, ...members: string[]): Promise<number>;
}

export class Engagement {
  private readonly redis: Redis & EngagementCommands;

  constructor(
    redis: Redis,
    private readonly models: Models,
    private readonly counters: VoteCounters,
    /** Told when a trending score was rewritten (feeds kept for a moment and timelines are then out of date). */
    private readonly changes?: PollChanged,
  ) {
    this.redis = defineScripts<EngagementCommands>(redis, {
      pollsIncrEngagement: { keys: 1, lua: INCR_IF_PRESENT },
      pollsLikeEngagement: { keys: 1, lua: LIKE_IF_PRESENT },
      pollsAddAllIfNone: { keys: 1, lua: ADD_ALL_IF_NONE },
    });
  }

  /** Counts a comment or a share that is already written to its collection. */
  async add(poll: PollShape, field: Exclude<EngagementField, 'likes'>, delta: number): Promise<void> {
    const value = await this.redis.pollsIncrEngagement(keys.engagement(poll.id), fieldOf[field], delta);
    if (value === null) await this.of([poll]);
  }

  /** Counts a like or its removal that is already written to the likes collection, with who likes the poll. */
  async like(poll: PollShape, userId: string, liked: boolean): Promise<void> {
    const value = await this.redis.pollsLikeEngagement(keys.engagement(poll.id), likerField(userId), liked ? '1' : '0');
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

  /** The polls' likes, comments and shares, and whether `viewerId` (when given) likes each. */
  async of(polls: readonly PollShape[], viewerId: string | null = null): Promise<Map<string, EngagementOf>> {
    const result = new Map<string, EngagementOf>();
    if (polls.length === 0) return result;
    const fields = ['l', 'c', 's', 'lk', ...(viewerId ? [likerField(viewerId)] : [])];
    // One read per poll, sent together (polls' counters are on many nodes of a cluster).
    const replies = await Promise.all(polls.map((p) => this.redis.hmget(keys.engagement(p.id), ...fields)));
    const missing: PollShape[] = [];
    polls.forEach((p, i) => {
      const [l, c, s, lk, mine] = replies[i]!;
      if (l == null || c == null || s == null || lk == null) missing.push(p);
      else result.set(p.id, { likes: Number(l), comments: Number(c), shares: Number(s), liked: mine != null });
    });
    for (const p of missing) {
      const [likers, comments, shares] = await Promise.all([
        this.models.Like.find({ pollId: p.id }, { userId: 1, _id: 0 }).lean(),
        this.models.Comment.countDocuments({ pollId: p.id }),
        this.models.Share.countDocuments({ pollId: p.id }),
      ]);
      const key = keys.engagement(p.id);
      const hash: Record<string, string | number> = { l: likers.length, c: comments, s: shares, lk: 1 };
      for (const { userId } of likers) hash[likerField(userId)] = 1;
      await this.redis.multi().del(key).hset(key, hash).pexpire(key, countersTtlMs(p.expiresAt)).exec();
      result.set(p.id, {
        likes: likers.length,
        comments,
        shares,
        liked: viewerId !== null && likers.some((l) => l.userId === viewerId),
      });
    }
    return result;
  }

  async ofOne(poll: PollShape): Promise<EngagementOf> {
    return (await this.of([poll])).get(poll.id)!;
  }

  /**
   * Rewrites the poll's trending score from the current counts. Every writer writes the whole current value, so a
   * write lost to a concurrent one is made good by the next.
   */
  async syncRank(poll: PollShape & { createdAt: Date }): Promise<number> {
    const [votes, e] = await Promise.all([this.counters.countsOfOne(poll), this.ofOne(poll)]);
    const hot = trendingScore(
      { votes: votes.total, likes: e.likes, comments: e.comments, shares: e.shares },
      poll.createdAt,
    );
    await this.models.PollRank.updateOne({ _id: poll.id }, { $set: { hot } });
    await this.changes?.tell({ kind: 'rescored', pollId: poll.id, hot });
    return hot;
  }

  async drop(pollId: string): Promise<void> {
    await this.redis.del(keys.engagement(pollId), keys.ended(pollId), keys.sharers(pollId));
  }
}
