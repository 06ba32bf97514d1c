/** A member's polls and votes for the profile page. */
import { OWN_USER_KEY, pollServiceMessages as S } from '@meydan/proto';
import { requireMember, type ServiceApp } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { memberPolls, memberVotes } from '../usecases/member-lists.js';
import { SAME_FOR_EVERY_VISITOR, identityOf } from './common.js';

export async function userRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.get(
    '/api/users/:id/polls',
    {
      schema: {
        summary: 'Bir üyenin anketleri (me: giriş yapan üye)',
        params: { $ref: 'meydan/user-id-params' },
        response: { 200: { $ref: 'meydan/user-poll-list' } },
      },
    },
    async (request, reply) => {
      const ownerId =
        request.params.id === OWN_USER_KEY ? requireMember(request, S.signInForOwnPolls) : request.params.id;
      const { answer, sameForEveryVisitor } = await memberPolls(ctx, ownerId, identityOf(request), request);
      if (sameForEveryVisitor) reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return answer;
    },
  );

  app.get(
    '/api/users/:id/votes',
    {
      schema: {
        summary: 'Kendi oyların',
        params: { $ref: 'meydan/user-id-params' },
        response: { 200: { $ref: 'meydan/user-vote-list' } },
      },
    },
    async (request) => memberVotes(ctx, request.params.id, identityOf(request)),
  );
}
