/**
 * Search and hashtags: `GET /api/search` over polls (title, description, options; here) and members (auth, over NATS),
 * `GET /api/tags/trending` (the last 24 hours' public polls) and `GET /api/tags/{tag}/polls`. Turkish-aware, from the
 * polls' stored search terms and hashtags (usecases/search.ts); never a poll the reader may not see.
 */
import type { ServiceApp } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { search, tagPolls, trendingTags } from '../usecases/search.js';
import { SAME_FOR_EVERY_VISITOR, identityOf } from './common.js';

export async function searchRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.get(
    '/api/search',
    {
      schema: {
        summary:
          'Arama: anketler (başlık, açıklama, seçenekler) ya da üyeler (kullanıcı adı, görünen ad); Türkçe harflere duyarsız, sayfalı',
        querystring: { $ref: 'meydan/search-query' },
        response: { 200: { $ref: 'meydan/search-result' } },
      },
    },
    async (request) => search(ctx, request.query, identityOf(request), request),
  );

  app.get(
    '/api/tags/trending',
    {
      schema: {
        summary: 'Gündem: son 24 saatin herkese açık anketlerinde en çok geçen etiketler',
        response: { 200: { $ref: 'meydan/trending-tags' } },
      },
    },
    async (_request, reply) => {
      const answer = await trendingTags(ctx);
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return answer;
    },
  );

  app.get(
    '/api/tags/:tag/polls',
    {
      schema: {
        summary: 'Bir etiketin (#etiket) anketleri, yeniden eskiye, sayfalı',
        params: { $ref: 'meydan/tag-params' },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
        response: { 200: { $ref: 'meydan/search-result' } },
      },
    },
    async (request) => tagPolls(ctx, request.params.tag, request.query, identityOf(request), request),
  );
}
