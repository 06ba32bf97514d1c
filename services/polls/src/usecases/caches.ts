/**
 * What other services' events and this service's edits make stale in the caches of each replica: a poll's text, a
 * member's hidden set, summary or mutual followers. Dropping twice changes nothing.
 */
import type { PollsContext } from '../context.js';

/**
 * A poll's text was edited (through this replica or another): what is kept of it for a moment (the document, the
 * visitor feeds' pages) is dropped, so feeds, profile lists, search answers and share pages show the new text at once.
 */
export function pollEdited(ctx: Pick<PollsContext, 'feedPages' | 'polls' | 'log'>, pollId: string): void {
  ctx.feedPages.changed();
  // A scheduled poll's options may have changed before its opening: the vote path's facts (their count) go too.
  ctx.polls
    .forgetMeta(pollId)
    .catch((err: unknown) => ctx.log.warn({ err, pollId }, 'edited poll facts not dropped from the cache'));
  ctx.polls
    .forgetDoc(pollId)
    .catch((err: unknown) => ctx.log.warn({ err, pollId }, 'edited poll not dropped from the cache'));
}

/** A member blocked or muted someone, or took it back: both ends' hidden sets are dropped. */
export function hidingChanged(
  ctx: Pick<PollsContext, 'people' | 'log'>,
  { userId, targetId }: { userId: string; targetId: string },
): void {
  ctx.people.forgetHidden(userId, targetId).catch((err: unknown) => ctx.log.warn({ err }, 'hidden set not dropped'));
}

/** A member's profile changed: their kept summary is dropped. */
export function profileChanged(ctx: Pick<PollsContext, 'people'>, userId: string): Promise<void> {
  return ctx.people.forgetUser(userId);
}

/** Someone followed or unfollowed: both ends' kept mutual followers are dropped. */
export function followsChanged(
  ctx: Pick<PollsContext, 'people'>,
  followerId: string,
  followeeId: string,
): Promise<void> {
  return ctx.people.forgetMutuals(followerId, followeeId);
}
