/**
 * The word filter's entries (usecases/word-filter.ts): listed, added and removed by the staff; polls and auth ask for
 * them over `admin.word-filter` (nats/word-filter.ts).
 */
import { HttpError, httpError, type ServiceApp } from '@meydan/kit';
import { moderationTexts as M } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { addWordFilterWord, listWordFilter, removeWordFilterWord } from '../usecases/word-filter.js';
import { idParams, message, staffOf } from './shared.js';

export async function wordFilterRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/word-filter',
    {
      schema: {
        summary: 'Kelime filtresi: kelimeler ve kalıplar, her biri reddet (refuse) ya da incelemeye al (hold)',
        response: { 200: { $ref: 'meydan/admin-word-filter-list' } },
      },
    },
    async () => listWordFilter(ctx),
  );

  app.post(
    '/api/admin/word-filter',
    {
      schema: {
        summary:
          'Kelime filtresine ekler (Türkçe harf ve büyük/küçük harf farkı gözetmez; sonda * her eki kapsar); birkaç saniye içinde geçerli olur',
        body: { $ref: 'meydan/admin-word-filter-create' },
        response: { 201: { $ref: 'meydan/admin-word-filter-entry' } },
      },
    },
    async (request, reply) => {
      const entry = await addWordFilterWord(ctx, request.body, staffOf(request));
      if (!entry) throw new HttpError(409, 'conflict', M.wordExists);
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/api/admin/word-filter/:id',
    { schema: { summary: 'Kelime filtresinden çıkarır', params: idParams, response: message } },
    async (request) => {
      if (!(await removeWordFilterWord(ctx, request.params.id, staffOf(request))))
        throw httpError('not_found', M.wordNotFound);
      return { message: M.wordRemoved };
    },
  );
}
