import { events, subjects } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';
import { exportMemberData, removeMemberData } from '../usecases/member-data.js';

/**
 * The member's notifications: their export (notifications.users.export) and removal, with their push subscriptions
 * and mail choice, when the account is deleted.
 */
export async function bindMemberData(ctx: NotificationsContext): Promise<void> {
  const { bus } = ctx;

  bus.respond(subjects.notifications.userExport, ({ userId }) => exportMemberData(ctx, userId));

  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: ({ userId }) => removeMemberData(ctx, userId),
  });
}
