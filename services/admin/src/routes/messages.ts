import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '@meydan/kit';
import { contactMessagesPageReplySchema, subjects } from '@meydan/proto';

const DEFAULT_PAGE_SIZE = 20;

const pageMessage = 'Sayfa numarası 1 ile 100000 arasında bir tam sayı olmalıdır';
const pageSizeMessage = 'Sayfa boyutu 1 ile 100 arasında bir tam sayı olmalıdır';

const messagesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: pageMessage },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE, errorMessage: pageSizeMessage },
  },
} as const;

const messagesPageResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'totalCount', 'page', 'pageSize'],
  properties: {
    items: contactMessagesPageReplySchema.properties.items,
    totalCount: contactMessagesPageReplySchema.properties.totalCount,
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1 },
  },
} as const;

/**
 * The contact messages live in the contact service's own database; the admin reads them a page at a time over
 * NATS. When contact does not answer, the bus's 503 (`service_unavailable` / `service_timeout`) is the answer.
 */
export async function messagesRoutes(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  app.get<{ Querystring: { page: number; pageSize: number } }>(
    '/api/admin/messages',
    {
      schema: {
        summary: 'İletişim formundan gelen mesajları sayfa sayfa listeler (en yenisi önce)',
        querystring: messagesQuery,
        response: { 200: messagesPageResponse },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const reply = await deps.bus.request(subjects.contact.messagesPage, { page, pageSize }, { requestId: request.id });
      return { ...reply, page, pageSize };
    },
  );
}
