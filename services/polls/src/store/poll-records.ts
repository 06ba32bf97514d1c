/** The MongoDB records the routes read and write besides the feeds: a poll by id, closing, likes, shares, reports, a member's polls and votes. */
import type { Types } from 'mongoose';
import { WITHOUT_SEARCH_FIELDS, type PollDoc, type Models } from '../model/index.js';

type Records = { models: Models };

type PollId = Types.ObjectId | string;

export async function pollById(ctx: Records, id: PollId): Promise<PollDoc | null> {
  return (await ctx.models.Poll.findById(id, WITHOUT_SEARCH_FIELDS).lean()) as PollDoc | null;
}

export async function pollExists(ctx: Records, id: string): Promise<boolean> {
  return (await ctx.models.Poll.exists({ _id: id })) !== null;
}

/** Ends the poll now (its rank row too); returns the poll as it now is, or null when it is gone. */
export async function closePoll(ctx: Records, id: Types.ObjectId, now: Date): Promise<PollDoc | null> {
  const ended = { expiresAt: now, closedAt: now, endedAt: now };
  const closed = (await ctx.models.Poll.findOneAndUpdate(
    { _id: id },
    { $set: ended },
    { returnDocument: 'after', timestamps: false },
  ).lean()) as PollDoc | null;
  if (!closed) return null;
  await ctx.models.PollRank.updateOne({ _id: id }, { $set: { expiresAt: now } });
  return closed;
}

/** The newest polls the filter lets through (search), at most `limit`. */
export async function pollsMatching(ctx: Records, filter: Record<string, unknown>, limit: number): Promise<PollDoc[]> {
  return (await ctx.models.Poll.find(filter, WITHOUT_SEARCH_FIELDS)
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean()) as PollDoc[];
}

/** Titles and descriptions of public polls since `since` that have a hashtag, at most `limit` (the trending tags' pool). */
export async function recentHashtagged(ctx: Records, since: Date, limit: number) {
  return ctx.models.Poll.find({
    type: 'public',
    isShareable: false,
    heldAt: null,
    createdAt: { $gte: since },
    'hashtags.0': { $exists: true },
  })
    .select({ title: 1, description: 1 })
    .limit(limit)
    .lean();
}

/** The member's newest votes, at most `limit`, and the title, category and options of the polls they are on. */
export async function votesWithPolls(ctx: Records, userId: string, limit: number) {
  const votes = await ctx.models.Vote.find({ userId }).sort({ votedAt: -1 }).limit(limit).lean();
  const polls = await ctx.models.Poll.find(
    { _id: { $in: [...new Set(votes.map((v) => String(v.pollId)))] } },
    { title: 1, category: 1, options: 1 },
  ).lean();
  return { votes, polls };
}

/** Records the member's like; throws the duplicate-key error when it is already there. */
export async function addLike(ctx: Records, pollId: Types.ObjectId, userId: string): Promise<void> {
  await ctx.models.Like.create({ pollId, userId });
}

/** Removes the member's like; whether there was one. */
export async function removeLike(ctx: Records, pollId: Types.ObjectId, userId: string): Promise<boolean> {
  const removed = await ctx.models.Like.deleteOne({ pollId, userId });
  return removed.deletedCount > 0;
}

/** Records a share; throws the duplicate-key error when this sharer already shared the poll. */
export async function recordShare(ctx: Records, pollId: Types.ObjectId, sharer: string): Promise<void> {
  await ctx.models.Share.create({ pollId, sharer });
}

/** Records a report; throws the duplicate-key error when the member already reported the poll. */
export async function createReport(
  ctx: Records,
  report: { pollId: Types.ObjectId; reporterId: string; reason: string; description: string | null },
) {
  return ctx.models.Report.create(report);
}
