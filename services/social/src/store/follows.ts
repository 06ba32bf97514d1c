/** Following as it is kept: the edges and the follow requests (MongoDB), pair locks, withdrawals and counts (Redis). */
import type { Types } from 'mongoose';
import type { Redis } from 'ioredis';
import { CountsCache, isDuplicateKey, type Logger } from '@meydan/kit';
import type { FollowDirection, Relation } from '../domain/follow-graph.js';
import type { Models } from '../model/index.js';

export type FollowCounts = CountsCache<'followersCount' | 'followingCount'>;

/** Hash: a member's `followersCount` and `followingCount` (ioredis adds the `social:` prefix). */
export const followCountsKey = (userId: string) => `follow-counts:${userId}`;

/**
 * A member's follower and following counts, kept in Redis and counted from the edges when missing (on FerretDB a count
 * by follower or followee reads every edge): each edge created or removed drops both ends' counts.
 */
export function followCountsCache(redis: Redis, models: Models, log: Logger): FollowCounts {
  return new CountsCache(
    redis,
    followCountsKey,
    ['followersCount', 'followingCount'],
    async (userId) => {
      const [followersCount, followingCount] = await Promise.all([
        models.follows.countDocuments({ followeeId: userId }),
        models.follows.countDocuments({ followerId: userId }),
      ]);
      return { followersCount, followingCount };
    },
    log,
  );
}

/** The Redis lock that serializes the toggles of one pair. */
export const followPairLock = (followerId: string, followeeId: string) => `lock:follow:${followerId}:${followeeId}`;
/** Marks a pair whose follow request was withdrawn a moment ago (see REREQUEST_COOLDOWN_S). */
const withdrawnKey = (requesterId: string, targetId: string) => `follow-request:withdrawn:${requesterId}:${targetId}`;
/**
 * A request made again within this many seconds of its withdrawal is stored but announced to nobody: pressing follow
 * on a locked account over and over rings the member's bell once, not at every press.
 */
export const REREQUEST_COOLDOWN_S = 600;

type Edges = { models: Pick<Models, 'follows'> };
type Requests = { models: Pick<Models, 'followRequests'>; redis: Redis };

export async function isFollowing(ctx: Edges, followerId: string, followeeId: string): Promise<boolean> {
  return (await ctx.models.follows.exists({ followerId, followeeId })) !== null;
}

export async function followCounts(
  ctx: { counts: FollowCounts },
  userId: string,
): Promise<{ followersCount: number; followingCount: number }> {
  return ctx.counts.get(userId);
}

/** Users who follow `userId` and whom `userId` follows (the friends' circle). */
export async function mutualsOf(ctx: Edges, userId: string): Promise<string[]> {
  const following = await ctx.models.follows.find({ followerId: userId }, { followeeId: 1, _id: 0 }).lean();
  if (following.length === 0) return [];
  const back = await ctx.models.follows
    .find({ followeeId: userId, followerId: { $in: following.map((f) => f.followeeId) } }, { followerId: 1, _id: 0 })
    .lean();
  return back.map((f) => f.followerId);
}

/** Whether `followerId` follows `followeeId`, has asked to (a pending request), or neither. */
export async function relationOf(
  ctx: { models: Pick<Models, 'follows' | 'followRequests'> },
  followerId: string,
  followeeId: string,
): Promise<Relation> {
  if (await isFollowing(ctx, followerId, followeeId)) return 'following';
  return (await ctx.models.followRequests.exists({ requesterId: followerId, targetId: followeeId }))
    ? 'requested'
    : 'none';
}

/** The edge, when `followerId` follows `followeeId`. */
export const findEdge = (ctx: Edges, followerId: string, followeeId: string) =>
  ctx.models.follows.findOne({ followerId, followeeId }).lean();

/** The edges between the two, either way. */
export const edgesBetween = (ctx: Edges, a: string, b: string) =>
  ctx.models.follows
    .find({
      $or: [
        { followerId: a, followeeId: b },
        { followerId: b, followeeId: a },
      ],
    })
    .lean();

/** Removes an edge; whether it was still there (a concurrent removal may have taken it). */
export async function deleteEdge(ctx: Edges, edgeId: Types.ObjectId): Promise<boolean> {
  const { deletedCount } = await ctx.models.follows.deleteOne({ _id: edgeId });
  return deletedCount > 0;
}

/** Stores the edge; its id, or null when it exists already (followed a moment ago by a request that did not hold the lock). */
export async function insertEdge(ctx: Edges, followerId: string, followeeId: string): Promise<string | null> {
  try {
    return (await ctx.models.follows.create({ followerId, followeeId, createdAt: new Date() }))._id.toString();
  } catch (err) {
    if (isDuplicateKey(err)) return null;
    throw err;
  }
}

/** Takes back the pending follow request; whether there was one. A request made again soon after is then announced to nobody. */
export async function withdrawRequest(ctx: Requests, requesterId: string, targetId: string): Promise<boolean> {
  const { deletedCount } = await ctx.models.followRequests.deleteOne({ requesterId, targetId });
  if (deletedCount === 0) return false;
  await ctx.redis.set(withdrawnKey(requesterId, targetId), '1', 'EX', REREQUEST_COOLDOWN_S).catch(() => {});
  return true;
}

/**
 * Stores a follow request: its id, and whether it comes within the cool-down of a withdrawal (Redis unreachable: it
 * does not); null when one is pending already.
 */
export async function storeFollowRequest(
  ctx: Requests,
  requesterId: string,
  targetId: string,
): Promise<{ requestId: string; coolingDown: boolean } | null> {
  let requestId: string;
  try {
    requestId = (
      await ctx.models.followRequests.create({ requesterId, targetId, createdAt: new Date() })
    )._id.toString();
  } catch (err) {
    if (isDuplicateKey(err)) return null;
    throw err;
  }
  const coolingDown = (await ctx.redis.exists(withdrawnKey(requesterId, targetId)).catch(() => 0)) > 0;
  return { requestId, coolingDown };
}

/** Drops the follow requests between the two, either way. */
export async function dropRequestsBetween(
  ctx: { models: Pick<Models, 'followRequests'> },
  a: string,
  b: string,
): Promise<void> {
  await ctx.models.followRequests.deleteMany({
    $or: [
      { requesterId: a, targetId: b },
      { requesterId: b, targetId: a },
    ],
  });
}

/** One page of a user's followers (or of whom they follow), newest follow first, the ids in order, and how many there are. */
export async function followPage(ctx: Edges, direction: FollowDirection, userId: string, page: number, limit: number) {
  const filter = direction === 'followers' ? { followeeId: userId } : { followerId: userId };
  const [edges, total] = await Promise.all([
    ctx.models.follows
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    ctx.models.follows.countDocuments(filter),
  ]);
  return { ids: edges.map((e) => (direction === 'followers' ? e.followerId : e.followeeId)), total };
}

/** Which of `ids` the viewer follows. */
export async function followedAmong(ctx: Edges, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const edges = await ctx.models.follows
    .find({ followerId: viewerId, followeeId: { $in: ids } }, { followeeId: 1, _id: 0 })
    .lean();
  return new Set(edges.map((f) => f.followeeId));
}

/** A member's follow edges both ways, newest first (their data export). */
export async function edgesOf(ctx: { models: Pick<Models, 'follows'> }, userId: string) {
  const [followers, following] = await Promise.all([
    ctx.models.follows.find({ followeeId: userId }).sort({ createdAt: -1 }).lean(),
    ctx.models.follows.find({ followerId: userId }).sort({ createdAt: -1 }).lean(),
  ]);
  return { followers, following };
}

/**
 * Removes a deleted member's follow edges and the follow requests they sent or received; the counts of everyone at
 * the other end of an edge drop by one.
 */
export async function removeMemberEdges(ctx: { models: Models; counts: FollowCounts }, userId: string): Promise<void> {
  const edges = { $or: [{ followerId: userId }, { followeeId: userId }] };
  const ends = await ctx.models.follows.find(edges, { followerId: 1, followeeId: 1, _id: 0 }).lean();
  await Promise.all([
    ctx.models.follows.deleteMany(edges),
    ctx.models.followRequests.deleteMany({ $or: [{ requesterId: userId }, { targetId: userId }] }),
  ]);
  await ctx.counts.changed([userId, ...ends.flatMap((edge) => [edge.followerId, edge.followeeId])]);
}
