/**
 * A moderator removed a reported comment (`events.admin.comment.removed`): it goes as its author's own delete does,
 * and the poll's comment count follows. A redelivered event finds the comment gone and changes nothing.
 */
import { events } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { removeReportedComment } from '../usecases/comments.js';

export async function startCommentRemovals(ctx: PollsContext): Promise<void> {
  await ctx.bus.consume({
    purpose: 'admin-comment-removed',
    filterSubject: events.admin.commentRemoved,
    handler: (e) => removeReportedComment(ctx, e),
  });
}
