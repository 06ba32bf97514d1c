/**
 * A member's records in polls as other services ask for them (their counts, the categories they vote in, their
 * export) and what becomes of them when the account is deleted.
 */
import type { Redis } from 'ioredis';
import type { Types } from 'mongoose';
import { CountsCache, type Logger } from '@meydan/kit';
import type { Models, PollDoc } from '../model/index.js';
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

/** A deleted member's likes and comments are removed. */
export async function deleteLikesAndComments(ctx: MemberData, userId: string): Promise<void> {
  await Promise.all([ctx.models.Like.deleteMany({ userId }), ctx.models.Comment.deleteMany({ userId })]);
}

/** A member's stored votes: each one's id, poll and voter name. */
export function votesOfMember(ctx: MemberData, userId: string) {
  return ctx.models.Vote.find({ userId }, { _id: 1, pollId: 1, voter: 1 }).lean();
}

/** Gives a deleted member's stored vote its new voter name and no userId (unless a redelivery renamed it already). */
export async function renameVoteRecord(
  ctx: MemberData,
  vote: { _id: Types.ObjectId; voter: string },
  pseudonym: string,
): Promise<void> {
  await ctx.models.Vote.updateOne({ _id: vote._id, voter: vote.voter }, { $set: { voter: pseudonym, userId: null } });
}

/** The polls on which a member changed their vote (their change sequences name them). */
export function changedVotesOf(ctx: MemberData, userId: string) {
  return ctx.models.VoteSeq.find({ userId }, { pollId: 1, voter: 1 }).lean();
}

/** A deleted member's change sequences go. */
export async function dropChangeSequences(ctx: MemberData, userId: string): Promise<void> {
  await ctx.models.VoteSeq.deleteMany({ userId });
}
