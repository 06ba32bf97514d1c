import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { applyBan, applyReactivation, applyRoleChange } from '../usecases/moderation.js';

/** Moderation decisions taken in the admin service, applied to accounts here. */
export async function bindAuthConsumers(ctx: AuthContext): Promise<void> {
  const { bus } = ctx;
  await bus.consume({
    purpose: 'user-banned',
    filterSubject: events.admin.userBanned,
    handler: (payload, { requestId }) => applyBan(ctx, payload, requestId),
  });
  await bus.consume({
    purpose: 'user-reactivated',
    filterSubject: events.admin.userReactivated,
    handler: (payload) => applyReactivation(ctx, payload),
  });
  await bus.consume({
    purpose: 'user-role-changed',
    filterSubject: events.admin.roleChanged,
    handler: (payload, { requestId }) => applyRoleChange(ctx, payload, requestId),
  });
}
