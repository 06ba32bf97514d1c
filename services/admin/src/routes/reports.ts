/** Poll reports in the panel: list and settle (usecases/reports.ts). */
import { httpError, type ServiceApp } from '@meydan/kit';
import { adminTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { listReports, settleReport } from '../usecases/reports.js';
import { idParams, message, staffOf } from './shared.js';

export async function reportRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/reports',
    {
      schema: {
        summary: 'Şikâyetler (duruma göre süzülebilir), sayfalı',
        querystring: { $ref: 'meydan/admin-report-query' },
        response: { 200: { $ref: 'meydan/admin-report-page' } },
      },
    },
    async (request) => listReports(ctx, request.query),
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      schema: {
        summary: 'Şikâyeti çözüldü ya da reddedildi olarak işaretler',
        params: idParams,
        body: { $ref: 'meydan/admin-report-update' },
        response: message,
      },
    },
    async (request) => {
      if (!(await settleReport(ctx, request.params.id, request.body, staffOf(request))))
        throw httpError('not_found', T.reportNotFound);
      return { message: T.reportUpdated };
    },
  );
}
