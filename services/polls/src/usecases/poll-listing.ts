/**
 * A poll beside its records: what creating, listing, holding and removing it does to what is derived of it in Redis
 * (its counters, its engagement, the timelines, its creator's list and counts, the kept feed pages). store/ writes the
 * records; counting/ and timelines/ keep what is rebuilt from them.
 */
import type { PollsContext } from '../context.js';
import type { PollDoc } from '../model/index.js';
import { markRankHeld } from '../store/held.js';
import { insertPollRecord, upsertRankRow, type NewPoll } from '../store/poll-creation.js';
import { metaOf } from '../store/polls.js';
import type { TimelinePoll } from '../timelines/timelines.js';

type Listing = Pick<PollsContext, 'models' | 'timelines' | 'feedPages'>;

/**
 * Stores a new poll: its record with its share code, its counters and cached meta, and (unless it is held for review)
 * its rank row and timelines (`listPoll`).
 */
export async function insertPoll(
  ctx: Listing & Pick<PollsContext, 'counters' | 'polls' | 'memberCounts' | 'creatorPolls' | 'openings'>,
  creatorId: string,
  input: NewPoll,
  held = false,
): Promise<PollDoc> {
  const poll = await insertPollRecord(ctx, creatorId, input, held);
  const meta = metaOf(poll);
  await ctx.counters.init({ id: meta.id, optionsCount: meta.optionsCount, expiresAt: meta.expiresAt });
  await ctx.polls.cacheMeta(meta);
  if (meta.startsAt) await ctx.openings.schedule(meta.id, meta.startsAt);
  // A held poll is in its creator's list too (others' view of the list leaves it out: routes/users.ts).
  await Promise.all([
    ctx.memberCounts.changed([creatorId]),
    ctx.creatorPolls.added(creatorId, meta.id, poll.createdAt),
  ]);
  if (!held) await listPoll(ctx, poll);
  return poll;
}

/**
 * Puts a poll where others find it: its rank row (trending) and the timelines, and the kept feed pages it makes stale.
 * At creation, or when a moderator approves a poll held for review (at its creation or for an edit).
 */
export async function listPoll(ctx: Listing, poll: PollDoc): Promise<void> {
  const rank = await upsertRankRow(ctx, poll);
  await ctx.timelines.add(rank as TimelinePoll);
  ctx.feedPages.changed();
}

/**
 * Takes a poll held for an edit off what others read: the trending rank row (marked, so the feed filter leaves it
 * out), the timelines and its creator's poll count. The Redis set of held polls was told first (before the new text
 * was stored); its card and the kept feed pages are forgotten by the edit, as for any edit.
 */
export async function unlistHeldEdit(
  ctx: Pick<PollsContext, 'models' | 'timelines' | 'memberCounts'>,
  poll: PollDoc,
): Promise<void> {
  await markRankHeld(ctx, poll);
  await Promise.all([ctx.timelines.drop(String(poll._id)), ctx.memberCounts.changed([poll.creatorId])]);
}

/**
 * Removes a poll with its votes, likes, comments, shares, share code and rank (store/polls.ts), then its counters and
 * engagement counts in Redis. Returns the removed poll, or null when there was none.
 */
export async function removePoll(
  ctx: Pick<PollsContext, 'polls' | 'counters' | 'engagement' | 'openings'>,
  pollId: string,
): Promise<PollDoc | null> {
  const removed = await ctx.polls.remove(pollId);
  if (!removed) return null;
  await ctx.counters.drop(pollId);
  if (removed.startsAt) await ctx.openings.drop(pollId);
  await ctx.engagement.drop(pollId);
  return removed;
}
