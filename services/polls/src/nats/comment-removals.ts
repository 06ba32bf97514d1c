/**
 * A moderator removed a reported comment (`events.admin.comment.removed`): it goes as its author's own delete does,
 * and the poll's comment count follows. A redelivered event finds the comment gone and changes nothing.
 */
import { events } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { deleteComment } from '../store/comments.js';
import { pollById } from '../store/poll-records.js';
import { toObjectId } from '../model/index.js';

export async function startCommentRemovals(ctx: PollsContext): Promise<void> {
  await ctx.bus.consume({
    purpose: 'admin-comment-removed',
    filterSubject: events.admin.commentRemoved,
    handler: async (e) => {
      const commentId = toObjectId(e.commentId);
      if (!commentId || !(await deleteComment(ctx, commentId))) return;
      const poll = await pollById(ctx, toObjectId(e.pollId)!);
      if (!poll) return;
      const shape = { id: String(poll._id), optionsCount: poll.options.length, expiresAt: poll.expiresAt ?? null, createdAt: new Date(poll.createdAt) };
      await ctx.engagement.add(shape, 'comments', -1);
      await ctx.engagement.syncRank(shape).catch((err: unknown) => ctx.log.warn({ err, pollId: shape.id }, 'trending rank not updated'));
    },
  });
}
