/**
 * Polls and comments the word filter holds for review (a `hold` entry matched, no `refuse` one): stored with `heldAt`,
 * shown to their author alone (usecases/visibility.ts canSee, the comment page's filter), left out of every feed, search,
 * timeline, count and notification. A moderator approves one (it is announced as a new one is: listed, counted,
 * notified) or removes it (gone as its author's delete would have it), through `polls.held.decide` (nats/held.ts).
 * A poll shown already whose creator edits it (only before its first vote) with texts a holding entry catches goes
 * back under review the same way (`heldForEdit`): taken off the lists until approved, then listed again, not announced
 * as new (its `events.polls.poll.edited` went with the edit).
 */
import { events, type HeldDecideRequest, type HeldListReply } from '@meydan/proto';
import type { RequestIdOrSource } from '@meydan/kit';
import { announcedImages } from '../domain/option-images.js';
import { announcedKind } from '../domain/ranked.js';
import type { PollsContext } from '../context.js';
import { toObjectId, type CommentDoc, type PollDoc } from '../model/index.js';
import { deleteComment } from '../store/comments.js';
import {
  heldItems,
  heldPollIds,
  isHeldComment,
  isHeldPoll,
  releaseHeldComment,
  releaseHeldPoll,
} from '../store/held.js';
import { pollById } from '../store/poll-records.js';
import { listPoll, removePoll } from './poll-listing.js';

/** Announces a poll that others may now see (`events.polls.poll.created`: notifications, the admin read model). */
export async function announcePoll(ctx: PollsContext, poll: PollDoc, requestId?: RequestIdOrSource): Promise<void> {
  await ctx.bus.publishReliably(
    events.polls.pollCreated,
    {
      pollId: String(poll._id),
      creatorId: poll.creatorId,
      type: poll.type,
      title: poll.title,
      category: poll.category,
      description: poll.description ?? null,
      isShareable: Boolean(poll.isShareable),
      createdAt: new Date(poll.createdAt).toISOString(),
      expiresAt: poll.expiresAt ? new Date(poll.expiresAt).toISOString() : null,
      ...announcedKind(poll),
      ...announcedImages(poll),
    },
    { requestId },
  );
}

const shapeOf = (poll: PollDoc) => ({
  id: String(poll._id),
  optionsCount: poll.options.length,
  expiresAt: poll.expiresAt ?? null,
  createdAt: new Date(poll.createdAt),
});

/** Counts a comment others may now see on its poll and announces it (`events.polls.comment.created`: the creator's notification). */
export async function announceComment(
  ctx: PollsContext,
  poll: PollDoc,
  comment: CommentDoc,
  requestId?: RequestIdOrSource,
): Promise<void> {
  const shape = shapeOf(poll);
  await ctx.engagement.add(shape, 'comments', 1);
  await ctx.engagement
    .syncRank(shape)
    .catch((err: unknown) => ctx.log.warn({ err, pollId: shape.id }, 'trending rank not updated'));
  await ctx.bus.publishReliably(
    events.polls.commentCreated,
    {
      pollId: String(poll._id),
      creatorId: poll.creatorId,
      commentId: String(comment._id),
      userId: comment.userId,
      text: comment.text,
      at: new Date(comment.createdAt).toISOString(),
    },
    { requestId },
  );
}

/**
 * A moderator's decision on a held poll or comment: approved, it is shown and announced; removed, it goes with its
 * votes, likes and comments. `found` false when it is not held (decided already, or never held).
 */
export async function decideHeld(
  ctx: PollsContext,
  d: HeldDecideRequest,
  source?: RequestIdOrSource,
): Promise<{ found: boolean }> {
  const id = toObjectId(d.id);
  if (!id || d.kind === 'profile') return { found: false };
  if (d.kind === 'poll') {
    if (d.decision === 'remove') {
      if (!(await isHeldPoll(ctx, id))) return { found: false };
      const removed = await removePoll(ctx, d.id);
      await ctx.held.remove(d.id);
      if (removed) {
        await ctx.bus.publishReliably(
          events.polls.pollDeleted,
          { pollId: d.id, creatorId: removed.creatorId, by: d.by, at: new Date().toISOString() },
          { requestId: source, msgId: `poll-deleted:${d.id}` },
        );
      }
      return { found: removed !== null };
    }
    const before = await releaseHeldPoll(ctx, id);
    if (!before) return { found: false };
    const approved: PollDoc = { ...before, heldAt: null, heldForEdit: false };
    await ctx.held.remove(d.id);
    await ctx.polls.forgetDoc(d.id);
    await listPoll(ctx, approved);
    await ctx.memberCounts.changed([approved.creatorId]);
    // Held for an edit: announced at its creation already.
    if (!before.heldForEdit) await announcePoll(ctx, approved, source);
    return { found: true };
  }
  if (d.decision === 'remove') {
    return { found: (await isHeldComment(ctx, id)) && (await deleteComment(ctx, id)) };
  }
  const approved = await releaseHeldComment(ctx, id);
  if (!approved) return { found: false };
  const poll = await pollById(ctx, approved.pollId);
  if (poll) await announceComment(ctx, poll, approved, source);
  return { found: true };
}

/** The oldest held polls and comments (at most 100 together), for the moderators' queue. */
export function listHeld(ctx: PollsContext): Promise<HeldListReply> {
  return heldItems(ctx);
}

/** Rebuilds the Redis set of held polls from MongoDB (at start: the set is what the view paths ask). */
export async function restoreHeldPolls(ctx: PollsContext): Promise<void> {
  await Promise.all((await heldPollIds(ctx)).map((id) => ctx.held.add(id)));
}
