/**
 * Every POLLS_ENDED_SWEEP_MS: polls whose expiry passed get `events.polls.poll.ended` with their result, once.
 * Safe with several instances: a Redis lock lets one sweep at a time, each poll is claimed with SET NX in Redis
 * (atomic, unlike updates on some MongoDB-wire servers), `endedAt` in MongoDB keeps it out of later sweeps, and the
 * event's message id (`ended:<pollId>`) dedupes a retry within JetStream's window.
 */
import { randomBytes } from 'node:crypto';
import { events } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { winnerIndexes } from '../domain/counts.js';
import type { PollDoc } from '../model/index.js';
import { keys } from '../store/keys.js';

const BATCH = 200;
/** How long a claim is remembered (past any sweep that could still find the poll). */
const CLAIM_TTL_S = 60 * 24 * 3600;

/** One sweep; returns how many ended events it published. */
export async function sweepEndedPolls(ctx: PollsContext, now = new Date()): Promise<number> {
  const token = randomBytes(8).toString('hex');
  const locked = await ctx.redis.set(keys.endedSweepLock, token, 'PX', 60_000, 'NX');
  if (locked !== 'OK') return 0;
  let published = 0;
  try {
    const due = (await ctx.models.Poll.find({ expiresAt: { $ne: null, $lte: now }, endedAt: null }).sort({ expiresAt: 1 }).limit(BATCH).lean()) as PollDoc[];
    for (const poll of due) {
      const id = String(poll._id);
      const claimed = await ctx.redis.set(keys.ended(id), now.toISOString(), 'EX', CLAIM_TTL_S, 'NX');
      await ctx.models.Poll.updateOne({ _id: poll._id }, { $set: { endedAt: now } }, { timestamps: false });
      if (claimed !== 'OK') continue;
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
        published++;
      } catch (err) {
        // Give the poll back to the next sweep.
        await ctx.redis.del(keys.ended(id)).catch(() => undefined);
        await ctx.models.Poll.updateOne({ _id: poll._id }, { $set: { endedAt: null } }, { timestamps: false }).catch(() => undefined);
        ctx.log.warn({ err, pollId: id }, 'poll ended event not published: retried next sweep');
      }
    }
  } finally {
    // Release only our own lock.
    const current = await ctx.redis.get(keys.endedSweepLock);
    if (current === token) await ctx.redis.del(keys.endedSweepLock);
  }
  return published;
}

export function startEndedPollsJob(ctx: PollsContext): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepEndedPolls(ctx)
      .catch((err) => ctx.log.warn({ err }, 'ended polls sweep failed'))
      .finally(() => {
        running = null;
      });
  }, ctx.config.POLLS_ENDED_SWEEP_MS ?? 15_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
