import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { setAccountActive, setAccountRole } from '../store/accounts.js';
import { revokeEverything } from '../store/revocation.js';

/** Moderation decisions taken in the admin service, applied to accounts here. */
export async function bindAuthConsumers(ctx: AuthContext): Promise<void> {
  const { bus } = ctx;
  await bus.consume({
    purpose: 'user-banned',
    filterSubject: events.admin.userBanned,
    handler: async ({ userId }, { requestId }) => {
      await setAccountActive(ctx, userId, false);
      await revokeEverything(ctx, userId, requestId);
    },
  });
  await bus.consume({
    purpose: 'user-reactivated',
    filterSubject: events.admin.userReactivated,
    handler: ({ userId }) => setAccountActive(ctx, userId, true),
  });
  // A new role ends every session (a session carries its role, and a staff one its second factor): the account signs
  // in again as what it now is. An authenticator enrolled before stays for a later return to the staff.
  await bus.consume({
    purpose: 'user-role-changed',
    filterSubject: events.admin.roleChanged,
    handler: async ({ userId, role }, { requestId }) => {
      await setAccountRole(ctx, userId, role);
      await revokeEverything(ctx, userId, requestId);
    },
  });
}
