/**
 * The vote consumer: persists `events.polls.vote.cast` to MongoDB in batches behind the unique (pollId, voter)
 * index (one document per ballot, a multiple-choice ballot's options in it together), through the kit's batch consumer (which hands over only events matching their contract and dead-letters
 * the others). A duplicate key means the vote is already stored (idempotent). While MongoDB is unreachable the batch
 * is redelivered with a growing delay, without limit, so every acknowledged vote is eventually stored.
 */
import { events } from '@meydan/proto';
import { EVERY_EVENT_IN_BATCHES } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { persistVotes, trendingRanks } from '../usecases/persist-votes.js';

export interface VotePersister {
  stop(): Promise<void>;
}

export async function startVotePersister(ctx: PollsContext): Promise<VotePersister> {
  const { bus } = ctx;
  const ranks = trendingRanks(ctx);

  const consumer = await bus.consumeBatches({
    purpose: 'persist-votes',
    filterSubject: events.polls.voteCast,
    ...EVERY_EVENT_IN_BATCHES,
    ackWaitMs: ctx.config.VOTES_ACK_WAIT_MS ?? EVERY_EVENT_IN_BATCHES.ackWaitMs,
    handler: async (batch, c) => {
      try {
        await persistVotes(ctx, batch, ranks);
      } catch (err) {
        c.log.warn({ err: (err as Error).message, votes: batch.length }, 'votes not persisted: will be redelivered');
        throw err;
      }
    },
  });
  return {
    async stop() {
      await consumer.stop();
      ranks.close();
    },
  };
}
