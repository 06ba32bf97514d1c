/** Bulk e-mail: send to every member, follow its progress (usecases/bulk-email.ts; the worker is nats/bulk-email.ts). */
import { HttpError, httpError, type ServiceApp } from '@meydan/kit';
import { adminTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { readBulkEmailJob, startBulkEmail } from '../usecases/bulk-email.js';
import { idParams, staffOf } from './shared.js';

export async function bulkEmailRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.post(
    '/api/admin/bulk-email',
    {
      schema: {
        summary: 'Etkin ve doğrulanmış tüm üyelere toplu e-posta gönderimini başlatır (iş kuyruğu)',
        body: { $ref: 'meydan/bulk-email' },
        response: { 202: { $ref: 'meydan/admin-bulk-email-accepted' } },
      },
    },
    async (request, reply) => {
      const started = await startBulkEmail(ctx, request.body, staffOf(request));
      if (!started) throw new HttpError(400, 'no_recipients', T.noRecipients);
      return reply.code(202).send({ jobId: started.jobId, message: T.bulkEmailQueued });
    },
  );

  app.get(
    '/api/admin/bulk-email/:id',
    {
      schema: {
        summary: 'Toplu e-posta işinin durumu',
        params: idParams,
        response: { 200: { $ref: 'meydan/admin-bulk-email-job' } },
      },
    },
    async (request) => {
      const job = await readBulkEmailJob(ctx, request.params.id);
      if (!job) throw httpError('not_found', T.bulkEmailNotFound);
      return job;
    },
  );
}
