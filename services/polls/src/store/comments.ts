import { Types } from 'mongoose';
import type { Cursor } from '../domain/cursor.js';
import type { CommentDoc, Models } from '../model/index.js';

type Comments = { models: Models };

/**
 * A page of a poll's comments, newest first, after `cursor` when given (one more than `limit`: tells a next page), and
 * their total; none by the authors in `hiddenAuthors` (members the reader blocked or muted, or who blocked them), and
 * none held for review by the word filter but the reader's own (`readerId`).
 */
export async function commentPage(
  ctx: Comments,
  pollId: Types.ObjectId,
  limit: number,
  cursor: Cursor | null,
  hiddenAuthors: readonly string[] = [],
  readerId: string | null = null,
): Promise<{ docs: CommentDoc[]; totalCount: number }> {
  const shown: Record<string, unknown> = hiddenAuthors.length
    ? { pollId, userId: { $nin: [...hiddenAuthors] } }
    : { pollId };
  shown['$and'] = [{ $or: readerId ? [{ heldAt: null }, { userId: readerId }] : [{ heldAt: null }] }];
  const filter: Record<string, unknown> = { ...shown };
  if (cursor) {
    const at = new Date(cursor.k);
    filter['$or'] = [{ createdAt: { $lt: at } }, { createdAt: at, _id: { $lt: new Types.ObjectId(cursor.id) } }];
  }
  const [docs, totalCount] = await Promise.all([
    ctx.models.Comment.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean() as Promise<CommentDoc[]>,
    ctx.models.Comment.countDocuments(shown),
  ]);
  return { docs, totalCount };
}

/** Stores a comment; `held`: the word filter holds it for review (its author alone sees it until approved). */
export async function createComment(
  ctx: Comments,
  pollId: Types.ObjectId,
  userId: string,
  text: string,
  held = false,
): Promise<CommentDoc> {
  return (
    await ctx.models.Comment.create({ pollId, userId, text, heldAt: held ? new Date() : null })
  ).toObject() as CommentDoc;
}

/** The comment, when it is on this poll. */
export async function commentOn(ctx: Comments, pollId: Types.ObjectId, commentId: Types.ObjectId) {
  return ctx.models.Comment.findOne({ _id: commentId, pollId }).lean();
}

/** Removes the comment; whether it was still there. */
export async function deleteComment(ctx: Comments, commentId: Types.ObjectId): Promise<boolean> {
  const removed = await ctx.models.Comment.deleteOne({ _id: commentId });
  return removed.deletedCount > 0;
}

/** The comment, whatever poll it is on. */
export async function commentById(ctx: Comments, commentId: Types.ObjectId): Promise<CommentDoc | null> {
  return ctx.models.Comment.findById(commentId).lean() as Promise<CommentDoc | null>;
}

/** Stores a member's report on a comment; a second one by the same member throws the duplicate-key error. */
export async function createCommentReport(
  ctx: Comments,
  report: {
    commentId: Types.ObjectId;
    pollId: Types.ObjectId;
    authorId: string;
    reporterId: string;
    reason: string;
    description: string | null;
  },
) {
  return ctx.models.CommentReport.create(report);
}
