/** A member's follow edges: their export (`social.users.export`) and their removal when the account is deleted. */
import type { SocialContext } from '../context.js';
import { edgesOf, removeMemberEdges } from '../store/follows.js';
import { removeMemberHides } from '../store/hides.js';

export async function exportFollowEdges(ctx: Pick<SocialContext, 'models'>, userId: string) {
  const { followers, following } = await edgesOf(ctx, userId);
  return {
    followers: followers.map((f) => ({ userId: f.followerId, since: new Date(f.createdAt).toISOString() })),
    following: following.map((f) => ({ userId: f.followeeId, since: new Date(f.createdAt).toISOString() })),
  };
}

/** Removes the deleted member's follow edges, the follow requests they sent or received, their blocks and mutes. */
export async function forgetMember(
  ctx: Pick<SocialContext, 'models' | 'redis' | 'counts'>,
  userId: string,
): Promise<void> {
  await removeMemberEdges(ctx, userId);
  await removeMemberHides(ctx, userId);
}
