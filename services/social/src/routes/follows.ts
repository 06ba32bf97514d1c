import type { FastifyRequest } from 'fastify';
import { socialMessages, userListResponse } from '@meydan/proto';
import { HttpError, requireMember, type ServiceApp } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import type { FollowDirection } from '../domain/follow-graph.js';
import { followingState, readFollowList, toggleFollow, type FollowRefusal } from '../usecases/follows.js';

const params = { $ref: 'meydan/social-user-params' } as const;

const memberId = (request: FastifyRequest) => requireMember(request, socialMessages.loginRequired);

const refusals: Record<FollowRefusal, () => HttpError> = {
  self: () => new HttpError(400, 'validation', socialMessages.selfFollow),
  blocked_by_follower: () => new HttpError(400, 'validation', socialMessages.followBlocked),
  blocked_by_followee: () => new HttpError(404, 'not_found', socialMessages.userNotFound),
};

/** Follow, follow state and the followers/following lists (`/api/users/{id}/...`). */
export async function followRoutes(app: ServiceApp, { ctx }: { ctx: SocialContext }) {
  app.post(
    '/api/users/:id/follow',
    {
      schema: {
        summary: 'Takip eder ya da takibi bırakır',
        params,
        body: { $ref: 'meydan/no-body' },
        response: { 200: { $ref: 'meydan/follow-state#' } },
      },
    },
    async (request) => {
      const state = await toggleFollow(ctx, memberId(request), request.params.id, request);
      if (typeof state === 'string') throw refusals[state]();
      return state;
    },
  );

  app.get(
    '/api/users/:id/is-following',
    { schema: { summary: 'Bu üyeyi takip ediyor musun', params, response: { 200: { $ref: 'meydan/follow-state#' } } } },
    async (request) => followingState(ctx, request.identity?.userId ?? null, request.params.id),
  );

  for (const direction of ['followers', 'following'] as const satisfies readonly FollowDirection[]) {
    app.get(
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
        const list = await readFollowList(
          ctx,
          direction,
          { userId: request.params.id, page, limit },
          request.identity?.userId ?? null,
          request,
        );
        if (list === 'private') throw new HttpError(403, 'forbidden', socialMessages.privateProfile);
        reply.header('x-total-count', String(list.total));
        return list.rows;
      },
    );
  }
}
