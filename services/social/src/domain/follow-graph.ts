import { socialMessages, type CreatorSummary, type FollowState, type UserListItem } from '@meydan/proto';

/** Where a follower stands towards someone: following, waiting on a follow request, or neither. */
export type Relation = 'following' | 'requested' | 'none';

export type FollowDirection = 'followers' | 'following';

export const messageOf: Record<Relation, string> = {
  following: socialMessages.followed,
  requested: socialMessages.requested,
  none: socialMessages.unfollowed,
};

/** The answer to a follow toggle. */
export function followState(
  relation: Relation,
  message: string,
  counts: { followersCount: number; followingCount: number },
): FollowState {
  return {
    following: relation === 'following',
    ...(relation === 'requested' ? { requested: true } : {}),
    message,
    ...counts,
  };
}

/**
 * The rows of a follower list, in the order of `ids`: accounts auth says no longer exist are left out, users whose
 * name cannot be read now get the placeholder.
 */
export function listRows(
  ids: string[],
  known: Map<string, CreatorSummary>,
  missing: Set<string>,
  followedByViewer: Set<string>,
): UserListItem[] {
  const rows: UserListItem[] = [];
  for (const id of ids) {
    if (missing.has(id)) continue;
    const user = known.get(id);
    rows.push({
      id,
      username: user?.username ?? '',
      displayName: user ? user.displayName : socialMessages.unknownUser,
      avatarUrl: user?.avatarUrl ?? null,
      isFollowing: followedByViewer.has(id),
    });
  }
  return rows;
}
