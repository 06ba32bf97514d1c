import type { FastifyInstance, FastifyRequest } from 'fastify';
import { events, type ApiTokenCreateBody, type ApiTokenIdParams } from '@meydan/proto';
import { HttpError, httpError, isObjectId, requireMember } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { randomToken, sha256 } from '../domain/secrets.js';
import { authTexts as T } from '../domain/texts.js';
import { activeTokenCount, activeTokens, createApiToken, revokeApiToken } from '../store/api-tokens.js';

const MAX_ACTIVE_TOKENS = 10;

/** Personal API tokens: created (shown once), listed, revoked — only from a signed-in session. */
export async function tokenRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  function sessionOwner(request: FastifyRequest): string {
    const userId = requireMember(request, T.loginRequired);
    if (request.identity?.authMethod !== 'session') throw new HttpError(403, 'forbidden', T.sessionRequired);
    return userId;
  }

  const view = (t: { _id: { toString(): string }; name: string; prefix: string; tier: string; createdAt: Date; lastUsedAt: Date | null }) => ({
    id: t._id.toString(),
    name: t.name,
    prefix: t.prefix,
    tier: t.tier,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  });

  app.post<{ Body: ApiTokenCreateBody }>(
    '/api/tokens',
    {
      schema: {
        summary: 'Kişisel API anahtarı oluşturur (yalnızca oturumla; anahtar bir kez gösterilir)',
        body: { $ref: 'meydan/api-token-create' },
        response: { 201: { $ref: 'meydan/api-token-created' } },
      },
    },
    async (request, reply) => {
      const userId = sessionOwner(request);
      if ((await activeTokenCount(ctx, userId)) >= MAX_ACTIVE_TOKENS) {
        throw new HttpError(409, 'token_limit', T.tokenLimit);
      }
      const token = `mdn_${randomToken(30)}`;
      const record = await createApiToken(ctx, { userId, name: request.body.name.trim(), tokenHash: sha256(token), prefix: token.slice(0, 10) });
      return reply.code(201).send({ ...view(record), token });
    },
  );

  app.get(
    '/api/tokens',
    { schema: { summary: 'Etkin API anahtarları', response: { 200: { $ref: 'meydan/api-token-list' } } } },
    async (request) => {
      const userId = sessionOwner(request);
      const tokens = await activeTokens(ctx, userId);
      return { tokens: tokens.map(view) };
    },
  );

  app.delete<{ Params: ApiTokenIdParams }>(
    '/api/tokens/:id',
    {
      schema: {
        summary: 'Bir API anahtarını iptal eder',
        params: { $ref: 'meydan/api-token-id-params' },
        response: { 200: { $ref: 'meydan/message' } },
      },
    },
    async (request) => {
    const userId = sessionOwner(request);
    const id = request.params.id;
    const revoked = isObjectId(id) ? await revokeApiToken(ctx, userId, id) : null;
    if (!revoked) throw httpError('not_found', T.tokenNotFound);
    // The gateway caches resolved tokens briefly: tell it to forget this user's (without signing out their devices).
    await ctx.bus.publish(events.auth.sessionEnded, { userId, at: new Date().toISOString() }, { requestId: request.id });
    return { message: T.tokenRevoked };
    },
  );
}
