import type { FastifyInstance, FastifyRequest } from 'fastify';
import { socialMessages, userListResponse, type FollowListQuery, type SocialUserParams } from '@meydan/proto';
import { requireMember } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import { type FollowDirection } from '../domain/follow-graph.js';
import { assertListsVisible, followList, relationOf, toggleFollow } from '../store/follows.js';

const params = { $ref: 'meydan/social-user-params' };

const memberId = (request: FastifyRequest) => requireMember(request, socialMessages.loginRequired);

/** Follow, follow state and the followers/following lists (`/api/users/{id}/...`). */
export async function followRoutes(app: FastifyInstance, { ctx }: { ctx: SocialContext }) {
  app.post<{ Params: SocialUserParams }>(
    '/api/users/:id/follow',
    { schema: { summary: 'Takip eder ya da takibi bırakır', params, body: { $ref: 'meydan/no-body' }, response: { 200: { $ref: 'meydan/follow-state#' } } } },
    async (request) => toggleFollow(ctx, memberId(request), request.params.id, request),
  );

  app.get<{ Params: SocialUserParams }>(
    '/api/users/:id/is-following',
    { schema: { summary: 'Bu üyeyi takip ediyor musun', params, response: { 200: { $ref: 'meydan/follow-state#' } } } },
    async (request) => {
      const viewerId = request.identity?.userId;
      if (!viewerId || viewerId === request.params.id) return { following: false };
      const relation = await relationOf(ctx, viewerId, request.params.id);
      return relation === 'requested' ? { following: false, requested: true } : { following: relation === 'following' };
    },
  );

  for (const direction of ['followers', 'following'] as const satisfies readonly FollowDirection[]) {
    app.get<{ Params: SocialUserParams; Querystring: FollowListQuery }>(
      `/api/users/:id/${direction}`,
      {
        schema: {
          summary: 'Takipçiler ya da takip edilenler (page, limit; toplam x-total-count başlığında)',
          params,
          querystring: { $ref: 'meydan/follow-list-query' },
          response: { 200: userListResponse },
        },
      },
      async (request, reply) => {
        const { page = 1, limit = 20 } = request.query;
        await assertListsVisible(ctx, request.params.id, request.identity?.userId ?? null, request);
        const { rows, total } = await followList(
          ctx,
          direction,
          request.params.id,
          request.identity?.userId ?? null,
          page,
          limit,
          request,
        );
        reply.header('x-total-count', String(total));
        return rows;
      },
    );
  }
}
