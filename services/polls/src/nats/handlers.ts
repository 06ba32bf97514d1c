/**
 * The polls service's NATS side apart from the vote consumer: request/reply responders (`polls.users.counts`,
 * `polls.can-view`) and the events it reacts to (admin removal of a poll, profile updates and follows that make
 * cached summaries and mutuals stale, and an edit made through any replica, which every replica's own caches drop).
 */
import { events, subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { categoriesOfLatestVotes, memberCounts } from '../store/member-data.js';
import { memberVoters } from '../store/poll-voters.js';
import { pollPreview } from '../store/previews.js';
import { pollsAfter, reportsAfter } from '../store/read-model-pages.js';
import { needsMutuals, pollVisibleTo } from '../domain/visibility.js';
import { voterOf } from '../store/keys.js';
import type { PollMeta } from '../store/polls.js';

/** The member's votes by poll category (their latest 1000 votes), for the personality analysis. */
export async function userTopics(ctx: PollsContext, payload: { userId: string }) {
  const counts = new Map<string, number>();
  for (const category of await categoriesOfLatestVotes(ctx, payload.userId, 1000)) counts.set(category, (counts.get(category) ?? 0) + 1);
  return { topics: [...counts].map(([category, votes]) => ({ category, votes })) };
}

/**
 * Whether a user (or an anonymous socket, userId null) may follow a poll's live counts: by id the same rule as over
 * HTTP (a share-link poll only for its creator; a Dost Meclisi poll only for its creator and those who voted on it), by `shortUrl` a share-link poll for whoever holds the code. The
 * answer names the poll, so a socket that only knows the code can join its room, and says whether the viewer voted on
 * it (a member by id, a visitor by visitorId) or made it: the groups whose live counts may differ from the others'
 * (results-visibility.ts).
 */
export async function canView(
  ctx: PollsContext,
  payload: { pollId?: string; shortUrl?: string; userId?: string | null; visitorId?: string | null },
  source?: { requestId: string },
): Promise<{ visible: boolean; pollId?: string; untilVote?: boolean; voted?: boolean; creator?: boolean }> {
  const userId = payload.userId ?? null;
  const voter = voterOf({ userId, visitorId: payload.visitorId ?? null });
  const votedOn = async (pollId: string) => voter !== null && (await ctx.counters.choicesOf([pollId], voter)).get(pollId) != null;
  const answer = async (meta: PollMeta, voted?: boolean) => ({
    visible: true,
    pollId: meta.id,
    voted: voted ?? (await votedOn(meta.id)),
    creator: userId !== null && userId === meta.creatorId,
  });
  if (payload.shortUrl !== undefined) {
    const pollId = await ctx.polls.idOfCode(payload.shortUrl);
    const meta = pollId ? await ctx.polls.meta(pollId) : null;
    return meta?.isShareable && !(await ctx.banned.has(meta.creatorId)) && !(await ctx.held.has(meta.id)) ? answer(meta) : { visible: false };
  }
  const meta = payload.pollId ? await ctx.polls.meta(payload.pollId) : null;
  if (!meta) return { visible: false };
  // A poll held for review: its live counts go to its creator alone.
  if (userId !== meta.creatorId && (await ctx.held.has(meta.id))) return { visible: false };
  const viewer = { userId };
  const mutuals = needsMutuals(meta, viewer) ? await ctx.people.mutualsOrNone(viewer.userId, source) : [];
  if (!pollVisibleTo(meta, viewer, mutuals)) return { visible: false };
  // Live counts of a Dost Meclisi poll only to its creator and those who voted on it, as over HTTP (present.ts).
  if (meta.type === 'friends' && userId !== meta.creatorId) {
    const voted = await votedOn(meta.id);
    if (!voted) return { visible: false, untilVote: true };
    return answer(meta, true);
  }
  return answer(meta);
}

/** One page of every poll in id order with its stored vote count: the admin service's read model rebuild. */
export async function pollsPage(ctx: PollsContext, { after, limit }: { after: string | null; limit: number }) {
  const polls = await pollsAfter(ctx, after, limit);
  return {
    polls: polls.map(({ poll: p, votesCount }) => ({
      id: String(p._id),
      creatorId: p.creatorId,
      type: p.type,
      title: p.title,
      description: p.description ?? null,
      category: p.category,
      isShareable: Boolean(p.isShareable),
      votesCount,
      createdAt: new Date(p.createdAt).toISOString(),
    })),
    next: polls.length === limit ? String(polls[polls.length - 1]!.poll._id) : null,
  };
}

/** One page of every report in id order (the admin service's read model rebuild). */
export async function reportsPage(ctx: PollsContext, { after, limit }: { after: string | null; limit: number }) {
  const reports = await reportsAfter(ctx, after, limit);
  return {
    reports: reports.map((r) => ({
      id: String(r._id),
      pollId: String(r.pollId),
      reporterId: r.reporterId,
      reason: r.reason,
      description: r.description ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    next: reports.length === limit ? String(reports[reports.length - 1]!._id) : null,
  };
}

export async function registerNatsHandlers(ctx: PollsContext): Promise<void> {
  const { bus } = ctx;
  bus.respond(subjects.polls.userCounts, ({ userId }) => memberCounts(ctx, userId));
  bus.respond(subjects.polls.pollsPage, (payload) => pollsPage(ctx, payload));
  bus.respond(subjects.polls.reportsPage, (payload) => reportsPage(ctx, payload));
  bus.respond(subjects.polls.userTopics, (payload) => userTopics(ctx, payload));
  bus.respond(subjects.polls.canView, (payload, c) => canView(ctx, payload, c));
  bus.respond(subjects.polls.preview, (payload) => pollPreview(ctx, payload));
  // The members who voted on a poll, a page at a time, for the notification each gets when it ends.
  bus.respond(subjects.polls.pollVoters, ({ pollId, after, limit }) => memberVoters(ctx, pollId, after, limit));

  // A poll's text was edited (through this replica or another): every replica drops what it keeps of it for a moment
  // (the document, the visitor feeds' pages), so feeds, profile lists, search answers and share pages show the new
  // text at once. Heard on core NATS by each replica, not by one durable consumer; dropping twice changes nothing.
  bus.listen(events.polls.pollEdited, ({ pollId }) => {
    ctx.feedPages.changed();
    ctx.polls.forgetDoc(pollId).catch((err: unknown) => ctx.log.warn({ err, pollId }, 'edited poll not dropped from the cache'));
  });

  // A member blocked or muted someone, or took it back: both ends' hidden sets are dropped here, so the next feed, search
  // or comment page each reads is filtered by the new set (heard on core NATS by each replica, as edits are).
  const dropHidden = ({ userId, targetId }: { userId: string; targetId: string }) => {
    ctx.people.forgetHidden(userId, targetId).catch((err: unknown) => ctx.log.warn({ err }, 'hidden set not dropped'));
  };
  bus.listen(events.social.userBlocked, dropHidden);
  bus.listen(events.social.userUnblocked, dropHidden);
  bus.listen(events.social.userMuted, dropHidden);
  bus.listen(events.social.userUnmuted, dropHidden);

  // An administrator removed a poll: the same cascade as the creator's delete, and the same event for others.
  await bus.consume({
    purpose: 'admin-poll-removed',
    filterSubject: events.admin.pollRemoved,
    handler: async (payload, c) => {
      const removed = await ctx.polls.remove(payload.pollId);
      if (!removed) return;
      await bus.publish(
        events.polls.pollDeleted,
        { pollId: payload.pollId, creatorId: removed.creatorId, by: payload.by, at: new Date().toISOString() },
        { requestId: c.requestId, msgId: `poll-deleted:${payload.pollId}` },
      );
    },
  });

  // A banned member's polls disappear from feeds and direct views until an administrator reactivates them: the banned
  // set is written first, so the timelines' rebuild (store/timelines.ts), started by the next read, leaves them out.
  await bus.consume({
    purpose: 'creator-banned',
    filterSubject: events.admin.userBanned,
    handler: async (payload) => {
      await ctx.banned.add(payload.userId);
      await ctx.timelines.invalidate();
    },
  });
  await bus.consume({
    purpose: 'creator-reactivated',
    filterSubject: events.admin.userReactivated,
    handler: async (payload) => {
      await ctx.banned.remove(payload.userId);
      await ctx.timelines.invalidate();
    },
  });

  await bus.consume({
    purpose: 'user-summary-cache',
    filterSubject: events.auth.userUpdated,
    handler: (payload) => ctx.people.forgetUser(payload.userId),
  });
  for (const [purpose, subject] of [
    ['mutuals-cache-followed', events.social.userFollowed],
    ['mutuals-cache-unfollowed', events.social.userUnfollowed],
  ] as const) {
    await bus.consume({
      purpose,
      filterSubject: subject,
      handler: (payload) => ctx.people.forgetMutuals(payload.followerId, payload.followeeId),
    });
  }
}
