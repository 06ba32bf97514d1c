/**
 * The vote consumers' work, a batch at a time: votes (`events.polls.vote.cast`) and changes (`events.polls.vote.changed`)
 * stored in MongoDB, the counters taught what they lack, the live counts, the trending rank and the voters' counts
 * following. A batch that fails is redelivered (nats/persist-votes.ts, nats/persist-vote-changes.ts), never dropped.
 */
import type { VoteCastEvent, VoteChangedEvent } from '@meydan/proto';
import { Coalescer, type BatchItem } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { fieldOfVote } from '../domain/ballots.js';
import type { PollMeta } from '../store/polls.js';
import { applyVoteChanges, matchVotesOf } from '../store/vote-change-records.js';
import { insertVotes, storedMetas } from '../store/vote-records.js';

/**
 * The trending rank follows the votes at most every 5 s per poll (the first at once, the last batch's always): each sync
 * reads the counts and rewrites the rank in MongoDB, and a score that decays over hours gains nothing from fresher.
 */
const RANK_SYNC_MS = 5000;

export function trendingRanks(ctx: Pick<PollsContext, 'engagement' | 'log'>): Coalescer<PollMeta> {
  return new Coalescer<PollMeta>(RANK_SYNC_MS, (pollId, meta) => {
    ctx.engagement.syncRank(meta).catch((err) => ctx.log.warn({ err, pollId }, 'trending rank not updated'));
  });
}

/**
 * Persists a batch of votes behind the unique (pollId, voter) index (one document per ballot, a multiple-choice
 * ballot's options in it together). A duplicate key means the vote is already stored (idempotent).
 */
export async function persistVotes(
  ctx: PollsContext,
  batch: BatchItem<VoteCastEvent>[],
  ranks: Coalescer<PollMeta>,
): Promise<void> {
  const { log } = ctx;
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
    .ensure(kept.map((v) => ({ pollId: v.pollId, voter: v.voter, field: fieldOfVote(v) })))
    .catch((err: unknown) => {
      log.warn({ err }, 'vote counters not checked after persisting: the batch will be redelivered');
      throw err;
    });
  for (const pollId of changed) ctx.live.touch(pollId, metas.get(pollId)!.optionsCount);
  for (const meta of metas.values()) ranks.push(meta.id, meta);
}

/**
 * Applies a batch of vote changes to MongoDB (store/vote-change-records.ts: each voter's highest seq wins, whatever the
 * order or the redeliveries), then lets the counters learn any change they lack (rebuilt before it reached MongoDB).
 */
export async function persistVoteChanges(
  ctx: PollsContext,
  batch: BatchItem<VoteChangedEvent>[],
  ranks: Coalescer<PollMeta>,
): Promise<void> {
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
