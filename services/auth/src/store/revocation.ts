import { events } from '@meydan/proto';
import type { ServiceDeps } from '@meydan/kit';
import type { AuthModels } from '../model/auth-models.js';
import type { SessionStore } from './sessions.js';

type Revocation = Pick<AuthModels, 'apiTokens'> & { sessions: SessionStore; deps: Pick<ServiceDeps, 'bus'> };

/**
 * Ends every way the member is signed in: all sessions and all personal API tokens (marked revoked, so they
 * stay dead even if the account is later reactivated), then tells the gateway to drop what it cached.
 */
export async function revokeEverything(ctx: Revocation, userId: string, requestId: string): Promise<void> {
  const now = new Date();
  await ctx.sessions.revokeAll(userId);
  await ctx.apiTokens.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
  await ctx.deps.bus.publish(events.auth.sessionsRevoked, { userId, at: now.toISOString() }, { requestId });
}
