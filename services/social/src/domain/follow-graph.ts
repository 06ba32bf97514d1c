import { events, socialMessages, type FollowState, type NatsContracts, type UserFollowedEvent, type UserListItem, type UserUnfollowedEvent } from '@meydan/proto';
import { HttpError, isDuplicateKey, tryLock, waitUnlocked, type EventPayload, type RequestIdSource } from '@meydan/kit';
import type { SocialContext } from '../context.js';

const pairLock = (followerId: string, followeeId: string) => `lock:follow:${followerId}:${followeeId}`;

export async function isFollowing(ctx: SocialContext, followerId: string, followeeId: string): Promise<boolean> {
  return (await ctx.follows.exists({ followerId, followeeId })) !== null;
}

export async function followCounts(ctx: SocialContext, userId: string): Promise<{ followersCount: number; followingCount: number }> {
  const [followersCount, followingCount] = await Promise.all([
    ctx.follows.countDocuments({ followeeId: userId }),
    ctx.follows.countDocuments({ followerId: userId }),
  ]);
  return { followersCount, followingCount };
}

/** Users who follow `userId` and whom `userId` follows (the friends' circle). */
export async function mutualsOf(ctx: SocialContext, userId: string): Promise<string[]> {
  const following = await ctx.follows.find({ followerId: userId }, { followeeId: 1, _id: 0 }).lean();
  if (following.length === 0) return [];
  const back = await ctx.follows
    .find({ followeeId: userId, followerId: { $in: following.map((f) => f.followeeId) } }, { followerId: 1, _id: 0 })
    .lean();
  return back.map((f) => f.followerId);
}

/**
 * Follows or unfollows, whichever the caller is not doing now. Toggles of one pair are serialized by a short Redis
 * lock; a toggle that arrives while another of the same pair is running (a double click) does not toggle again but
 * answers the state the first one left, so a double click is one toggle. The unique index on the pair is the last
 * guard: there is never more than one edge, and counts are counted from the edges, so they are never negative.
 */
export async function toggleFollow(
  ctx: SocialContext,
  followerId: string,
  followeeId: string,
  source: RequestIdSource,
): Promise<FollowState> {
  if (followerId === followeeId) throw new HttpError(400, 'validation', socialMessages.selfFollow);
  const key = pairLock(followerId, followeeId);
  const release = await tryLock(ctx.deps.redis, key).catch(() => async () => {});
  let following: boolean;
  if (release) {
    try {
      following = await flip(ctx, followerId, followeeId, source);
    } finally {
      await release();
    }
  } else {
    await waitUnlocked(ctx.deps.redis, key);
    following = await isFollowing(ctx, followerId, followeeId);
  }
  return {
    following,
    message: following ? socialMessages.followed : socialMessages.unfollowed,
    ...(await followCounts(ctx, followeeId)),
  };
}

async function flip(ctx: SocialContext, followerId: string, followeeId: string, source: RequestIdSource): Promise<boolean> {
  const existing = await ctx.follows.findOne({ followerId, followeeId }).lean();
  if (existing) {
    const { deletedCount } = await ctx.follows.deleteOne({ _id: existing._id });
    if (deletedCount > 0) {
      const event: UserUnfollowedEvent = { followerId, followeeId, at: new Date().toISOString() };
      await announce(ctx, events.social.userUnfollowed, event, `unfollowed:${existing._id.toString()}`, source);
    }
    return false;
  }
  await ctx.users.get(followeeId, source); // 404 for someone who does not exist
  let edgeId: string;
  try {
    const edge = await ctx.follows.create({ followerId, followeeId, createdAt: new Date() });
    edgeId = edge._id.toString();
  } catch (err) {
    if (isDuplicateKey(err)) return true; // followed a moment ago by a request that did not hold the lock
    throw err;
  }
  const mutual = await isFollowing(ctx, followeeId, followerId);
  const event: UserFollowedEvent = { followerId, followeeId, mutual, at: new Date().toISOString() };
  await announce(ctx, events.social.userFollowed, event, `followed:${edgeId}`, source);
  return true;
}

/** The edge is stored: its event is retried, and the request fails (503) rather than the event vanishing. */
async function announce<S extends typeof events.social.userFollowed | typeof events.social.userUnfollowed>(
  ctx: SocialContext,
  subject: S,
  payload: EventPayload<NatsContracts, S>,
  msgId: string,
  source: RequestIdSource,
) {
  await ctx.deps.bus.publishReliably(subject, payload, { msgId, requestId: requestIdOf(source) });
}

function requestIdOf(source: RequestIdSource): string | undefined {
  if (!source) return undefined;
  return 'requestId' in source ? source.requestId : source.id;
}

export type FollowDirection = 'followers' | 'following';

/**
 * One page of a user's followers (or of whom they follow), newest follow first, each row with whether the viewer
 * follows that user. Names come from auth; when auth is unreachable, cached names or a placeholder, never an error.
 */
export async function followList(
  ctx: SocialContext,
  direction: FollowDirection,
  userId: string,
  viewerId: string | null,
  page: number,
  limit: number,
  source: RequestIdSource,
): Promise<{ rows: UserListItem[]; total: number }> {
  const filter = direction === 'followers' ? { followeeId: userId } : { followerId: userId };
  const [edges, total] = await Promise.all([
    ctx.follows
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    ctx.follows.countDocuments(filter),
  ]);
  const ids = edges.map((e) => (direction === 'followers' ? e.followerId : e.followeeId));
  const [viewerFollows, { known, missing }] = await Promise.all([
    viewerId && ids.length
      ? ctx.follows.find({ followerId: viewerId, followeeId: { $in: ids } }, { followeeId: 1, _id: 0 }).lean()
      : Promise.resolve([]),
    ctx.users.summaries(ids, source),
  ]);
  const followed = new Set(viewerFollows.map((f) => f.followeeId));
  const rows: UserListItem[] = [];
  for (const id of ids) {
    if (missing.has(id)) continue; // the account no longer exists
    const user = known.get(id);
    rows.push({
      id,
      username: user?.username ?? '',
      displayName: user ? user.displayName : socialMessages.unknownUser,
      avatarUrl: user?.avatarUrl ?? null,
      isFollowing: followed.has(id),
    });
  }
  return { rows, total };
}
