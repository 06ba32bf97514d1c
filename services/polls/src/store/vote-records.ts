/**
 * The votes collection as the vote consumer writes it and the poll's end reads it: ballots stored behind the unique
 * (pollId, voter) index, and the members who voted on a poll.
 */
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
 * Stores the ballots, one document each; a ballot already stored (duplicate key) is left as it is. The voters' vote
 * counts are dropped after.
 */
export async function insertVotes(ctx: VoteRecords & { memberCounts: MemberCounts }, votes: readonly VoteCastEvent[], persistedAt: Date): Promise<void> {
  if (!votes.length) return;
  try {
    await ctx.models.Vote.collection.insertMany(
      votes.map((v) => ({
        _id: new Types.ObjectId(),
        pollId: new Types.ObjectId(v.pollId),
        voter: v.voter,
        userId: v.userId ?? null,
        optionIndex: v.optionIndex,
        ...(v.optionIndexes ? { optionIndexes: v.optionIndexes } : {}),
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

/** Members' voter strings are `u:<userId>`: every one sorts between these two. */
const MEMBER_VOTERS = { from: 'u:', until: 'u;' } as const;

/**
 * One page of the members who voted on a poll, in voter order (the unique (pollId, voter) index serves the range and
 * the order), after the voter `after`; `next` is the page's last voter when there may be more. Visitors are left out.
 */
export async function memberVoters(ctx: VoteRecords, pollId: string, after: string | null, limit: number) {
  const from = after && after > MEMBER_VOTERS.from ? after : MEMBER_VOTERS.from;
  const votes = await ctx.models.Vote.find({ pollId, voter: { $gt: from, $lt: MEMBER_VOTERS.until } }, { voter: 1 })
    .sort({ voter: 1 })
    .limit(limit)
    .lean();
  return {
    userIds: votes.map((v) => v.voter.slice(MEMBER_VOTERS.from.length)),
    next: votes.length === limit ? votes[votes.length - 1]!.voter : null,
  };
}
