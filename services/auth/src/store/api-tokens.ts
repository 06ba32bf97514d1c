import type { AuthModels } from '../model/auth-models.js';

type ApiTokens = Pick<AuthModels, 'apiTokens'>;

/** How many of the member's API tokens still work. */
export async function activeTokenCount(ctx: ApiTokens, userId: string): Promise<number> {
  return ctx.apiTokens.countDocuments({ userId, revokedAt: null });
}

/** Stores a new token (only its hash and its first characters). */
export async function createApiToken(ctx: ApiTokens, token: { userId: string; name: string; tokenHash: string; prefix: string }) {
  return ctx.apiTokens.create(token);
}

/** The member's working tokens, newest first. */
export async function activeTokens(ctx: ApiTokens, userId: string) {
  return ctx.apiTokens.find({ userId, revokedAt: null }).sort({ createdAt: -1 }).lean();
}

/** Revokes one of the member's working tokens; null when they have no such token. */
export async function revokeApiToken(ctx: ApiTokens, userId: string, tokenId: string) {
  return ctx.apiTokens.findOneAndUpdate({ _id: tokenId, userId, revokedAt: null }, { $set: { revokedAt: new Date() } });
}
