/** The staff's audit log, read only (usecases/audit-log.ts). */
import { HttpError, type ServiceApp } from '@meydan/kit';
import { adminTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { readAuditLog } from '../usecases/audit-log.js';

export async function auditRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        summary:
          'Yönetim ekibinin işlem kaydı (kim, ne, hangi hedef, ne zaman, gerekçe): işlemi yapana, işleme ve zamana göre süzülür, sayfalı; yalnızca eklenir (yönetici dahil kimse değiştiremez, silemez). Yalnızca yönetici',
        querystring: { $ref: 'meydan/admin-audit-query' },
        response: { 200: { $ref: 'meydan/admin-audit-page' } },
      },
    },
    async (request) => {
      const page = await readAuditLog(ctx, request.query);
      if (page === 'empty_range') throw new HttpError(400, 'validation', T.auditRangeInvalid);
      return page;
    },
  );
}
