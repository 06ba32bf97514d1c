/**
 * Search and hashtags: `GET /api/search` over polls (title, description, options; here) and members (auth, over NATS),
 * `GET /api/tags/trending` (the last 24 hours' public polls) and `GET /api/tags/{tag}/polls`. Turkish-aware and on an
 * index: a query's folded words must each start a word of the poll (its stored `searchTerms`, kit's turkish-search.ts),
 * a tag is one of its stored `hashtags`; never a poll the reader may not see.
 */
import {
  searchMessages,
  searchQueryProblem,
  type SearchQuery,
  type SearchResult,
  type TrendingTags,
} from '@meydan/proto';
import { foldTurkish, hashtagSpellings, queryTermsOf, termsFilter, type Identity } from '@meydan/kit';
import { searchMembers } from '../clients/auth.js';
import type { PollsContext } from '../context.js';
import { pollsMatching, recentHashtagged } from '../store/poll-records.js';
import { audienceFilter } from '../domain/visibility.js';
import type { PollDoc } from '../model/index.js';
import type { Caller } from './caller.js';
import { presentPolls } from './present.js';
import { ValidationError } from './visibility.js';

/** At most this many matching polls are ranked; a search pages through the best of them. */
const MATCH_POOL = 200;
const TRENDING_WINDOW_MS = 24 * 3600_000;
const TRENDING_POOL = 1000;
const TRENDING_TAGS = 10;

/**
 * The polls the reader may find by search: never share-link polls, only the types their audience allows, none of a
 * member hidden from them. `match` (the terms or the tag) stays at the top, where a server can take it to an index.
 */
async function searchable(
  ctx: PollsContext,
  viewer: Identity,
  request: Caller,
  match: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const [mutuals, banned, hidden] = await Promise.all([
    ctx.people.mutualsOrNone(viewer.userId, request),
    ctx.banned.all(),
    ctx.people.hiddenCreators(viewer.userId, request),
  ]);
  const filter: Record<string, unknown> = {
    ...match,
    isShareable: false,
    heldAt: null,
    $and: [audienceFilter(viewer, mutuals)],
  };
  // Banned creators for everyone; for a member also those they blocked or muted and those who blocked them.
  const out = [...banned, ...hidden];
  if (out.length) filter['creatorId'] = { $nin: out };
  return filter;
}

/** Title matches before description or option matches, a title that starts with the query first; newest among equals. */
function rankPolls(polls: PollDoc[], query: string): PollDoc[] {
  const folded = foldTurkish(query.trim());
  const score = (poll: PollDoc) => {
    const title = foldTurkish(poll.title);
    let points = 0;
    if (title.startsWith(folded)) points += 4;
    if (title.includes(folded)) points += 3;
    if (poll.options.some((o) => foldTurkish(o).includes(folded))) points += 2;
    if (poll.description && foldTurkish(poll.description).includes(folded)) points += 1;
    return points;
  };
  return polls
    .map((poll) => ({ poll, points: score(poll) }))
    .sort((a, b) => b.points - a.points || new Date(b.poll.createdAt).getTime() - new Date(a.poll.createdAt).getTime())
    .map(({ poll }) => poll);
}

function checkQuery(q: string): string {
  const problem = searchQueryProblem(q);
  if (problem) throw new ValidationError('q', problem);
  return q.trim();
}

/** Polls (title, description, options) or members (auth) matching the query, a page of them. */
export async function search(
  ctx: PollsContext,
  query: SearchQuery,
  viewer: Identity,
  request: Caller,
): Promise<SearchResult> {
  const q = checkQuery(query.q);
  const type = query.type ?? 'polls';
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const offset = (page - 1) * limit;
  if (type === 'users') {
    const [found, hidden] = await Promise.all([
      searchMembers(ctx, { q, offset, limit }, request.id),
      ctx.people.hidden(viewer.userId, request),
    ]);
    // A member who blocked the searcher is not found by them, as if there were no such member.
    const users = found.users.filter((u) => !hidden.blockedBy.includes(u.id));
    const totalCount = found.totalCount - (found.users.length - users.length);
    return { type, query: q, page, totalCount, hasMore: offset + limit < found.totalCount, polls: [], users };
  }
  const match = termsFilter('searchTerms', queryTermsOf(q));
  const docs = await pollsMatching(ctx, await searchable(ctx, viewer, request, match), MATCH_POOL);
  const ranked = rankPolls(docs, q);
  const polls = await presentPolls(ctx, ranked.slice(offset, offset + limit), viewer, request);
  return { type, query: q, page, totalCount: ranked.length, hasMore: offset + limit < ranked.length, polls, users: [] };
}

/** The tags most used in the last 24 hours' public polls (#Kahvaltı and #kahvalti are one tag, shown as first spelled). */
export async function trendingTags(ctx: PollsContext): Promise<TrendingTags> {
  const since = new Date(Date.now() - TRENDING_WINDOW_MS);
  const docs = await recentHashtagged(ctx, since, TRENDING_POOL);
  const counts = new Map<string, { tag: string; count: number }>();
  for (const doc of docs) {
    const tags = new Map([...hashtagSpellings(doc.description), ...hashtagSpellings(doc.title)]);
    for (const [key, spelled] of tags) {
      const seen = counts.get(key) ?? { tag: spelled, count: 0 };
      seen.count += 1;
      counts.set(key, seen);
    }
  }
  const tags = [...counts.values()]
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'tr'))
    .slice(0, TRENDING_TAGS);
  return { tags };
}

/** A tag's (#etiket) polls the viewer may find, newest first, a page of them. */
export async function tagPolls(
  ctx: PollsContext,
  tagText: string,
  query: { page?: number; limit?: number },
  viewer: Identity,
  request: Caller,
): Promise<SearchResult> {
  const tag = tagText.replace(/^#/, '');
  if (!/^[\p{L}\p{N}_]{2,50}$/u.test(tag)) throw new ValidationError('tag', searchMessages.tagInvalid);
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const offset = (page - 1) * limit;
  const wanted = foldTurkish(tag);
  const tagged = await pollsMatching(ctx, await searchable(ctx, viewer, request, { hashtags: wanted }), MATCH_POOL);
  const polls = await presentPolls(ctx, tagged.slice(offset, offset + limit), viewer, request);
  return {
    type: 'polls' as const,
    query: `#${wanted}`,
    page,
    totalCount: tagged.length,
    hasMore: offset + limit < tagged.length,
    polls,
    users: [],
  };
}
