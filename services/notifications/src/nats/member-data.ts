import { events, subjects } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';

/**
 * The member's notifications: their export (notifications.users.export) and removal, with their push subscriptions
 * and mail choice, when the account is deleted.
 */
export async function bindMemberData(ctx: NotificationsContext): Promise<void> {
  const { bus, store } = ctx;

  bus.respond(subjects.notifications.userExport, async ({ userId }) => {
    const list = await store.ofMember(userId);
    return {
      notifications: list.map((n) => ({
        kind: n.kind,
        message: n.message,
        link: n.link,
        isRead: n.isRead,
        createdAt: new Date(n.createdAt).toISOString(),
      })),
    };
  });

  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: async ({ userId }) => {
      await store.removeMember(userId);
      await ctx.push.removeMember(userId);
      await ctx.mail.removeMember(userId);
    },
  });
}
