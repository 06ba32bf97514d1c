/**
 * The creator's download of a poll's results: a CSV for Turkish Excel (the kit's helpers: `;`, decimal commas, BOM,
 * formula cells) and an `.xlsx` from the same columns, under the same rule of who may download.
 */
import {
  csvContentType,
  csvResponse,
  csvText,
  xlsxBuffer,
  xlsxContentType,
  xlsxResponse,
  type ServiceApp,
} from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { pollResults } from '../usecases/results.js';
import { identityOf, membersOnly } from './common.js';

const summary =
  'Anketin sonuçları (yalnızca anketin sahibi; sonuçları anket bitince açılan bir anketinki bitince, öncesinde 409): seçenek, oy, yüzde, oy veren sayısı ve bitiş zamanı';

export async function exportRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.get(
    '/api/polls/:id/results.csv',
    {
      onRequest: membersOnly(),
      schema: {
        summary: `${summary}. CSV, Türkçe Excel için`,
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const { id, rows, columns } = await pollResults(ctx, request.params.id, identityOf(request), request);
      return reply
        .type(csvContentType)
        .header('content-disposition', `attachment; filename="meydan-anket-${id}-sonuclar.csv"`)
        .header('cache-control', 'no-store')
        .send(await csvText(rows, columns));
    },
  );

  app.get(
    '/api/polls/:id/results.xlsx',
    {
      onRequest: membersOnly(),
      schema: {
        summary: `${summary}. Excel dosyası (.xlsx)`,
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: xlsxResponse },
      },
    },
    async (request, reply) => {
      const { id, rows, columns } = await pollResults(ctx, request.params.id, identityOf(request), request);
      return reply
        .type(xlsxContentType)
        .header('content-disposition', `attachment; filename="meydan-anket-${id}-sonuclar.xlsx"`)
        .header('cache-control', 'no-store')
        .send(await xlsxBuffer(rows, columns, 'Sonuçlar'));
    },
  );
}
