/**
 * Every POLLS_OPENING_SWEEP_MS (250): scheduled polls whose opening came get `events.polls.poll.opened` with the
 * members who asked to be told, once. One read of one Redis sorted set per tick (store/poll-openings.ts), never a
 * timer or a query per poll. Safe with several instances: each due poll is claimed by the one ZREM that removes it; an
 * announcement that fails puts it back for the next tick (its events' message ids store a retry once). At start the
 * polls MongoDB has not marked opened are listed again (a Redis that lost the set).
 */
import { everyInterval, type PeriodicJob } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { announceOpening } from '../usecases/poll-openings.js';

const BATCH = 100;

/** One scan; returns how many openings it announced. */
export async function sweepOpenings(ctx: PollsContext, now = new Date()): Promise<number> {
  let announced = 0;
  for (const pollId of await ctx.openings.due(now.getTime(), BATCH)) {
    if (!(await ctx.openings.claim(pollId))) continue;
    try {
      if (await announceOpening(ctx, pollId, now)) announced++;
    } catch (err) {
      await ctx.openings.schedule(pollId, now).catch(() => undefined);
      ctx.log.warn({ err, pollId }, 'poll opening not announced: retried next sweep');
    }
  }
  return announced;
}

export function startOpeningPollsJob(ctx: PollsContext): PeriodicJob {
  ctx.openings.restore().catch((err: unknown) => ctx.log.warn({ err }, 'scheduled openings not restored'));
  return everyInterval(
    'opening polls sweep',
    ctx.config.POLLS_OPENING_SWEEP_MS ?? 250,
    () => sweepOpenings(ctx),
    ctx.log,
  );
}
