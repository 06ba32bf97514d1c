/**
 * Display names and bios the word filter holds for review (`pendingProfile` on the account): the oldest waiting, and
 * a moderator's decision applied (approved: they replace the public ones; removed: dropped).
 */
import { isObjectId } from '@meydan/kit';
import type { HeldDecision } from '@meydan/proto';
import type { Models } from '../model/index.js';
import { memberSearchTerms } from '../model/user.js';
import type { LeanUser } from './accounts.js';

type Held = { models: Pick<Models, 'users'> };

/** The accounts with a held display name or bio, oldest first (at most `limit`). */
export function pendingProfiles(ctx: Held, limit: number) {
  return ctx.models.users
    .find({ pendingProfile: { $ne: null } }, { username: 1, pendingProfile: 1 })
    .sort({ 'pendingProfile.at': 1 })
    .limit(limit)
    .lean<Pick<LeanUser, '_id' | 'username' | 'pendingProfile'>[]>();
}

/** Applies a decision on the member's held texts; the account as it now is, or null when none waited. */
export async function settlePendingProfile(
  ctx: Held,
  userId: string,
  decision: HeldDecision,
): Promise<LeanUser | null> {
  if (!isObjectId(userId)) return null;
  const user = await ctx.models.users.findOne({ _id: userId, pendingProfile: { $ne: null } }).lean<LeanUser>();
  const pending = user?.pendingProfile;
  if (!pending) return null;
  const set: Record<string, unknown> = { pendingProfile: null };
  if (decision === 'approve') {
    if (pending.displayName != null) {
      set['displayName'] = pending.displayName;
      set['searchTerms'] = memberSearchTerms({ username: user.username, displayName: pending.displayName });
    }
    if (pending.bio !== undefined) set['bio'] = pending.bio;
  }
  // Only the pending texts read above: a newer change made meanwhile waits for its own decision.
  return ctx.models.users
    .findOneAndUpdate({ _id: userId, 'pendingProfile.at': pending.at }, { $set: set }, { returnDocument: 'after' })
    .lean<LeanUser>();
}
