/**
 * The moderation queue (every pending report, oldest first, with its waiting time), the removal of a reported
 * comment, and the word filter (its entries here; polls and auth ask for them over `admin.word-filter`).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, httpError, isDuplicateKey, isObjectId } from '@meydan/kit';
import { adminTexts, events, moderationTexts as M, subjects, type AdminIdParams, type WordFilterCreate } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { heldQueue } from './held.js';
import { recordAudit, setReportStatus } from '../store/panel.js';
import {
  addWordFilterEntry,
  findReport,
  removeWordFilterEntry,
  reportQueue,
  resolveCommentReports,
  wordFilterEntries,
} from '../store/moderation.js';

const idParams = { $ref: 'meydan/admin-id-params' } as const;
const message = { 200: { $ref: 'meydan/message' } } as const;

export async function moderationRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }): Promise<void> {
  const { models, bus } = ctx;

  app.get(
    '/api/admin/report-queue',
    {
      schema: {
        summary:
          'Bekleyen şikâyetler (anket, yorum, üye), en eski önce (en fazla 100), bekleme süreleri ve 24 saati geçenlerin sayısıyla; kelime filtresinin incelemeye aldıkları (held) da en eski önce',
        response: { 200: { $ref: 'meydan/admin-report-queue' } },
      },
    },
    async (request) => {
      const now = new Date();
      const [reports, held] = await Promise.all([reportQueue(models, now), heldQueue(ctx, request, now)]);
      return { ...reports, held };
    },
  );

  app.post<{ Params: AdminIdParams }>(
    '/api/admin/reports/:id/remove-comment',
    {
      schema: {
        summary: 'Şikâyet edilen yorumu kaldırır; yorumun bekleyen şikâyetleri çözülür',
        params: idParams,
        body: { $ref: 'meydan/no-body' },
        response: message,
      },
    },
    async (request) => {
      const adminId = request.identity!.userId!;
      const report = await findReport(models, request.params.id);
      if (!report) throw httpError('not_found', adminTexts.reportNotFound);
      if (report.kind !== 'comment' || !report.commentId || !report.pollId) throw new HttpError(400, 'not_a_comment', M.notACommentReport);
      await bus.publishReliably(
        events.admin.commentRemoved,
        { commentId: report.commentId, pollId: report.pollId, by: adminId, at: new Date().toISOString() },
        { requestId: request.id, msgId: `comment-removed:${report.commentId}` },
      );
      await resolveCommentReports(models, report.commentId);
      await setReportStatus(models, report._id, 'resolved');
      await recordAudit(models, { adminId, action: 'comment.remove', targetType: 'comment', targetId: report.commentId, reason: report.reason });
      return { message: M.commentRemoved };
    },
  );

  app.get(
    '/api/admin/word-filter',
    { schema: { summary: 'Kelime filtresi: kelimeler ve kalıplar, her biri reddet (refuse) ya da incelemeye al (hold)', response: { 200: { $ref: 'meydan/admin-word-filter-list' } } } },
    async () => ({ items: (await wordFilterEntries(models)).map(entryView) }),
  );

  app.post<{ Body: WordFilterCreate }>(
    '/api/admin/word-filter',
    {
      schema: {
        summary: 'Kelime filtresine ekler (Türkçe harf ve büyük/küçük harf farkı gözetmez; sonda * her eki kapsar); birkaç saniye içinde geçerli olur',
        body: { $ref: 'meydan/admin-word-filter-create' },
        response: { 201: { $ref: 'meydan/admin-word-filter-entry' } },
      },
    },
    async (request, reply) => {
      const adminId = request.identity!.userId!;
      const entry = await addWordFilterEntry(models, request.body.pattern, request.body.action).catch((err: unknown) => {
        if (isDuplicateKey(err)) return null;
        throw err;
      });
      if (!entry) throw new HttpError(409, 'conflict', M.wordExists);
      await recordAudit(models, { adminId, action: 'word-filter.add', targetType: 'word-filter', targetId: String(entry._id), reason: entry.action });
      return reply.code(201).send(entryView(entry));
    },
  );

  app.delete<{ Params: AdminIdParams }>(
    '/api/admin/word-filter/:id',
    { schema: { summary: 'Kelime filtresinden çıkarır', params: idParams, response: message } },
    async (request) => {
      const adminId = request.identity!.userId!;
      const id = request.params.id;
      if (!isObjectId(id) || !(await removeWordFilterEntry(models, id))) throw httpError('not_found', M.wordNotFound);
      await recordAudit(models, { adminId, action: 'word-filter.remove', targetType: 'word-filter', targetId: id, reason: null });
      return { message: M.wordRemoved };
    },
  );

  bus.respond(subjects.admin.wordFilter, async () => ({
    entries: (await wordFilterEntries(models)).map((e) => ({ pattern: e.pattern, action: e.action })),
  }));
}

function entryView(e: { _id: unknown; pattern: string; action: 'refuse' | 'hold'; createdAt: Date }) {
  return { id: String(e._id), pattern: e.pattern, action: e.action, createdAt: new Date(e.createdAt).toISOString() };
}
