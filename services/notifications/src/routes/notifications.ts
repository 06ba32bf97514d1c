import type { FastifyRequest } from 'fastify';
import { notificationListResponse, notificationMessages as M } from '@meydan/proto';
import { requireMember, type ServiceApp } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { listNotifications, markAllRead, markRead, unreadCount } from '../usecases/bell.js';

const ownerId = (request: FastifyRequest) => requireMember(request, M.loginRequired);

/** The bell: a member's own notifications, newest first, and marking them read. */
export async function notificationRoutes(app: ServiceApp, { ctx }: { ctx: NotificationsContext }) {
  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'Bildirimlerin (en yeni önce; page, limit)',
        querystring: { $ref: 'meydan/notification-list-query' },
        response: { 200: notificationListResponse },
      },
    },
    async (request, reply) => {
      const { page = 1, limit = 20 } = request.query;
      const { items, total, unread } = await listNotifications(ctx, ownerId(request), page, limit);
      reply.header('x-total-count', String(total)).header('x-unread-count', String(unread));
      return items;
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { summary: 'Okunmamış bildirim sayısı', response: { 200: { $ref: 'meydan/notification-count#' } } } },
    async (request) => unreadCount(ctx, ownerId(request)),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        summary: 'Bir bildirimi okundu işaretler',
        params: { $ref: 'meydan/notification-id-params' },
        body: { $ref: 'meydan/no-body' },
        response: { 200: { $ref: 'meydan/notification-read-result#' } },
      },
    },
    async (request) => markRead(ctx, ownerId(request), request.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        summary: 'Tüm bildirimleri okundu işaretler',
        body: { $ref: 'meydan/no-body' },
        response: { 200: { $ref: 'meydan/notification-read-result#' } },
      },
    },
    async (request) => markAllRead(ctx, ownerId(request)),
  );
}
