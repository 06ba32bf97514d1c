import type { NotificationsContext } from '../context.js';

/** A member's notifications as their export gives them (notifications.users.export). */
export async function exportMemberData(ctx: NotificationsContext, userId: string) {
  const list = await ctx.store.ofMember(userId);
  return {
    notifications: list.map((n) => ({
      kind: n.kind,
      message: n.message,
      link: n.link,
      isRead: n.isRead,
      createdAt: new Date(n.createdAt).toISOString(),
    })),
  };
}

/** A deleted account: its notifications, push subscriptions and mail choice removed. */
export async function removeMemberData(ctx: NotificationsContext, userId: string): Promise<void> {
  await ctx.store.removeMember(userId);
  await ctx.push.removeMember(userId);
  await ctx.mail.removeMember(userId);
}
