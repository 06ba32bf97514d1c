import type { Models } from '../model/index.js';

type ApiTokens = { models: Pick<Models, 'apiTokens'> };

/** How many of the member's API tokens still work. */
export async function activeTokenCount(ctx: ApiTokens, userId: string): Promise<number> {
  return ctx.models.apiTokens.countDocuments({ userId, revokedAt: null });
}

/** Stores a new token (only its hash and its first characters). */
export async function createApiToken(
  ctx: ApiTokens,
  token: { userId: string; name: string; tokenHash: string; prefix: string },
) {
  return ctx.models.apiTokens.create(token);
}

/** The member's working tokens, newest first. */
export async function activeTokens(ctx: ApiTokens, userId: string) {
  return ctx.models.apiTokens.find({ userId, revokedAt: null }).sort({ createdAt: -1 }).lean();
}

/** The working token with this hash, marked as used now; null when there is none. */
export async function useApiToken(ctx: ApiTokens, tokenHash: string) {
  return ctx.models.apiTokens.findOneAndUpdate(
    { tokenHash, revokedAt: null },
    { $set: { lastUsedAt: new Date() } },
    { returnDocument: 'after' },
  );
}

/** Revokes one of the member's working tokens; null when they have no such token. */
export async function revokeApiToken(ctx: ApiTokens, userId: string, tokenId: string) {
  return ctx.models.apiTokens.findOneAndUpdate(
    { _id: tokenId, userId, revokedAt: null },
    { $set: { revokedAt: new Date() } },
  );
}

/** Marks every working token of the member revoked (they stay dead even if the account is later reactivated). */
export async function revokeAllApiTokens(ctx: ApiTokens, userId: string, now: Date): Promise<void> {
  await ctx.models.apiTokens.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
}
