import type { Redis } from 'ioredis';
import { events } from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';
import { winnerIndexes } from '../domain/counts.js';
import type { Models, PollDoc } from '../model/index.js';
import { keys } from './keys.js';
import type { LiveCountsPublisher } from './live-counts-publisher.js';
import type { VoteCounters } from './vote-counters.js';

/**
 * A poll's end, once: claimed in Redis by the ended-polls sweep or by its creator closing it early, then published
 * with its result (jobs/ended-polls.ts, routes/polls.ts).
 */
type Endings = { redis: Redis; bus: Bus; log: Logger; models: Models; counters: VoteCounters; live: LiveCountsPublisher };

/** How long a claim is remembered (past any sweep that could still find the poll). */
const CLAIM_TTL_S = 60 * 24 * 3600;

/**
 * Claims publishing the poll's ended event: true for exactly one caller, whether the sweep (at expiry) or the creator
 * closing it early. A claimed poll also takes no more votes (the vote's Lua step checks the claim).
 */
export async function claimEnded(ctx: Endings, pollId: string, now: Date): Promise<boolean> {
  return (await ctx.redis.set(keys.ended(pollId), now.toISOString(), 'EX', CLAIM_TTL_S, 'NX')) === 'OK';
}

/**
 * Publishes the ended event of a claimed poll (its `endedAt` already set). When that fails the claim is given back and
 * `endedAt` cleared, so the next sweep publishes it (its expiry has passed). Returns whether it was published.
 */
export async function publishEnded(ctx: Endings, poll: PollDoc, now: Date): Promise<boolean> {
  const id = String(poll._id);
  try {
    const counts = await ctx.counters.countsOfOne({ id, optionsCount: poll.options.length, expiresAt: poll.expiresAt ?? null });
    await ctx.bus.publish(
      events.polls.pollEnded,
      {
        pollId: id,
        creatorId: poll.creatorId,
        title: poll.title,
        voteCounts: counts.votes,
        totalVotes: counts.total,
        winnerIndexes: winnerIndexes(counts.votes),
        at: now.toISOString(),
      },
      { msgId: `ended:${id}` },
    );
    // Followers of a poll whose results opened now (after-close, creator) get its counts live.
    ctx.live.touch(id, poll.options.length, counts);
    return true;
  } catch (err) {
    await ctx.redis.del(keys.ended(id)).catch(() => undefined);
    await ctx.models.Poll.updateOne({ _id: poll._id }, { $set: { endedAt: null } }, { timestamps: false }).catch(() => undefined);
    ctx.log.warn({ err, pollId: id }, 'poll ended event not published: retried next sweep');
    return false;
  }
}
