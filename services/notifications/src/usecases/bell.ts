import { HttpError } from '@meydan/kit';
import { notificationMessages as M } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';

/** A member's notifications, newest first, with their total and unread counts. */
export function listNotifications(ctx: NotificationsContext, userId: string, page: number, limit: number) {
  return ctx.store.list(userId, page, limit);
}

/** How many of a member's notifications are unread. */
export async function unreadCount(ctx: NotificationsContext, userId: string): Promise<{ count: number }> {
  return { count: await ctx.store.unreadCount(userId) };
}

/** One of a member's notifications marked read: the unread count left, or 404 when it is not theirs. */
export async function markRead(ctx: NotificationsContext, userId: string, id: string): Promise<{ count: number }> {
  const count = await ctx.store.markRead(userId, id);
  if (count === null) throw new HttpError(404, 'not_found', M.notFound);
  return { count };
}

/** Every notification of a member marked read. */
export function markAllRead(ctx: NotificationsContext, userId: string) {
  return ctx.store.markAllRead(userId);
}
