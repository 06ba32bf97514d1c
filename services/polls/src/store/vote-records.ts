/**
 * The votes collection as the vote consumer writes it and the poll's end reads it: ballots stored behind the unique
 * (pollId, voter) index, and the members who voted on a poll.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { findEachById, isDuplicateKey } from '@meydan/kit';
import type { VoteCastEvent } from '@meydan/proto';
import type { Models, PollDoc } from '../model/index.js';
import type { MemberCounts } from './member-data.js';
import { META_FIELDS, metaOf, type PollMeta } from './polls.js';

type VoteRecords = { models: Models };

/**
 * The polls of these ids as MongoDB has them now, by id (those deleted are left out): fresh rather than from the meta
 * cache, so the votes of a poll deleted meanwhile are dropped with it.
 */
export async function storedMetas(ctx: VoteRecords, pollIds: readonly string[]): Promise<Map<string, PollMeta>> {
  const docs = await findEachById(pollIds, (id) => ctx.models.Poll.findById(id, META_FIELDS).lean<PollDoc>());
  return new Map(docs.map((d) => [String(d._id), metaOf(d)]));
}

/**
 * The _id of a voter's vote on a poll made with `derivedVoteIds` (every poll since): made from the two, so a change
 * finds and replaces the vote by _id, the one lookup the MongoDB-wire server answers from an index (by poll and voter
 * it reads every vote of the collection: seconds at a few thousand).
 */
export const voteIdOf = (pollId: string, voter: string): Types.ObjectId =>
  new Types.ObjectId(createHash('sha256').update(`vote:${pollId}:${voter}`).digest().subarray(0, 12));

/** Which polls' votes go under `voteIdOf` ids (their metas say `derivedVoteIds`). */
export type DerivedIds = (pollId: string) => boolean;

/**
 * Stores the ballots, one document each; a ballot already stored (duplicate key) is left as it is. The voters' vote
 * counts are dropped after.
 */
export async function insertVotes(
  ctx: VoteRecords & { memberCounts: MemberCounts },
  votes: readonly VoteCastEvent[],
  persistedAt: Date,
  derived: DerivedIds,
): Promise<void> {
  if (!votes.length) return;
  try {
    await ctx.models.Vote.collection.insertMany(
      votes.map((v) => ({
        _id: derived(v.pollId) ? voteIdOf(v.pollId, v.voter) : new Types.ObjectId(),
        pollId: new Types.ObjectId(v.pollId),
        voter: v.voter,
        userId: v.userId ?? null,
        optionIndex: v.optionIndex,
        ...(v.optionIndexes ? { optionIndexes: v.optionIndexes } : {}),
        ...(v.ranking ? { ranking: v.ranking } : {}),
        votedAt: new Date(v.at),
        persistedAt,
      })),
      { ordered: false },
    );
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  await ctx.memberCounts.changed(votes.map((v) => v.userId));
}
