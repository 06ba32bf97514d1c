/** The feeds (trending, new, friends, for-you, by category) and one poll by id, as a viewer may read them. */
import { limits, pollServiceMessages as S, type Poll, type PollList, type PollListQuery } from '@meydan/proto';
import { HttpError, type Identity } from '@meydan/kit';
import { topicAffinities } from '../clients/auth.js';
import type { PollsContext } from '../context.js';
import { decodeCursor, type Cursor } from '../domain/cursor.js';
import { rankForYou } from '../domain/for-you.js';
import { anyVisitor, feedFilter } from '../domain/visibility.js';
import { feedPage, newestPolls } from '../timelines/feed.js';
import type { Caller } from './caller.js';
import { presentPoll, presentPolls } from './present.js';
import { ValidationError, visiblePoll } from './visibility.js';

/** How many of the newest visible polls the for-you feed ranks. */
const FOR_YOU_POOL = 200;

/** An answer, and whether it is the same for every visitor (the route lets shared caches keep it a second). */
export interface Shown<T> {
  answer: T;
  sameForEveryVisitor: boolean;
}

/** The cursor of `?cursor=`, or null without one; 400 for one this service never handed out. */
function cursorOf(text: string | undefined): Cursor | null {
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (!cursor) throw new ValidationError('cursor', S.cursorInvalid);
  return cursor;
}

/**
 * The member's recommended polls: the newest visible ones, ranked by the topic affinities of their personality
 * analysis (auth). One page, no cursor; without an analysis (or when auth does not answer) the newest first.
 */
async function forYou(ctx: PollsContext, query: PollListQuery, viewer: Identity, source: Caller): Promise<PollList> {
  if (!viewer.userId) throw new HttpError(401, 'unauthorized', S.signInForYou);
  const now = new Date();
  const [mutuals, affinities] = await Promise.all([
    ctx.people.mutualsOrNone(viewer.userId, source),
    topicAffinities(ctx, viewer.userId, source.id, source.log),
  ]);
  const [banned, hidden] = await Promise.all([ctx.banned.all(), ctx.people.hiddenCreators(viewer.userId, source)]);
  const filter = feedFilter(viewer, mutuals, {
    feed: 'new',
    category: query.category,
    now,
    hiddenCreators: [...banned, ...hidden],
  });
  const pool = await newestPolls(ctx, filter, FOR_YOU_POOL);
  const limit = query.limit ?? limits.feed.pageSizeDefault;
  const page = rankForYou(pool, affinities, now).slice(0, limit);
  return { polls: await presentPolls(ctx, page, viewer, source), totalCount: pool.length, nextCursor: null };
}

/**
 * A page of a feed from the timelines in Redis (or MongoDB when they cannot be read): a member's own, a visitor's
 * the public polls', kept a moment for every visitor.
 */
export async function readFeed(
  ctx: PollsContext,
  query: PollListQuery,
  viewer: Identity,
  source: Caller,
): Promise<Shown<PollList>> {
  const feed = query.feed ?? 'trending';
  if (feed === 'for-you') return { answer: await forYou(ctx, query, viewer, source), sameForEveryVisitor: false };
  if (feed === 'friends' && !viewer.userId) throw new HttpError(401, 'unauthorized', S.signInForFriends);
  const mutuals =
    feed === 'friends'
      ? await ctx.people.mutuals(viewer.userId!, source)
      : await ctx.people.mutualsOrNone(viewer.userId, source);
  const now = new Date();
  // Banned creators are hidden from everyone; a member also does not see those they blocked or muted, nor those
  // who blocked them.
  const [banned, hiddenForViewer] = await Promise.all([
    ctx.banned.all(),
    ctx.people.hiddenCreators(viewer.userId, source),
  ]);
  const hiddenCreators = [...banned, ...hiddenForViewer];
  const filter = feedFilter(viewer, mutuals, { feed, category: query.category, now, hiddenCreators });
  const limit = query.limit ?? limits.feed.pageSizeDefault;
  const at = { page: query.page, cursor: query.page === undefined ? cursorOf(query.cursor) : null };
  const findPage = async () => feedPage(ctx, filter, feed === 'trending', limit, at);
  // The reader's shard of the timelines, or MongoDB when it cannot be read (its master gone) or the config says so.
  // MongoDB too for a member who blocked or muted someone, or whom someone blocked: the shared timelines count and
  // page every member's polls alike and cannot leave out that member's own hidden creators (their pages came short,
  // their total too high). A banned creator's polls leave the timelines themselves.
  const fromTimelines = async (reader: string | null, circle: string[]) => {
    if (ctx.config.POLLS_MEMBER_FEEDS === 'database' || hiddenForViewer.length > 0) return null;
    const found = await ctx.timelines.page({
      feed,
      category: query.category,
      reader,
      audience: viewer.userId ? 'members' : 'visitors',
      circle,
      hiddenCreators,
      limit,
      at,
      now,
    });
    if (!found) return null;
    const { ids, ...rest } = found;
    const hidden = new Set(hiddenCreators);
    return { ...rest, polls: (await ctx.polls.docs(ids)).filter((d) => !hidden.has(d.creatorId)) };
  };
  if (viewer.userId) {
    const page = (await fromTimelines(viewer.userId, [viewer.userId, ...mutuals])) ?? (await findPage());
    return {
      answer: { ...page, polls: await presentPolls(ctx, page.polls, viewer, source) },
      sameForEveryVisitor: false,
    };
  }
  // Every visitor finds the same pages (the timelines' public polls): kept here for a moment (counts stay fresh), and
  // the whole answer is the same for every visitor, so the gateway may share it too. Visitors' reads are spread over
  // the shards by their id.
  const found = await ctx.feedPages.get(
    JSON.stringify([
      feed,
      query.category ?? null,
      limit,
      query.page ?? null,
      query.cursor ?? null,
      hiddenCreators.sort(),
    ]),
    async () => (await fromTimelines(viewer.visitorId ?? null, [])) ?? (await findPage()),
  );
  return {
    answer: { ...found, polls: await presentPolls(ctx, found.polls, anyVisitor, source) },
    sameForEveryVisitor: true,
  };
}

/** One poll by id, as the viewer may see it (a visitor's view is every visitor's). */
export async function readPoll(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<Shown<Poll>> {
  const doc = await visiblePoll(ctx, pollId, viewer, source);
  if (viewer.userId) return { answer: await presentPoll(ctx, doc, viewer, source), sameForEveryVisitor: false };
  return { answer: await presentPoll(ctx, doc, anyVisitor, source), sameForEveryVisitor: true };
}
