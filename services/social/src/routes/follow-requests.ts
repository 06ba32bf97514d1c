import type { FastifyRequest } from 'fastify';
import { followRequestListResponse, socialMessages } from '@meydan/proto';
import { HttpError, requireMember, type ServiceApp } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import { answerFollowRequest, listFollowRequests } from '../usecases/follow-requests.js';

const signedIn = (request: FastifyRequest) => requireMember(request, socialMessages.requestsLoginRequired);

const params = { $ref: 'meydan/follow-request-params' } as const;
const answer = { 200: { $ref: 'meydan/message#' } } as const;
const noBody = { $ref: 'meydan/no-body' } as const;

/** Follow requests to a member who has them on: their list, accept and decline (usecases/follow-requests.ts). */
export async function followRequestRoutes(app: ServiceApp, { ctx }: { ctx: SocialContext }) {
  app.get(
    '/api/users/me/follow-requests',
    {
      schema: {
        summary: 'Sana gelen bekleyen takip istekleri',
        querystring: { $ref: 'meydan/follow-list-query' },
        response: { 200: followRequestListResponse },
      },
    },
    async (request, reply) => {
      const targetId = signedIn(request);
      const { page = 1, limit = 20 } = request.query;
      const { rows, total } = await listFollowRequests(ctx, { targetId, page, limit }, request);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  /** Only the member asked may answer; anyone else learns nothing about the request (404). */
  async function answerRequest(request: FastifyRequest, requestId: string, answer: 'accept' | 'decline') {
    const asked = { requestId, targetId: signedIn(request), answer };
    if (!(await answerFollowRequest(ctx, asked, request)))
      throw new HttpError(404, 'not_found', socialMessages.requestNotFound);
  }

  app.post(
    '/api/follow-requests/:id/accept',
    { schema: { summary: 'Takip isteğini kabul eder', params, body: noBody, response: answer } },
    async (request) => {
      await answerRequest(request, request.params.id, 'accept');
      return { message: socialMessages.requestAccepted };
    },
  );

  app.post(
    '/api/follow-requests/:id/decline',
    { schema: { summary: 'Takip isteğini reddeder', params, body: noBody, response: answer } },
    async (request) => {
      await answerRequest(request, request.params.id, 'decline');
      return { message: socialMessages.requestDeclined };
    },
  );
}
