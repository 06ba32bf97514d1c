/** Polls in the panel: list, edit history and removal everywhere (usecases/polls.ts). */
import { httpError, type ServiceApp } from '@meydan/kit';
import { adminTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { listPolls, readPollEdits, removePoll } from '../usecases/polls.js';
import { idParams, message, staffOf } from './shared.js';

export async function pollRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/polls',
    {
      schema: {
        summary: 'Anketleri arar (başlık, açıklama), sayfalı',
        querystring: { $ref: 'meydan/admin-list-query' },
        response: { 200: { $ref: 'meydan/admin-poll-page' } },
      },
    },
    async (request) => listPolls(ctx, request.query),
  );

  app.get(
    '/api/admin/polls/:id/edits',
    {
      schema: {
        summary:
          'Anketin düzenleme geçmişi: bugünkü metni ve her düzenlemede eski ve yeni başlık ile açıklama (eskiden yeniye)',
        params: idParams,
        response: { 200: { $ref: 'meydan/admin-poll-edits' } },
      },
    },
    async (request) => {
      const history = await readPollEdits(ctx, request.params.id);
      if (!history) throw httpError('not_found', T.pollNotFound);
      return history;
    },
  );

  app.delete(
    '/api/admin/polls/:id',
    {
      schema: {
        summary: 'Anketi her yerden siler (oylar, beğeniler, yorumlar; şikâyetleri çözülür)',
        params: idParams,
        response: message,
      },
    },
    async (request) => {
      if (!(await removePoll(ctx, request.params.id, staffOf(request)))) throw httpError('not_found', T.pollNotFound);
      return { message: T.pollDeleted };
    },
  );
}
