/**
 * The vote-change consumer: applies `events.polls.vote.changed` to MongoDB in batches (store/vote-change-records.ts:
 * each voter's highest seq wins, whatever the order or the redeliveries), then lets the counters learn any change they
 * lack (rebuilt before it reached MongoDB), the live counts, the trending rank and the voters' vote counts follow. Like
 * the vote consumer, a batch is redelivered with a growing delay while MongoDB or Redis cannot say, never dropped.
 */
import { events, type VoteChangedEvent } from '@meydan/proto';
import { Coalescer, EVERY_EVENT_IN_BATCHES, type BatchItem, type ConsumerHandle } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import type { PollMeta } from '../store/polls.js';
import { applyVoteChanges } from '../store/vote-change-records.js';
import { storedMetas } from '../store/vote-records.js';

const RANK_SYNC_MS = 1000;

export interface VoteChangePersister {
  stop(): Promise<void>;
}

export async function startVoteChangePersister(ctx: PollsContext): Promise<VoteChangePersister> {
  const { bus, log } = ctx;
  const ranks = new Coalescer<PollMeta>(RANK_SYNC_MS, (pollId, meta) => {
    ctx.engagement.syncRank(meta).catch((err) => log.warn({ err, pollId }, 'trending rank not updated'));
  });

  async function persist(batch: BatchItem<VoteChangedEvent>[]): Promise<void> {
    const changes = batch.map((item) => item.payload);
    // Fresh from MongoDB: changes of a poll deleted meanwhile are dropped with it.
    const metas = await storedMetas(ctx, [...new Set(changes.map((c) => c.pollId))]);
    const kept = changes.filter((c) => metas.has(c.pollId));
    const records = await applyVoteChanges(ctx, kept, new Date(), (pollId) => metas.get(pollId)?.derivedVoteIds === true);
    const moved = await ctx.voteChanges.ensure(records);
    for (const pollId of moved) ctx.live.touch(pollId, metas.get(pollId)!.optionsCount);
    await ctx.memberCounts.changed(kept.map((c) => c.userId));
    for (const meta of metas.values()) {
      ranks.push(meta.id, meta);
      if (meta.type === 'friends') ctx.friendsCircles.forget(meta.id);
    }
  }

  const consumer: ConsumerHandle = await bus.consumeBatches({
    purpose: 'persist-vote-changes',
    filterSubject: events.polls.voteChanged,
    ...EVERY_EVENT_IN_BATCHES,
    handler: async (batch, c) => {
      try {
        await persist(batch);
      } catch (err) {
        c.log.warn({ err: (err as Error).message, changes: batch.length }, 'vote changes not persisted: will be redelivered');
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
