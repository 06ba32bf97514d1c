/**
 * The polls service's NATS side apart from the vote consumer: request/reply responders (`polls.users.counts`,
 * `polls.can-view`) and the events it reacts to (admin removal of a poll, profile updates and follows that make
 * cached summaries and mutuals stale).
 */
import { events, subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { needsMutuals, pollVisibleByLink, pollVisibleTo } from '../domain/visibility.js';

export async function userCounts(ctx: PollsContext, payload: { userId: string }) {
  const [pollsCount, votesCount] = await Promise.all([
    ctx.models.Poll.countDocuments({ creatorId: payload.userId }),
    ctx.models.Vote.countDocuments({ userId: payload.userId }),
  ]);
  return { pollsCount, votesCount };
}

/** The member's votes by poll category (their latest 1000 votes), for the personality analysis. */
export async function userTopics(ctx: PollsContext, payload: { userId: string }) {
  const votes = await ctx.models.Vote.find({ userId: payload.userId }).sort({ votedAt: -1 }).limit(1000).select({ pollId: 1 }).lean();
  const polls = votes.length ? await ctx.models.Poll.find({ _id: { $in: votes.map((v) => v.pollId) } }).select({ category: 1 }).lean() : [];
  const categoryOf = new Map(polls.map((p) => [String(p._id), String(p.category)]));
  const counts = new Map<string, number>();
  for (const vote of votes) {
    const category = categoryOf.get(String(vote.pollId));
    if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return { topics: [...counts].map(([category, votes]) => ({ category, votes })) };
}

/**
 * Whether a user (or an anonymous socket, userId null) may follow a poll's live counts: by id the same rule as over
 * HTTP (a share-link poll only for its creator), by `shortUrl` a share-link poll for whoever holds the code. The
 * answer names the poll, so a socket that only knows the code can join its room.
 */
export async function canView(
  ctx: PollsContext,
  payload: { pollId?: string; shortUrl?: string; userId?: string | null },
  source?: { requestId: string },
): Promise<{ visible: boolean; pollId?: string }> {
  if (payload.shortUrl !== undefined) {
    const pollId = await ctx.polls.idOfCode(payload.shortUrl);
    const meta = pollId ? await ctx.polls.meta(pollId) : null;
    return meta && pollVisibleByLink(meta) ? { visible: true, pollId: meta.id } : { visible: false };
  }
  const meta = payload.pollId ? await ctx.polls.meta(payload.pollId) : null;
  if (!meta) return { visible: false };
  const viewer = { userId: payload.userId ?? null };
  const mutuals = needsMutuals(meta, viewer) ? await ctx.people.mutualsOrNone(viewer.userId, source) : [];
  return pollVisibleTo(meta, viewer, mutuals) ? { visible: true, pollId: meta.id } : { visible: false };
}

export async function registerNatsHandlers(ctx: PollsContext): Promise<void> {
  const { bus } = ctx;
  bus.respond(subjects.polls.userCounts, (payload) => userCounts(ctx, payload));
  bus.respond(subjects.polls.userTopics, (payload) => userTopics(ctx, payload));
  bus.respond(subjects.polls.canView, (payload, c) => canView(ctx, payload, c));

  // An administrator removed a poll: the same cascade as the creator's delete, and the same event for others.
  await bus.consume({
    durable: ctx.durable('admin-poll-removed'),
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

  await bus.consume({
    durable: ctx.durable('user-summary-cache'),
    filterSubject: events.auth.userUpdated,
    handler: (payload) => ctx.people.forgetUser(payload.userId),
  });
  for (const [purpose, subject] of [
    ['mutuals-cache-followed', events.social.userFollowed],
    ['mutuals-cache-unfollowed', events.social.userUnfollowed],
  ] as const) {
    await bus.consume({
      durable: ctx.durable(purpose),
      filterSubject: subject,
      handler: (payload) => ctx.people.forgetMutuals(payload.followerId, payload.followeeId),
    });
  }
}
