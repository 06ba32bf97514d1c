/**
 * What the notifications service asks before a socket follows a poll's live counts (`polls.can-view`), and what auth
 * asks for a member's personality analysis (`polls.users.topics`).
 */
import type { PollsContext } from '../context.js';
import { needsMutuals, pollVisibleTo } from '../domain/visibility.js';
import { voterOf } from '../store/keys.js';
import { categoriesOfLatestVotes } from '../store/member-data.js';
import type { PollMeta } from '../store/polls.js';

/** The member's votes by poll category (their latest 1000 votes), for the personality analysis. */
export async function userTopics(ctx: PollsContext, payload: { userId: string }) {
  const counts = new Map<string, number>();
  for (const category of await categoriesOfLatestVotes(ctx, payload.userId, 1000))
    counts.set(category, (counts.get(category) ?? 0) + 1);
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
  const votedOn = async (pollId: string) =>
    voter !== null && (await ctx.counters.choicesOf([pollId], voter)).get(pollId) != null;
  const answer = async (meta: PollMeta, voted?: boolean) => ({
    visible: true,
    pollId: meta.id,
    voted: voted ?? (await votedOn(meta.id)),
    creator: userId !== null && userId === meta.creatorId,
  });
  if (payload.shortUrl !== undefined) {
    const pollId = await ctx.polls.idOfCode(payload.shortUrl);
    const meta = pollId ? await ctx.polls.meta(pollId) : null;
    return meta?.isShareable && !(await ctx.banned.has(meta.creatorId)) && !(await ctx.held.has(meta.id))
      ? answer(meta)
      : { visible: false };
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
