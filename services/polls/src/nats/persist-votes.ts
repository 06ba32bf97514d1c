/**
 * The vote consumer: persists `events.polls.vote.cast` to MongoDB in batches behind the unique (pollId, voter)
 * index, through the kit's batch consumer (which hands over only events matching their contract and dead-letters
 * the others). A duplicate key means the vote is already stored (idempotent). While MongoDB is unreachable the batch
 * is redelivered with a growing delay, without limit, so every acknowledged vote is eventually stored.
 */
import { Types } from 'mongoose';
import { events } from '@meydan/proto';
import { isDuplicateKey, type BatchItem } from '@meydan/kit';
import type { VoteCastEvent } from '@meydan/proto';
import type { PollsContext } from '../context.js';

const BATCH_MAX = 500;

export interface VotePersister {
  stop(): Promise<void>;
}

export async function startVotePersister(ctx: PollsContext): Promise<VotePersister> {
  const { bus, models, log } = ctx;

  async function persist(batch: BatchItem<VoteCastEvent>[]): Promise<void> {
    const votes = batch.map((item) => item.payload);
    const pollIds = [...new Set(votes.map((v) => v.pollId))];
    const existing = await models.Poll.find({ _id: { $in: pollIds.map((id) => new Types.ObjectId(id)) } }, { _id: 1 }).lean();
    const known = new Set(existing.map((p) => String(p._id)));
    // Votes of a poll deleted meanwhile are dropped with it.
    const kept = votes.filter((v) => known.has(v.pollId));
    const now = new Date();
    if (kept.length) {
      try {
        await models.Vote.collection.insertMany(
          kept.map((v) => ({
            _id: new Types.ObjectId(),
            pollId: new Types.ObjectId(v.pollId),
            voter: v.voter,
            userId: v.userId ?? null,
            optionIndex: v.optionIndex,
            votedAt: new Date(v.at),
            persistedAt: now,
          })),
          { ordered: false },
        );
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    // Counters rebuilt from MongoDB before these votes reached it learn them now (before the ack: a crash in
    // between redelivers the batch rather than leave the counters short).
    const changed = await ctx.counters
      .ensure(kept.map((v) => ({ pollId: v.pollId, voter: v.voter, optionIndex: v.optionIndex })))
      .catch((err) => {
        log.warn({ err }, 'vote counters not checked after persisting');
        return new Set<string>();
      });
    for (const pollId of changed) {
      const meta = await ctx.polls.meta(pollId).catch(() => null);
      if (meta) ctx.live.touch(pollId, meta.optionsCount);
    }
    // The trending rank follows the votes (once per poll and batch).
    for (const pollId of new Set(kept.map((v) => v.pollId))) {
      const meta = await ctx.polls.meta(pollId).catch(() => null);
      if (meta) await ctx.engagement.syncRank(meta).catch((err) => log.warn({ err, pollId }, 'trending rank not updated'));
    }
  }

  return bus.consumeBatches({
    durable: ctx.durable('persist-votes'),
    filterSubject: events.polls.voteCast,
    batchMax: BATCH_MAX,
    prefetch: 2000,
    maxAckPending: 20_000,
    maxDeliver: -1,
    ackWaitMs: 60_000,
    handler: async (batch, c) => {
      try {
        await persist(batch);
      } catch (err) {
        c.log.warn({ err: (err as Error).message, votes: batch.length }, 'votes not persisted: will be redelivered');
        throw err;
      }
    },
  });
}
