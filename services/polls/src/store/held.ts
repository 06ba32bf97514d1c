/**
 * The records of what the word filter holds for review (usecases/held.ts decides what happens to them): the queue's
 * oldest items, whether one is still held, its release, and a held edit taken off what others read.
 */
import type { Types } from 'mongoose';
import type { HeldListReply } from '@meydan/proto';
import type { CommentDoc, Models, PollDoc } from '../model/index.js';

type Held = { models: Models };

/** How many held items one list answers (oldest first). */
const LIST_LIMIT = 100;
const isHeld = { heldAt: { $type: 'date' as const } };

/** Marks the rank row of a poll held for an edit, so the feed filter leaves it out (usecases/poll-listing.ts). */
export async function markRankHeld(ctx: Held, poll: PollDoc): Promise<void> {
  await ctx.models.PollRank.updateOne({ _id: poll._id }, { $set: { heldAt: poll.heldAt } });
}

/** The oldest held polls and comments (at most 100 together), for the moderators' queue. */
export async function heldItems(ctx: Held): Promise<HeldListReply> {
  const held = isHeld;
  const [polls, comments] = await Promise.all([
    ctx.models.Poll.find(held, { title: 1, options: 1, description: 1, creatorId: 1, heldAt: 1 })
      .sort({ heldAt: 1 })
      .limit(LIST_LIMIT)
      .lean(),
    ctx.models.Comment.find(held).sort({ heldAt: 1 }).limit(LIST_LIMIT).lean(),
  ]);
  const items: HeldListReply['items'] = [
    ...polls.map((p) => ({
      kind: 'poll' as const,
      id: String(p._id),
      authorId: p.creatorId,
      preview: [p.title, ...p.options, ...(p.description ? [p.description] : [])].join(' · '),
      link: `/anket/${String(p._id)}`,
      createdAt: new Date(p.heldAt!).toISOString(),
    })),
    ...comments.map((c) => ({
      kind: 'comment' as const,
      id: String(c._id),
      authorId: c.userId,
      preview: c.text,
      link: `/anket/${String(c.pollId)}`,
      createdAt: new Date(c.heldAt!).toISOString(),
    })),
  ];
  return { items: items.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, LIST_LIMIT) };
}

/** Whether the poll is held for review now. */
export async function isHeldPoll(ctx: Held, id: Types.ObjectId): Promise<boolean> {
  return (await ctx.models.Poll.exists({ _id: id, ...isHeld })) !== null;
}

/** Whether the comment is held for review now. */
export async function isHeldComment(ctx: Held, id: Types.ObjectId): Promise<boolean> {
  return (await ctx.models.Comment.findOne({ _id: id, ...isHeld }).lean()) !== null;
}

/** Releases a held poll (approved); the poll as it was while held, or null when it is not held. */
export async function releaseHeldPoll(ctx: Held, id: Types.ObjectId): Promise<PollDoc | null> {
  return (await ctx.models.Poll.findOneAndUpdate(
    { _id: id, ...isHeld },
    { $set: { heldAt: null, heldForEdit: false } },
    { returnDocument: 'before', timestamps: false },
  ).lean()) as PollDoc | null;
}

/** Releases a held comment (approved); the comment as it now is, or null when it is not held. */
export async function releaseHeldComment(ctx: Held, id: Types.ObjectId): Promise<CommentDoc | null> {
  return (await ctx.models.Comment.findOneAndUpdate(
    { _id: id, ...isHeld },
    { $set: { heldAt: null } },
    { returnDocument: 'after' },
  ).lean()) as CommentDoc | null;
}

/** The ids of every held poll (the Redis set of held polls is rebuilt from them at start). */
export async function heldPollIds(ctx: Held): Promise<string[]> {
  const held = await ctx.models.Poll.find(isHeld, { _id: 1 }).lean();
  return held.map((p) => String(p._id));
}
