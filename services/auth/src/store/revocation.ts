import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';

/**
 * Ends every way the member is signed in: all sessions and all personal API tokens (marked revoked, so they
 * stay dead even if the account is later reactivated), then tells the gateway to drop what it cached.
 */
export async function revokeEverything(ctx: AuthContext, userId: string, requestId: string): Promise<void> {
  const now = new Date();
  await ctx.sessions.revokeAll(userId);
  await ctx.apiTokens.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
  await ctx.deps.bus.publish(events.auth.sessionsRevoked, { userId, at: now.toISOString() }, { requestId });
}
