import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { setAccountActive } from '../store/accounts.js';
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
}
