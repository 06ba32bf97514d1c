import type { AuthContext } from '../context.js';

/** How many of the member's API tokens still work. */
export async function activeTokenCount(ctx: AuthContext, userId: string): Promise<number> {
  return ctx.apiTokens.countDocuments({ userId, revokedAt: null });
}

/** Stores a new token (only its hash and its first characters). */
export async function createApiToken(ctx: AuthContext, token: { userId: string; name: string; tokenHash: string; prefix: string }) {
  return ctx.apiTokens.create(token);
}

/** The member's working tokens, newest first. */
export async function activeTokens(ctx: AuthContext, userId: string) {
  return ctx.apiTokens.find({ userId, revokedAt: null }).sort({ createdAt: -1 }).lean();
}

/** Revokes one of the member's working tokens; null when they have no such token. */
export async function revokeApiToken(ctx: AuthContext, userId: string, tokenId: string) {
  return ctx.apiTokens.findOneAndUpdate({ _id: tokenId, userId, revokedAt: null }, { $set: { revokedAt: new Date() } });
}
