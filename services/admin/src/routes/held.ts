/**
 * Texts the word filter held for review (a `hold` entry matched): the moderation queue lists them (routes/moderation.ts);
 * a moderator approves one (shown to everyone) or removes it here (usecases/held.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '@meydan/kit';
import { heldTexts as H, type HeldParams } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { decideHeld } from '../usecases/held.js';
import { message, noBody, staffOf } from './shared.js';

const params = { $ref: 'meydan/admin-held-params' } as const;

export async function heldRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }): Promise<void> {
  const decide = (decision: 'approve' | 'remove') => async (request: FastifyRequest<{ Params: HeldParams }>) => {
    if (!(await decideHeld(ctx, request.params, decision, staffOf(request)))) throw httpError('not_found', H.notFound);
    return { message: decision === 'approve' ? H.approved : H.removed };
  };

  app.post<{ Params: HeldParams }>(
    '/api/admin/held/:kind/:id/approve',
    {
      schema: {
        summary:
          'Kelime filtresinin incelemeye aldığı anketi, yorumu ya da profil metnini onaylar: herkes görür (moderatör yeter)',
        params,
        body: noBody,
        response: message,
      },
    },
    decide('approve'),
  );

  app.post<{ Params: HeldParams }>(
    '/api/admin/held/:kind/:id/remove',
    {
      schema: {
        summary: 'İncelemede bekleyen anketi ya da yorumu kaldırır, profil metnini geri çevirir (eskisi kalır)',
        params,
        body: noBody,
        response: message,
      },
    },
    decide('remove'),
  );
}
