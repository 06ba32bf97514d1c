/** A poll's comments: a page of them, writing one, deleting one's own, reporting one, a moderator's removal. */
import {
  events,
  limits,
  moderationTexts as M,
  pollServiceMessages as S,
  type CommentListQuery,
  type PollComment,
  type ReportCreateBody,
} from '@meydan/proto';
import { HttpError, isDuplicateKey, type Identity, type RequestIdSource } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { toObjectId, type CommentDoc } from '../model/index.js';
import {
  commentById,
  commentOn,
  commentPage,
  createComment,
  createCommentReport,
  deleteComment,
} from '../store/comments.js';
import { keys } from '../store/keys.js';
import { pollById } from '../store/poll-records.js';
import { commentView } from '../views/comment.js';
import type { Caller } from './caller.js';
import { counted } from './engagement.js';
import type { Shown } from './feeds.js';
import { announceComment } from './held.js';
import { ValidationError, refuseFiltered, visiblePoll } from './visibility.js';

async function presentComments(
  ctx: Pick<PollsContext, 'people'>,
  docs: readonly CommentDoc[],
  source: RequestIdSource,
): Promise<PollComment[]> {
  const authors = await ctx.people.summaries(
    docs.map((c) => c.userId),
    source,
  );
  return docs.map((c) => commentView(c, authors.get(c.userId)!));
}

/** A page of the poll's comments, newest first (a visitor's answer is every visitor's). */
export async function readComments(
  ctx: PollsContext,
  pollId: string,
  query: CommentListQuery,
  viewer: Identity,
  source: Caller,
): Promise<Shown<{ comments: PollComment[]; totalCount: number; nextCursor: string | null }>> {
  const poll = await visiblePoll(ctx, pollId, viewer, source);
  const limit = query.limit ?? limits.feed.pageSizeDefault;
  const cursor = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
  if (query.cursor !== undefined && !cursor) throw new ValidationError('cursor', S.cursorInvalid);
  const hidden = await ctx.people.hiddenCreators(viewer.userId ?? null, source);
  const { docs, totalCount } = await commentPage(ctx, poll._id, limit, cursor, hidden, viewer.userId ?? null);
  const page = docs.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    docs.length > limit && last ? encodeCursor({ k: new Date(last.createdAt).getTime(), id: String(last._id) }) : null;
  // Comments show nothing of who reads them: a visitor's answer is every visitor's.
  return {
    answer: { comments: await presentComments(ctx, page, source), totalCount, nextCursor },
    sameForEveryVisitor: !viewer.userId,
  };
}

/** A member comments on a poll (at most 10 a minute); held for review when the word filter says so. */
export async function commentOnPoll(
  ctx: PollsContext,
  pollId: string,
  text: string,
  viewer: Identity,
  source: Caller,
): Promise<PollComment> {
  const poll = await visiblePoll(ctx, pollId, viewer, source);
  const userId = viewer.userId!;
  const trimmed = text.trim();
  // Held for review: stored and shown to its author alone, counted and announced when a moderator approves it.
  const held = await refuseFiltered(ctx, { text: trimmed });
  const quota = await ctx.quotas.take(keys.commentQuota(userId), limits.comment.perMinute, limits.comment.windowMs);
  if (!quota.allowed) {
    throw new HttpError(429, 'rate_limited', S.tooManyComments, { 'retry-after': String(quota.retryAfterSeconds) });
  }
  const comment = await createComment(ctx, poll._id, userId, trimmed, held);
  if (!held) await announceComment(ctx, poll, comment, source);
  const [presented] = await presentComments(ctx, [comment], source);
  return presented!;
}

/** A member deletes their own comment; the poll's comment count follows. */
export async function deleteOwnComment(
  ctx: PollsContext,
  pollId: string,
  commentIdText: string,
  viewer: Identity,
  source: Caller,
): Promise<{ message: string }> {
  const poll = await visiblePoll(ctx, pollId, viewer, source);
  const commentId = toObjectId(commentIdText);
  const comment = commentId ? await commentOn(ctx, poll._id, commentId) : null;
  if (!comment) throw new HttpError(404, 'not_found', S.commentNotFound);
  if (comment.userId !== viewer.userId) throw new HttpError(403, 'forbidden', S.commentOnlyOwn);
  if ((await deleteComment(ctx, comment._id)) && !comment.heldAt) {
    await counted(ctx, poll, 'comments', -1);
  }
  return { message: S.commentDeleted };
}

/** A member reports a comment ('Şikayet Et' under it), once per comment; never their own. */
export async function reportComment(
  ctx: PollsContext,
  commentIdText: string,
  body: ReportCreateBody,
  viewer: Identity,
  source: Caller,
): Promise<{ reportId: string; message: string }> {
  const commentId = toObjectId(commentIdText);
  const comment = commentId ? await commentById(ctx, commentId) : null;
  if (!comment) throw new HttpError(404, 'not_found', M.commentNotFound);
  // A comment on a poll the member may not see is not there for them.
  await visiblePoll(ctx, String(comment.pollId), viewer, source).catch(() => {
    throw new HttpError(404, 'not_found', M.commentNotFound);
  });
  const reporterId = viewer.userId!;
  if (comment.userId === reporterId) throw new HttpError(400, 'own_content', M.commentOwnReport);
  const description = body.description?.trim() ? body.description.trim() : null;
  let report: Awaited<ReturnType<typeof createCommentReport>>;
  try {
    report = await createCommentReport(ctx, {
      commentId: comment._id,
      pollId: comment.pollId,
      authorId: comment.userId,
      reporterId,
      reason: body.reason.trim(),
      description,
    });
  } catch (err) {
    if (isDuplicateKey(err)) throw new HttpError(409, 'already_reported', M.commentAlreadyReported);
    throw err;
  }
  const reportId = String(report._id);
  await ctx.bus.publishReliably(
    events.polls.commentReported,
    {
      reportId,
      commentId: String(comment._id),
      pollId: String(comment.pollId),
      authorId: comment.userId,
      reporterId,
      reason: report.reason,
      description,
      text: comment.text,
      at: report.createdAt.toISOString(),
    },
    { requestId: source, msgId: `comment-report:${reportId}` },
  );
  return { reportId, message: M.commentReportReceived };
}

/**
 * A moderator removed a reported comment: it goes as its author's own delete does, and the poll's comment count
 * follows. A redelivered event finds the comment gone and changes nothing.
 */
export async function removeReportedComment(
  ctx: PollsContext,
  removed: { commentId: string; pollId: string },
): Promise<void> {
  const commentId = toObjectId(removed.commentId);
  if (!commentId || !(await deleteComment(ctx, commentId))) return;
  const poll = await pollById(ctx, toObjectId(removed.pollId)!);
  if (!poll) return;
  const shape = {
    id: String(poll._id),
    optionsCount: poll.options.length,
    expiresAt: poll.expiresAt ?? null,
    createdAt: new Date(poll.createdAt),
  };
  await ctx.engagement.add(shape, 'comments', -1);
  await ctx.engagement
    .syncRank(shape)
    .catch((err: unknown) => ctx.log.warn({ err, pollId: shape.id }, 'trending rank not updated'));
}
