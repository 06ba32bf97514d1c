import { events } from '@meydan/proto';
import type { Bus } from '@meydan/kit';
import type { Models } from '../model/index.js';
import type { SessionStore } from './sessions.js';

type Revocation = { models: Pick<Models, 'apiTokens'>; sessions: SessionStore; bus: Bus };

/**
 * Ends every way the member is signed in: all sessions and all personal API tokens (marked revoked, so they
 * stay dead even if the account is later reactivated), then tells the gateway to drop what it cached.
 */
export async function revokeEverything(ctx: Revocation, userId: string, requestId: string): Promise<void> {
  const now = new Date();
  await ctx.sessions.revokeAll(userId);
  await ctx.models.apiTokens.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
  await ctx.bus.publish(events.auth.sessionsRevoked, { userId, at: now.toISOString() }, { requestId });
}
