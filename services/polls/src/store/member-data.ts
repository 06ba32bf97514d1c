/**
 * A member's records in polls as other services ask for them (their counts, the categories they vote in, their
 * export) and what becomes of them when the account is deleted.
 */
import type { Redis } from 'ioredis';
import { CountsCache, type Logger } from '@meydan/kit';
import type { Models, PollDoc } from '../model/index.js';
import type { VoteCounters } from '../counting/vote-counters.js';
import { keys } from './keys.js';

type MemberData = { models: Models };

export type MemberCounts = CountsCache<'pollsCount' | 'votesCount'>;

/**
 * How many polls each member created (not those held for review: the count is everyone's) and how many votes they
 * cast, kept in Redis and counted from MongoDB when missing (on FerretDB a count by creator or voter reads every poll or vote): a poll created or removed drops its
 * creator's (and, removed, its voters'), a batch of votes stored its voters', an account erased its own.
 */
export function memberCountsCache(redis: Redis, models: Models, log: Logger): MemberCounts {
  return new CountsCache(
    redis,
    keys.memberCounts,
    ['pollsCount', 'votesCount'],
    async (userId) => {
      const [pollsCount, votesCount] = await Promise.all([
        models.Poll.countDocuments({ creatorId: userId, heldAt: null }),
        models.Vote.countDocuments({ userId }),
      ]);
      return { pollsCount, votesCount };
    },
    log,
  );
}

/** How many polls the member created and how many votes they cast. */
export async function memberCounts(
  ctx: { memberCounts: MemberCounts },
  userId: string,
): Promise<{ pollsCount: number; votesCount: number }> {
  return ctx.memberCounts.get(userId);
}

/** The category of the poll of each of the member's latest `limit` votes, newest first (votes on polls gone left out). */
export async function categoriesOfLatestVotes(ctx: MemberData, userId: string, limit: number): Promise<string[]> {
  const votes = await ctx.models.Vote.find({ userId }).sort({ votedAt: -1 }).limit(limit).select({ pollId: 1 }).lean();
  const polls = votes.length
    ? await ctx.models.Poll.find({ _id: { $in: votes.map((v) => v.pollId) } })
        .select({ category: 1 })
        .lean()
    : [];
  const categoryOf = new Map(polls.map((p) => [String(p._id), String(p.category)]));
  return votes.flatMap((vote) => categoryOf.get(String(vote.pollId)) || []);
}

/** The member's polls and votes, newest first, and the polls they voted on (for their export). */
export async function memberPollsAndVotes(ctx: MemberData, userId: string) {
  const polls = (await ctx.models.Poll.find({ creatorId: userId }).sort({ createdAt: -1 }).lean()) as PollDoc[];
  const votes = await ctx.models.Vote.find({ userId }).sort({ votedAt: -1 }).lean();
  const voted = votes.length
    ? ((await ctx.models.Poll.find({ _id: { $in: votes.map((v) => v.pollId) } }).lean()) as PollDoc[])
    : [];
  return { polls, votes, voted };
}

/** Every poll the member created, by id and creation time (what CreatorPolls is built from). */
export async function pollsOfCreator(models: Models, creatorId: string): Promise<{ id: string; createdAt: Date }[]> {
  const polls = await models.Poll.find({ creatorId }, { _id: 1, createdAt: 1 }).lean();
  return polls.map((poll) => ({ id: String(poll._id), createdAt: new Date(poll.createdAt) }));
}

/** The ids of the polls the member created. */
export async function pollIdsOfCreator(ctx: MemberData, userId: string): Promise<string[]> {
  return (await pollsOfCreator(ctx.models, userId)).map((poll) => poll.id);
}

/** A deleted member's likes and comments are removed, and their votes stay in the counts without a name. */
export async function eraseMemberActivity(
  ctx: MemberData & { counters: VoteCounters; memberCounts: MemberCounts },
  userId: string,
): Promise<void> {
  await Promise.all([
    ctx.models.Like.deleteMany({ userId }),
    ctx.models.Comment.deleteMany({ userId }),
    pseudonymiseVotes(ctx, userId),
  ]);
  await ctx.memberCounts.changed([userId]);
}

/**
 * A deleted member's votes stay counted, but under `d:<vote id>` instead of `u:<userId>`, in MongoDB and in the poll's
 * Redis voters hash alike, so no stored vote leads back to the account. Per vote: Redis first (the choice moves to the
 * new name, counts untouched), then MongoDB; a redelivered event finds the votes not yet renamed by their userId and
 * renames them the same way (the name comes from the vote's own id). The unique (pollId, voter) index keeps each vote
 * once; the account can cast no new vote, and its last votes were persisted long before (deletion comes 30 days after
 * the last sign-in).
 */
async function pseudonymiseVotes(ctx: MemberData & { counters: VoteCounters }, userId: string): Promise<void> {
  const votes = await ctx.models.Vote.find({ userId }, { _id: 1, pollId: 1, voter: 1 }).lean();
  for (const vote of votes) {
    const pseudonym = `d:${String(vote._id)}`;
    await ctx.counters.renameVoter(String(vote.pollId), vote.voter, pseudonym);
    await ctx.models.Vote.updateOne({ _id: vote._id, voter: vote.voter }, { $set: { voter: pseudonym, userId: null } });
  }
  // The sequences of their changed votes name them too: gone (a renamed vote counts on as a plain vote).
  for (const r of await ctx.models.VoteSeq.find({ userId }, { pollId: 1, voter: 1 }).lean()) {
    await ctx.counters.forgetChanges(String(r.pollId), r.voter);
  }
  await ctx.models.VoteSeq.deleteMany({ userId });
}
