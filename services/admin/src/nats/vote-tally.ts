/** The read model's vote counts, kept by a batch consumer of `events.polls.vote.cast` (see store/vote-tally.ts). */
import { EVERY_EVENT_IN_BATCHES, type ConsumerHandle } from '@meydan/kit';
import { events } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { pseudonymiseVoteIds, tallyVotes } from '../store/vote-tally.js';

export async function startVoteTally(ctx: AdminContext): Promise<ConsumerHandle> {
  await pseudonymiseVoteIds(ctx);
  return ctx.bus.consumeBatches({
    purpose: 'votes-cast',
    filterSubject: events.polls.voteCast,
    // A vote waits (with a growing delay) while the store is unreachable rather than go uncounted.
    ...EVERY_EVENT_IN_BATCHES,
    handler: (batch) => tallyVotes(ctx, batch.map((item) => item.payload)),
  });
}
