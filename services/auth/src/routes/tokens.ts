import type { FastifyRequest } from 'fastify';
import { HttpError, type ServiceApp } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import type { Member } from '../usecases/caller.js';
import { createToken, listTokens, revokeToken } from '../usecases/api-tokens.js';
import { memberOf } from './guards.js';

/** Personal API tokens: created (shown once), listed, revoked — only from a signed-in session. */
export async function tokenRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  function sessionOwner(request: FastifyRequest): Member {
    const member = memberOf(request);
    if (request.identity?.authMethod !== 'session') throw new HttpError(403, 'forbidden', T.sessionRequired);
    return member;
  }

  app.post(
    '/api/tokens',
    {
      schema: {
        summary: 'Kişisel API anahtarı oluşturur (yalnızca oturumla; anahtar bir kez gösterilir)',
        body: { $ref: 'meydan/api-token-create' },
        response: { 201: { $ref: 'meydan/api-token-created' } },
      },
    },
    async (request, reply) => {
      const created = await createToken(ctx, request.body, sessionOwner(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/tokens',
    { schema: { summary: 'Etkin API anahtarları', response: { 200: { $ref: 'meydan/api-token-list' } } } },
    async (request) => listTokens(ctx, sessionOwner(request)),
  );

  app.delete(
    '/api/tokens/:id',
    {
      schema: {
        summary: 'Bir API anahtarını iptal eder',
        params: { $ref: 'meydan/api-token-id-params' },
        response: { 200: { $ref: 'meydan/message' } },
      },
    },
    async (request) => {
      await revokeToken(ctx, request.params, sessionOwner(request));
      return { message: T.tokenRevoked };
    },
  );
}
