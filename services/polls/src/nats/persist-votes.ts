/**
 * The vote consumer: persists `events.polls.vote.cast` to MongoDB in batches behind the unique (pollId, voter)
 * index (one document per ballot, a multiple-choice ballot's options in it together), through the kit's batch consumer (which hands over only events matching their contract and dead-letters
 * the others). A duplicate key means the vote is already stored (idempotent). While MongoDB is unreachable the batch
 * is redelivered with a growing delay, without limit, so every acknowledged vote is eventually stored.
 */
import { events } from '@meydan/proto';
import { Coalescer, EVERY_EVENT_IN_BATCHES, type BatchItem } from '@meydan/kit';
import type { VoteCastEvent } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { ballotOfVote } from '../domain/ballots.js';
import type { PollMeta } from '../store/polls.js';
import { insertVotes, storedMetas } from '../store/vote-records.js';
import { matchVotesOf } from '../store/vote-change-records.js';

const RANK_SYNC_MS = 1000;

export interface VotePersister {
  stop(): Promise<void>;
}

export async function startVotePersister(ctx: PollsContext): Promise<VotePersister> {
  const { bus, log } = ctx;

  // The trending rank follows the votes, at most once a second per poll (the last batch's always goes out).
  const ranks = new Coalescer<PollMeta>(RANK_SYNC_MS, (pollId, meta) => {
    ctx.engagement.syncRank(meta).catch((err) => log.warn({ err, pollId }, 'trending rank not updated'));
  });

  async function persist(batch: BatchItem<VoteCastEvent>[]): Promise<void> {
    const votes = batch.map((item) => item.payload);
    const pollIds = [...new Set(votes.map((v) => v.pollId))];
    // Fresh from MongoDB rather than a cache: votes of a poll deleted meanwhile are dropped with it.
    const metas = await storedMetas(ctx, pollIds);
    const kept = votes.filter((v) => metas.has(v.pollId));
    const now = new Date();
    const derived = (pollId: string) => metas.get(pollId)?.derivedVoteIds === true;
    await insertVotes(ctx, kept, now, derived);
    // On a poll that allows changes, a first vote stored after its voter's change (the two events are consumed apart)
    // is made to match the change: the votes collection keeps the voter's current ballot, or none.
    const changeable = kept.filter((v) => metas.get(v.pollId)!.allowVoteChange);
    if (changeable.length) await matchVotesOf(ctx, changeable, now, derived);
    // Counters rebuilt from MongoDB before these votes reached it, or that a Redis failover took the last writes
    // from, learn them now, before the ack: when Redis cannot say, the batch fails and is redelivered,
    // its votes already stored (duplicate keys) and put back then, rather than the counters left short.
    const changed = await ctx.counters
      .ensure(kept.map((v) => ({ pollId: v.pollId, voter: v.voter, ballot: ballotOfVote(v) })))
      .catch((err: unknown) => {
        log.warn({ err }, 'vote counters not checked after persisting: the batch will be redelivered');
        throw err;
      });
    for (const pollId of changed) ctx.live.touch(pollId, metas.get(pollId)!.optionsCount);
    for (const meta of metas.values()) ranks.push(meta.id, meta);
  }

  const consumer = await bus.consumeBatches({
    purpose: 'persist-votes',
    filterSubject: events.polls.voteCast,
    ...EVERY_EVENT_IN_BATCHES,
    handler: async (batch, c) => {
      try {
        await persist(batch);
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
