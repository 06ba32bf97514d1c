/**
 * Every POLLS_ENDED_SWEEP_MS: polls whose expiry passed get `events.polls.poll.ended` with their result, once.
 * Safe with several instances: a Redis lock lets one sweep at a time, each poll is claimed with SET NX in Redis
 * (atomic, unlike updates on some MongoDB-wire servers), `endedAt` in MongoDB keeps it out of later sweeps, and the
 * event's message id (`ended:<pollId>`) dedupes a retry within JetStream's window.
 */
import { everyInterval, tryLock, type PeriodicJob } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import type { PollDoc } from '../model/index.js';
import { keys } from '../store/keys.js';
import { claimEnded } from '../store/poll-endings.js';
import { publishEnded } from '../usecases/poll-endings.js';

const BATCH = 200;

/** One sweep; returns how many ended events it published. */
export async function sweepEndedPolls(ctx: PollsContext, now = new Date()): Promise<number> {
  const release = await tryLock(ctx.redis, keys.endedSweepLock, 60_000);
  if (!release) return 0;
  let published = 0;
  try {
    const due = (await ctx.models.Poll.find({ expiresAt: { $ne: null, $lte: now }, endedAt: null })
      .sort({ expiresAt: 1 })
      .limit(BATCH)
      .lean()) as PollDoc[];
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
  return everyInterval(
    'ended polls sweep',
    ctx.config.POLLS_ENDED_SWEEP_MS ?? 15_000,
    () => sweepEndedPolls(ctx),
    ctx.log,
  );
}
