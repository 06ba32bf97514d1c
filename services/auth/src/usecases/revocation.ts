import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { revokeAllApiTokens } from '../store/api-tokens.js';

/**
 * Ends every way the member is signed in: all sessions and all personal API tokens (marked revoked, so they
 * stay dead even if the account is later reactivated), then tells the gateway to drop what it cached.
 */
export async function revokeEverything(
  ctx: Pick<AuthContext, 'models' | 'sessions' | 'bus'>,
  userId: string,
  requestId: string,
): Promise<void> {
  const now = new Date();
  await ctx.sessions.revokeAll(userId);
  await revokeAllApiTokens(ctx, userId, now);
  await ctx.bus.publish(events.auth.sessionsRevoked, { userId, at: now.toISOString() }, { requestId });
}

/** Ends one way in (a session or a token): the gateway forgets what it cached of the member, their devices stay signed in. */
export async function announceSessionEnded(
  ctx: Pick<AuthContext, 'bus'>,
  userId: string,
  requestId: string,
): Promise<void> {
  await ctx.bus.publish(events.auth.sessionEnded, { userId, at: new Date().toISOString() }, { requestId });
}
