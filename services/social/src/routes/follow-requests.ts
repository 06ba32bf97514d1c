import type { FastifyInstance, FastifyRequest } from 'fastify';
import { followRequestListResponse, socialMessages, type FollowListQuery, type FollowRequestItem, type FollowRequestParams } from '@meydan/proto';
import { HttpError, requireMember } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import { dropRequest, pendingRequestsPage, requestTo } from '../store/follow-requests.js';
import { createEdge } from '../store/follows.js';

const signedIn = (request: FastifyRequest) => requireMember(request, socialMessages.requestsLoginRequired);

const params = { $ref: 'meydan/follow-request-params' };
const answer = { 200: { $ref: 'meydan/message#' } };
const noBody = { $ref: 'meydan/no-body' };

/**
 * Follow requests to a member who has them on: their list (the followers tab of their own profile), accept (the
 * follow becomes an edge and is announced like any follow) and decline (the request is dropped, nobody is told).
 */
export async function followRequestRoutes(app: FastifyInstance, { ctx }: { ctx: SocialContext }) {
  app.get<{ Querystring: FollowListQuery }>(
    '/api/users/me/follow-requests',
    { schema: { summary: 'Sana gelen bekleyen takip istekleri', querystring: { $ref: 'meydan/follow-list-query' }, response: { 200: followRequestListResponse } } },
    async (request, reply) => {
      const targetId = signedIn(request);
      const { page = 1, limit = 20 } = request.query;
      const { pending, total } = await pendingRequestsPage(ctx, targetId, page, limit);
      const { known, missing } = await ctx.users.summaries(pending.map((p) => p.requesterId), request);
      const rows: FollowRequestItem[] = [];
      for (const p of pending) {
        if (missing.has(p.requesterId)) continue;
        const user = known.get(p.requesterId) ?? { id: p.requesterId, username: '', displayName: socialMessages.unknownUser, avatarUrl: null };
        rows.push({ id: p._id.toString(), user, createdAt: new Date(p.createdAt).toISOString() });
      }
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  /** Only the member asked may answer; anyone else learns nothing about the request (404). */
  async function ownRequest(request: FastifyRequest<{ Params: FollowRequestParams }>) {
    const targetId = signedIn(request);
    const pending = await requestTo(ctx, request.params.id, targetId);
    if (!pending) throw new HttpError(404, 'not_found', socialMessages.requestNotFound);
    return pending;
  }

  app.post<{ Params: FollowRequestParams }>(
    '/api/follow-requests/:id/accept',
    { schema: { summary: 'Takip isteğini kabul eder', params, body: noBody, response: answer } },
    async (request) => {
      const pending = await ownRequest(request);
      await createEdge(ctx, pending.requesterId, pending.targetId, request);
      await dropRequest(ctx, pending._id);
      return { message: socialMessages.requestAccepted };
    },
  );

  app.post<{ Params: FollowRequestParams }>(
    '/api/follow-requests/:id/decline',
    { schema: { summary: 'Takip isteğini reddeder', params, body: noBody, response: answer } },
    async (request) => {
      const pending = await ownRequest(request);
      await dropRequest(ctx, pending._id);
      return { message: socialMessages.requestDeclined };
    },
  );
}
