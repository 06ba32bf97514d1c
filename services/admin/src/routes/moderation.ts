/**
 * The moderation queue (every pending report, oldest first, with its waiting time, and the held texts) and the removal
 * of a reported comment (usecases/reports.ts).
 */
import { HttpError, httpError, type ServiceApp } from '@meydan/kit';
import { adminTexts, moderationTexts as M } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { readReportQueue, removeReportedComment } from '../usecases/reports.js';
import { idParams, message, noBody, staffOf } from './shared.js';

export async function moderationRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/report-queue',
    {
      schema: {
        summary:
          'Bekleyen şikâyetler (anket, yorum, üye), en eski önce (en fazla 100), bekleme süreleri ve 24 saati geçenlerin sayısıyla; kelime filtresinin incelemeye aldıkları (held) da en eski önce',
        response: { 200: { $ref: 'meydan/admin-report-queue' } },
      },
    },
    async (request) => readReportQueue(ctx, staffOf(request)),
  );

  app.post(
    '/api/admin/reports/:id/remove-comment',
    {
      schema: {
        summary: 'Şikâyet edilen yorumu kaldırır; yorumun bekleyen şikâyetleri çözülür',
        params: idParams,
        body: noBody,
        response: message,
      },
    },
    async (request) => {
      const outcome = await removeReportedComment(ctx, request.params.id, staffOf(request));
      if (outcome === 'not_found') throw httpError('not_found', adminTexts.reportNotFound);
      if (outcome === 'not_a_comment') throw new HttpError(400, 'not_a_comment', M.notACommentReport);
      return { message: M.commentRemoved };
    },
  );
}
