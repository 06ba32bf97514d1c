/**
 * A poll's end, announced once (`events.polls.poll.ended` with its result) after the ended-polls sweep or its creator
 * closing it early claimed it (store/poll-endings.ts), and its counts sent live to followers whose results opened now.
 */
import { events } from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';
import type { Redis } from 'ioredis';
import { winnerIndexes, type PollCounts } from '../domain/counts.js';
import { isRanked, runoffOf } from '../domain/ranked.js';
import type { Models, PollDoc } from '../model/index.js';
import type { LiveCountsPublisher } from '../clients/live-counts.js';
import { unclaimEnded } from '../store/poll-endings.js';
import type { VoteCounters } from '../counting/vote-counters.js';

type Endings = {
  redis: Redis;
  bus: Bus;
  log: Logger;
  models: Models;
  counters: VoteCounters;
  live: LiveCountsPublisher;
};

/**
 * Publishes the ended event of a claimed poll (its `endedAt` already set). When that fails the claim is given back and
 * `endedAt` cleared, so the next sweep publishes it (its expiry has passed). Returns whether it was published.
 */
export async function publishEnded(ctx: Endings, poll: PollDoc, now: Date): Promise<boolean> {
  const id = String(poll._id);
  try {
    const counts = await ctx.counters.countsOfOne({
      id,
      optionsCount: poll.options.length,
      expiresAt: poll.expiresAt ?? null,
    });
    await ctx.bus.publish(
      events.polls.pollEnded,
      {
        pollId: id,
        creatorId: poll.creatorId,
        title: poll.title,
        voteCounts: counts.votes,
        totalVotes: counts.total,
        ...resultOf(poll, counts),
        at: now.toISOString(),
      },
      { msgId: `ended:${id}` },
    );
    // Followers of a poll whose results opened now (after-close, creator) get its counts live.
    ctx.live.touch(id, poll.options.length, counts);
    return true;
  } catch (err) {
    await unclaimEnded(ctx, poll);
    ctx.log.warn({ err, pollId: id }, 'poll ended event not published: retried next sweep');
    return false;
  }
}

/**
 * The winner an ended poll announces: the most voted option(s); on a ranked poll the instant runoff's winner (not the
 * first-preference leader), with its share of the deciding round and the rounds it took.
 */
function resultOf(
  poll: PollDoc,
  counts: PollCounts,
): { winnerIndexes: number[]; winnerShare?: number; rounds?: number } {
  if (!isRanked(poll)) return { winnerIndexes: winnerIndexes(counts.votes) };
  const runoff = runoffOf(poll.options.length, counts);
  if (runoff.winner === null) return { winnerIndexes: [] };
  return { winnerIndexes: [runoff.winner], winnerShare: runoff.share ?? 0, rounds: runoff.rounds.length };
}
