import type { Redis } from 'ioredis';
import type { Models } from '../model/index.js';

type Resets = { models: Pick<Models, 'passwordResets'>; redis: Redis };

/** Stores a single-use reset link (only its hash). */
export async function createPasswordReset(
  ctx: Resets,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await ctx.models.passwordResets.create({ tokenHash, userId, expiresAt });
}

/**
 * Claims the link: `claimed` is its record when it was unused and unexpired, `first` whether this submission won the
 * Redis claim. As with activation links: Redis decides which of two simultaneous submissions claims the link.
 */
export async function claimPasswordReset(ctx: Resets, tokenHash: string, claimTtlSeconds: number, now: Date) {
  const first = await ctx.redis.set(`reset-claim:${tokenHash}`, '1', 'EX', claimTtlSeconds, 'NX');
  const claimed = first
    ? await ctx.models.passwordResets.findOneAndUpdate(
        { tokenHash, usedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
        { returnDocument: 'after' },
      )
    : null;
  if (first && !claimed) await ctx.redis.del(`reset-claim:${tokenHash}`);
  return { claimed, first: first !== null };
}

/** The reset link by its hash, used or not. */
export async function passwordResetByHash(ctx: Resets, tokenHash: string) {
  return ctx.models.passwordResets.findOne({ tokenHash }).lean();
}

/** Marks every unused link of the account used (one reset ends them all). */
export async function usePasswordResets(ctx: Resets, userId: string, now: Date): Promise<void> {
  await ctx.models.passwordResets.updateMany({ userId, usedAt: null }, { $set: { usedAt: now } });
}
