import type { ServiceApp } from '@meydan/kit';
import type { AdminContext } from '../context.js';
import { readContactMessages } from '../usecases/messages.js';

/**
 * The contact messages live in the contact service's own database; the admin reads them a page at a time over
 * NATS. When contact does not answer, the bus's 503 (`service_unavailable` / `service_timeout`) is the answer.
 */
export async function messagesRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/messages',
    {
      schema: {
        summary: 'İletişim formundan gelen mesajları sayfa sayfa listeler (en yenisi önce)',
        querystring: { $ref: 'meydan/admin-messages-query' },
        response: { 200: { $ref: 'meydan/admin-contact-message-page' } },
      },
    },
    async (request) => readContactMessages(ctx, request.query, request.id),
  );
}
