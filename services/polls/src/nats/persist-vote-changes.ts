/**
 * The vote-change consumer: applies `events.polls.vote.changed` to MongoDB in batches (store/vote-change-records.ts:
 * each voter's highest seq wins, whatever the order or the redeliveries), then lets the counters learn any change they
 * lack (rebuilt before it reached MongoDB), the live counts, the trending rank and the voters' vote counts follow. Like
 * the vote consumer, a batch is redelivered with a growing delay while MongoDB or Redis cannot say, never dropped.
 */
import { events } from '@meydan/proto';
import { EVERY_EVENT_IN_BATCHES, type ConsumerHandle } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { persistVoteChanges, trendingRanks } from '../usecases/persist-votes.js';

export interface VoteChangePersister {
  stop(): Promise<void>;
}

export async function startVoteChangePersister(ctx: PollsContext): Promise<VoteChangePersister> {
  const { bus } = ctx;
  const ranks = trendingRanks(ctx);

  const consumer: ConsumerHandle = await bus.consumeBatches({
    purpose: 'persist-vote-changes',
    filterSubject: events.polls.voteChanged,
    ...EVERY_EVENT_IN_BATCHES,
    handler: async (batch, c) => {
      try {
        await persistVoteChanges(ctx, batch, ranks);
      } catch (err) {
        c.log.warn(
          { err: (err as Error).message, changes: batch.length },
          'vote changes not persisted: will be redelivered',
        );
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
