/**
 * Every POLLS_ENDED_SWEEP_MS: polls whose expiry passed get `events.polls.poll.ended` with their result, once.
 * Safe with several instances: a Redis lock lets one sweep at a time, each poll is claimed with SET NX in Redis
 * (atomic, unlike updates on some MongoDB-wire servers), `endedAt` in MongoDB keeps it out of later sweeps, and the
 * event's message id (`ended:<pollId>`) dedupes a retry within JetStream's window.
 */
import { events } from '@meydan/proto';
import { everyInterval, tryLock, type PeriodicJob } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { winnerIndexes } from '../domain/counts.js';
import type { PollDoc } from '../model/index.js';
import { keys } from '../store/keys.js';

const BATCH = 200;
/** How long a claim is remembered (past any sweep that could still find the poll). */
const CLAIM_TTL_S = 60 * 24 * 3600;

/**
 * Claims publishing the poll's ended event: true for exactly one caller, whether the sweep (at expiry) or the creator
 * closing it early. A claimed poll also takes no more votes (the vote's Lua step checks the claim).
 */
export async function claimEnded(ctx: PollsContext, pollId: string, now: Date): Promise<boolean> {
  return (await ctx.redis.set(keys.ended(pollId), now.toISOString(), 'EX', CLAIM_TTL_S, 'NX')) === 'OK';
}

/**
 * Publishes the ended event of a claimed poll (its `endedAt` already set). When that fails the claim is given back and
 * `endedAt` cleared, so the next sweep publishes it (its expiry has passed). Returns whether it was published.
 */
export async function publishEnded(ctx: PollsContext, poll: PollDoc, now: Date): Promise<boolean> {
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

/** One sweep; returns how many ended events it published. */
export async function sweepEndedPolls(ctx: PollsContext, now = new Date()): Promise<number> {
  const release = await tryLock(ctx.redis, keys.endedSweepLock, 60_000);
  if (!release) return 0;
  let published = 0;
  try {
    const due = (await ctx.models.Poll.find({ expiresAt: { $ne: null, $lte: now }, endedAt: null }).sort({ expiresAt: 1 }).limit(BATCH).lean()) as PollDoc[];
    for (const poll of due) {
      const claimed = await claimEnded(ctx, String(poll._id), now);
      await ctx.models.Poll.updateOne({ _id: poll._id }, { $set: { endedAt: now } }, { timestamps: false });
      if (claimed && (await publishEnded(ctx, poll, now))) published++;
    }
  } finally {
    // The kit's lock releases only our own hold, in one step (a read then a delete could drop another sweep's).
    await release();
  }
  return published;
}

export function startEndedPollsJob(ctx: PollsContext): PeriodicJob {
  return everyInterval('ended polls sweep', ctx.config.POLLS_ENDED_SWEEP_MS ?? 15_000, () => sweepEndedPolls(ctx), ctx.log);
}
