/**
 * The read model's vote counts, kept by a batch consumer of `events.polls.vote.cast` and one of
 * `events.polls.vote.changed` (usecases/read-model.ts; the counting is store/vote-tally.ts and store/vote-changes.ts).
 */
import { BACKGROUND_GATHER_MS, EVERY_EVENT_IN_BATCHES, type ConsumerHandle } from '@meydan/kit';
import { events } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { prepareVoteTally, tallyCastVotes, tallyChangedVotes } from '../usecases/read-model.js';

export async function startVoteTally(ctx: AdminContext): Promise<ConsumerHandle> {
  await prepareVoteTally(ctx);
  return ctx.bus.consumeBatches({
    purpose: 'votes-cast',
    filterSubject: events.polls.voteCast,
    // A vote waits (with a growing delay) while the store is unreachable rather than go uncounted. Nobody waits on
    // the read model's counts: they gather for a second.
    ...EVERY_EVENT_IN_BATCHES,
    gatherMs: BACKGROUND_GATHER_MS,
    handler: (batch) =>
      tallyCastVotes(
        ctx,
        batch.map((item) => item.payload),
      ),
  });
}

export async function startVoteChangeTally(ctx: AdminContext): Promise<ConsumerHandle> {
  return ctx.bus.consumeBatches({
    purpose: 'votes-changed',
    filterSubject: events.polls.voteChanged,
    ...EVERY_EVENT_IN_BATCHES,
    gatherMs: BACKGROUND_GATHER_MS,
    handler: (batch) =>
      tallyChangedVotes(
        ctx,
        batch.map((item) => item.payload),
      ),
  });
}
