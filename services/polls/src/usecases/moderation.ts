/**
 * What the administrators' decisions do to polls: a poll removed (the creator's delete cascade, announced the same
 * way), a creator banned or reactivated (their polls leave or come back to feeds and direct views).
 */
import { events } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { removePoll } from './poll-listing.js';

/** An administrator removed a poll: the same cascade as the creator's delete, and the same event for others. */
export async function removePollByAdmin(
  ctx: Pick<PollsContext, 'polls' | 'counters' | 'engagement' | 'openings' | 'bus'>,
  removal: { pollId: string; by: string },
  requestId: string,
): Promise<void> {
  const removed = await removePoll(ctx, removal.pollId);
  if (!removed) return;
  await ctx.bus.publish(
    events.polls.pollDeleted,
    { pollId: removal.pollId, creatorId: removed.creatorId, by: removal.by, at: new Date().toISOString() },
    { requestId, msgId: `poll-deleted:${removal.pollId}` },
  );
}

/**
 * A banned member's polls disappear from feeds and direct views until an administrator reactivates them: the banned
 * set is written first, so the timelines' rebuild (timelines/timelines.ts), started by the next read, leaves them out.
 */
export async function banCreator(ctx: Pick<PollsContext, 'banned' | 'timelines'>, userId: string): Promise<void> {
  await ctx.banned.add(userId);
  await ctx.timelines.invalidate();
}

/** A reactivated member's polls come back. */
export async function reactivateCreator(
  ctx: Pick<PollsContext, 'banned' | 'timelines'>,
  userId: string,
): Promise<void> {
  await ctx.banned.remove(userId);
  await ctx.timelines.invalidate();
}
