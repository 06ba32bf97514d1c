/**
 * Voters told when a poll ends: `events.polls.poll.ended` (at expiry, or closed early) → the poll's member voters, a
 * page at a time from polls (`polls.poll.voters`) → one growing unread notification per member ('Oy verdiğin anket
 * sonuçlandı: “…”', then 'Oy verdiğin N anket sonuçlandı'), as their results switch allows. The creator gets the
 * creator's own notification instead (usecases/poll-activity.ts).
 *
 * Exactly once per voter and poll however often the event comes: a voter is marked told (Redis, `SET NX`) before the
 * notification grows, and un-marked if it fails. A viral poll's voters take many pages: the page reached is kept in
 * Redis, so a redelivery (a crash, or a handler that outlived its ack wait) goes on from there.
 */
import type { PollEndedEvent } from '@meydan/proto';
import type { EventContext } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { pollVotersPage } from '../clients/polls.js';
import { markTold, recordVotersPageReached, unmarkTold, votersPageReached } from '../store/told-marks.js';
import { tellPollEnded } from './tell.js';

const VOTERS_PAGE = 500;
/** Voters handled at once (each may ask auth for their settings). */
const VOTERS_AT_ONCE = 50;

/** A poll ended: its member voters told, a page at a time, each once. */
export async function tellVoters(ctx: NotificationsContext, e: PollEndedEvent, c: EventContext): Promise<void> {
  const { redis } = ctx;
  // Nobody to tell, and polls would look for voters its counters never saw in MongoDB (a read of every vote there).
  if (e.totalVotes === 0) return;
  const at = new Date(e.at);
  let after = await votersPageReached(redis, e.pollId);
  if (after === 'done') return;
  for (;;) {
    const page = await pollVotersPage(ctx.bus, e.pollId, after, VOTERS_PAGE, c);
    const voters = page.userIds.filter((id) => id !== e.creatorId);
    for (let i = 0; i < voters.length; i += VOTERS_AT_ONCE) {
      await Promise.all(voters.slice(i, i + VOTERS_AT_ONCE).map((userId) => tellVoter(ctx, userId, e, at, c)));
    }
    after = page.next;
    await recordVotersPageReached(redis, e.pollId, after);
    if (!after) return;
  }
}

async function tellVoter(
  ctx: NotificationsContext,
  userId: string,
  e: PollEndedEvent,
  at: Date,
  c: EventContext,
): Promise<void> {
  const { redis } = ctx;
  if (!(await ctx.preferences.allows(userId, 'notifyPollResults', c))) return;
  if (!(await markTold(redis, e.pollId, userId))) return;
  try {
    await ctx.store.addEndedPoll(userId, { pollId: e.pollId, title: e.title }, at);
  } catch (err) {
    await unmarkTold(redis, e.pollId, userId).catch(() => {});
    throw err;
  }
  // Told once (the mark above): their subscribed browsers and, when they asked for it, their mail.
  await tellPollEnded(ctx, userId, { pollId: e.pollId, title: e.title }, c);
}
