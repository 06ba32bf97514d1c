import type { Types } from 'mongoose';
import type { Logger } from '@meydan/kit';
import type { Models } from '../model/index.js';
import { SKELETON_VERSION, usernameSkeleton } from '../model/username-skeleton.js';

type Usernames = { models: Pick<Models, 'users'>; log: Logger };

/** Whether an account (other than `except`) has a username that looks like this one (same skeleton). */
export async function lookAlikeTaken(ctx: Usernames, username: string, except: Types.ObjectId[]): Promise<boolean> {
  return (
    (await ctx.models.users.exists({ _id: { $nin: except }, usernameSkeleton: usernameSkeleton(username) })) !== null
  );
}

/**
 * Accounts made before usernames had skeletons, or whose skeleton older rules made, get today's (at start; a no-op
 * once done).
 */
export async function backfillUsernameSkeletons(ctx: Usernames): Promise<void> {
  const missing = await ctx.models.users
    .find({ usernameSkeletonVersion: { $ne: SKELETON_VERSION } }, { username: 1 })
    .lean();
  for (const user of missing) {
    await ctx.models.users.updateOne(
      { _id: user._id },
      { $set: { usernameSkeleton: usernameSkeleton(user.username), usernameSkeletonVersion: SKELETON_VERSION } },
    );
  }
  if (missing.length > 0) ctx.log.info({ accounts: missing.length }, 'username skeletons filled in');
}
