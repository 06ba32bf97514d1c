/**
 * Texts the word filter held for review (a `hold` entry matched): the moderation queue lists them (routes/moderation.ts);
 * a moderator approves one (shown to everyone) or removes it here (usecases/held.ts).
 */
import type { FastifyRequest } from 'fastify';
import { httpError, type ServiceApp } from '@meydan/kit';
import { heldTexts as H, type HeldParams } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { decideHeld } from '../usecases/held.js';
import { message, noBody, staffOf } from './shared.js';

const params = { $ref: 'meydan/admin-held-params' } as const;

export async function heldRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  const decide = async (request: FastifyRequest, held: HeldParams, decision: 'approve' | 'remove') => {
    if (!(await decideHeld(ctx, held, decision, staffOf(request)))) throw httpError('not_found', H.notFound);
    return { message: decision === 'approve' ? H.approved : H.removed };
  };

  app.post(
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
    (request) => decide(request, request.params, 'approve'),
  );

  app.post(
    '/api/admin/held/:kind/:id/remove',
    {
      schema: {
        summary: 'İncelemede bekleyen anketi ya da yorumu kaldırır, profil metnini geri çevirir (eskisi kalır)',
        params,
        body: noBody,
        response: message,
      },
    },
    (request) => decide(request, request.params, 'remove'),
  );
}
