/**
 * Search and hashtags: `GET /api/search` over polls (title, description, options; here) and members (auth, over NATS),
 * `GET /api/tags/trending` (the last 24 hours' public polls) and `GET /api/tags/{tag}/polls`. Turkish-aware through the
 * kit's turkishPattern, the same regular expression on MongoDB and FerretDB; never a poll the reader may not see.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchMessages, searchQueryProblem, subjects, type SearchQuery, type TagParams } from '@meydan/proto';
import { foldTurkish, hashtagSpellings, hashtagsOf, turkishPattern } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { pollsMatching, recentHashtagged } from '../store/poll-records.js';
import { audienceFilter } from '../domain/visibility.js';
import type { PollDoc } from '../model/index.js';
import { presentPolls } from '../store/present.js';
import { SAME_FOR_EVERY_VISITOR, ValidationError, identityOf } from './common.js';

/** At most this many matching polls are ranked; a search pages through the best of them. */
const MATCH_POOL = 200;
const TRENDING_WINDOW_MS = 24 * 3600_000;
const TRENDING_POOL = 1000;
const TRENDING_TAGS = 10;

/**
 * The polls the reader may find by search: never share-link polls, only the types their audience allows, none of a
 * member hidden from them.
 */
async function searchable(ctx: PollsContext, request: FastifyRequest, match: Record<string, unknown>): Promise<Record<string, unknown>> {
  const viewer = identityOf(request);
  const [mutuals, banned, hidden] = await Promise.all([
    ctx.people.mutualsOrNone(viewer.userId, request),
    ctx.banned.all(),
    ctx.people.hiddenCreators(viewer.userId, request),
  ]);
  const filter: Record<string, unknown> = { isShareable: false, heldAt: null, $and: [audienceFilter(viewer, mutuals), match] };
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

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.get<{ Querystring: SearchQuery }>(
    '/api/search',
    {
      schema: {
        summary: 'Arama: anketler (başlık, açıklama, seçenekler) ya da üyeler (kullanıcı adı, görünen ad); Türkçe harflere duyarsız, sayfalı',
        querystring: { $ref: 'meydan/search-query' },
        response: { 200: { $ref: 'meydan/search-result' } },
      },
    },
    async (request) => {
      const q = checkQuery(request.query.q);
      const type = request.query.type ?? 'polls';
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const offset = (page - 1) * limit;
      if (type === 'users') {
        const [found, hidden] = await Promise.all([
          ctx.bus.request(subjects.auth.usersSearch, { q, offset, limit }, { requestId: request.id }),
          ctx.people.hidden(identityOf(request).userId, request),
        ]);
        // A member who blocked the searcher is not found by them, as if there were no such member.
        const users = found.users.filter((u) => !hidden.blockedBy.includes(u.id));
        const totalCount = found.totalCount - (found.users.length - users.length);
        return { type, query: q, page, totalCount, hasMore: offset + limit < found.totalCount, polls: [], users };
      }
      const pattern = turkishPattern(q);
      const match = { $or: [{ title: { $regex: pattern } }, { description: { $regex: pattern } }, { options: { $regex: pattern } }] };
      const docs = await pollsMatching(ctx, await searchable(ctx, request, match), MATCH_POOL);
      const ranked = rankPolls(docs, q);
      const polls = await presentPolls(ctx, ranked.slice(offset, offset + limit), identityOf(request), request);
      return { type, query: q, page, totalCount: ranked.length, hasMore: offset + limit < ranked.length, polls, users: [] };
    },
  );

  app.get(
    '/api/tags/trending',
    { schema: { summary: 'Gündem: son 24 saatin herkese açık anketlerinde en çok geçen etiketler', response: { 200: { $ref: 'meydan/trending-tags' } } } },
    async (_request, reply) => {
      const since = new Date(Date.now() - TRENDING_WINDOW_MS);
      const docs = await recentHashtagged(ctx, since, TRENDING_POOL);
      // Counted by folded form (#Kahvaltı and #kahvalti are one tag), shown as first spelled.
      const counts = new Map<string, { tag: string; count: number }>();
      for (const doc of docs) {
        const tags = new Map([...hashtagSpellings(doc.description), ...hashtagSpellings(doc.title)]);
        for (const [key, spelled] of tags) {
          const seen = counts.get(key) ?? { tag: spelled, count: 0 };
          seen.count += 1;
          counts.set(key, seen);
        }
      }
      const tags = [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'tr')).slice(0, TRENDING_TAGS);
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return { tags };
    },
  );

  app.get<{ Params: TagParams; Querystring: Omit<SearchQuery, 'q' | 'type'> }>(
    '/api/tags/:tag/polls',
    {
      schema: {
        summary: 'Bir etiketin (#etiket) anketleri, yeniden eskiye, sayfalı',
        params: { $ref: 'meydan/tag-params' },
        querystring: { type: 'object', additionalProperties: false, properties: { page: { type: 'integer', minimum: 1, maximum: 100, default: 1 }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } } },
        response: { 200: { $ref: 'meydan/search-result' } },
      },
    },
    async (request) => {
      const tag = request.params.tag.replace(/^#/, '');
      if (!/^[\p{L}\p{N}_]{2,50}$/u.test(tag)) throw new ValidationError('tag', searchMessages.tagInvalid);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const offset = (page - 1) * limit;
      // The tag whole: followed by the end or by anything that cannot continue a tag.
      const pattern = `#${turkishPattern(tag)}([^\\p{L}\\p{N}_]|$)`;
      const match = { $or: [{ title: { $regex: pattern } }, { description: { $regex: pattern } }] };
      const filter = await searchable(ctx, request, match);
      const docs = await pollsMatching(ctx, filter, MATCH_POOL);
      const wanted = foldTurkish(tag);
      const tagged = docs.filter((d) => hashtagsOf(d.title).includes(wanted) || hashtagsOf(d.description).includes(wanted));
      const polls = await presentPolls(ctx, tagged.slice(offset, offset + limit), identityOf(request), request);
      return { type: 'polls' as const, query: `#${wanted}`, page, totalCount: tagged.length, hasMore: offset + limit < tagged.length, polls, users: [] };
    },
  );
}


