import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { revokeEverything } from '../store/revocation.js';

/** Moderation decisions taken in the admin service, applied to accounts here. */
export async function bindAuthConsumers(ctx: AuthContext): Promise<void> {
  const { bus } = ctx.deps;
  await bus.consume({
    purpose: 'user-banned',
    filterSubject: events.admin.userBanned,
    handler: async ({ userId }, { requestId }) => {
      await ctx.users.updateOne({ _id: userId }, { $set: { isActive: false } });
      await revokeEverything(ctx, userId, requestId);
    },
  });
  await bus.consume({
    purpose: 'user-reactivated',
    filterSubject: events.admin.userReactivated,
    handler: async ({ userId }) => {
      await ctx.users.updateOne({ _id: userId }, { $set: { isActive: true } });
    },
  });
}
