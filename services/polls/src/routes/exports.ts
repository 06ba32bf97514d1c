/**
 * The creator's download of a poll's results: a CSV for Turkish Excel (the kit's helpers: `;`, decimal commas, BOM,
 * formula cells) and an `.xlsx` from the same columns, under the same rule of who may download.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pollServiceMessages as S, type PollIdParams } from '@meydan/proto';
import { HttpError, csvContentType, csvResponse, csvText, xlsxBuffer, xlsxContentType, xlsxResponse, type SheetColumn } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { creatorSeesCounts } from '../domain/results-visibility.js';
import { membersOnly, visiblePoll } from './common.js';

interface ResultRow {
  option: string;
  votes: number;
  total: number;
  voters: number;
  endsAt: Date | null;
}

/** One row per option; the poll's voters and closing time repeat on every row, so each row reads on its own. */
const resultColumns: SheetColumn<ResultRow>[] = [
  { header: 'secenek', value: (r) => r.option, width: 40 },
  { header: 'oy', value: (r) => r.votes },
  { header: 'yuzde', value: (r) => (r.total === 0 ? 0 : Math.round((r.votes / r.total) * 1000) / 10), decimals: 1 },
  { header: 'oy_veren', value: (r) => r.voters },
  { header: 'bitis', value: (r) => r.endsAt, width: 20 },
];

const summary = 'Anketin sonuçları (yalnızca anketin sahibi; sonuçları anket bitince açılan bir anketinki bitince, öncesinde 409): seçenek, oy, yüzde, oy veren sayısı ve bitiş zamanı';

export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  /** The poll's rows, for its creator only and once they may see its counts; the poll's id with them. */
  async function resultRows(request: FastifyRequest<{ Params: PollIdParams }>): Promise<{ id: string; rows: ResultRow[] }> {
    const doc = await visiblePoll(ctx, request, request.params.id);
    if (doc.creatorId !== request.identity!.userId) throw new HttpError(403, 'forbidden', S.resultsOnlyCreator);
    // The creator sees their poll's counts by the one rule the card follows too (an after-close poll's only once it
    // ended; a Dost Meclisi poll's whether or not they voted on it).
    if (!creatorSeesCounts(doc, new Date())) throw new HttpError(409, 'results_hidden', S.resultsAfterClose);
    const id = String(doc._id);
    const counts = await ctx.counters.countsOfOne({ id, optionsCount: doc.options.length, expiresAt: doc.expiresAt ?? null });
    const rows = doc.options.map((option, i) => ({
      option,
      votes: counts.votes[i] ?? 0,
      total: counts.total,
      voters: counts.total,
      endsAt: doc.expiresAt ?? null,
    }));
    return { id, rows };
  }

  app.get<{ Params: PollIdParams }>(
    '/api/polls/:id/results.csv',
    {
      onRequest: membersOnly(),
      schema: { summary: `${summary}. CSV, Türkçe Excel için`, params: { $ref: 'meydan/poll-id-params' }, response: { 200: csvResponse } },
    },
    async (request, reply) => {
      const { id, rows } = await resultRows(request);
      return reply
        .type(csvContentType)
        .header('content-disposition', `attachment; filename="meydan-anket-${id}-sonuclar.csv"`)
        .header('cache-control', 'no-store')
        .send(await csvText(rows, resultColumns));
    },
  );

  app.get<{ Params: PollIdParams }>(
    '/api/polls/:id/results.xlsx',
    {
      onRequest: membersOnly(),
      schema: { summary: `${summary}. Excel dosyası (.xlsx)`, params: { $ref: 'meydan/poll-id-params' }, response: { 200: xlsxResponse } },
    },
    async (request, reply) => {
      const { id, rows } = await resultRows(request);
      return reply
        .type(xlsxContentType)
        .header('content-disposition', `attachment; filename="meydan-anket-${id}-sonuclar.xlsx"`)
        .header('cache-control', 'no-store')
        .send(await xlsxBuffer(rows, resultColumns, 'Sonuçlar'));
    },
  );
}
