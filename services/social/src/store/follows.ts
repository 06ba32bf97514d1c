import { events, socialMessages, type FollowState, type UserListItem, type UserFollowedEvent, type UserUnfollowedEvent } from '@meydan/proto';
import { followState, listRows, messageOf, type FollowDirection, type Relation } from '../domain/follow-graph.js';
import type { Redis } from 'ioredis';
import { CountsCache, HttpError, isDuplicateKey, tryLock, waitUnlocked, type Bus, type Logger, type RequestIdSource } from '@meydan/kit';
import type { Models } from '../model/index.js';
import type { UserDirectory } from './user-directory.js';
import { blockedBetween, hiddenFor } from './hides.js';

/**
 * What following is kept in: the collections, Redis (pair locks, withdrawals, counts), the bus and the directory of
 * members.
 */
type Following = { models: Models; bus: Bus; redis: Redis; users: UserDirectory; counts: FollowCounts };

export type FollowCounts = CountsCache<'followersCount' | 'followingCount'>;

/** Hash: a member's `followersCount` and `followingCount` (ioredis adds the `social:` prefix). */
export const followCountsKey = (userId: string) => `follow-counts:${userId}`;

/**
 * A member's follower and following counts, kept in Redis and counted from the edges when missing (on FerretDB a count
 * by follower or followee reads every edge): each edge created or removed drops both ends' counts.
 */
export function followCountsCache(redis: Redis, models: Models, log: Logger): FollowCounts {
  return new CountsCache(redis, followCountsKey, ['followersCount', 'followingCount'], async (userId) => {
    const [followersCount, followingCount] = await Promise.all([
      models.follows.countDocuments({ followeeId: userId }),
      models.follows.countDocuments({ followerId: userId }),
    ]);
    return { followersCount, followingCount };
  }, log);
}

const pairLock = (followerId: string, followeeId: string) => `lock:follow:${followerId}:${followeeId}`;
/** Marks a pair whose follow request was withdrawn a moment ago (see REREQUEST_COOLDOWN_S). */
const withdrawnKey = (requesterId: string, targetId: string) => `follow-request:withdrawn:${requesterId}:${targetId}`;
/**
 * A request made again within this many seconds of its withdrawal is stored but announced to nobody: pressing follow
 * on a locked account over and over rings the member's bell once, not at every press.
 */
export const REREQUEST_COOLDOWN_S = 600;

export async function isFollowing(ctx: Following, followerId: string, followeeId: string): Promise<boolean> {
  return (await ctx.models.follows.exists({ followerId, followeeId })) !== null;
}

export async function followCounts(ctx: Following, userId: string): Promise<{ followersCount: number; followingCount: number }> {
  return ctx.counts.get(userId);
}

/** Users who follow `userId` and whom `userId` follows (the friends' circle). */
export async function mutualsOf(ctx: Following, userId: string): Promise<string[]> {
  const following = await ctx.models.follows.find({ followerId: userId }, { followeeId: 1, _id: 0 }).lean();
  if (following.length === 0) return [];
  const back = await ctx.models.follows
    .find({ followeeId: userId, followerId: { $in: following.map((f) => f.followeeId) } }, { followerId: 1, _id: 0 })
    .lean();
  return back.map((f) => f.followerId);
}

/** Whether `followerId` follows `followeeId`, has asked to (a pending request), or neither. */
export async function relationOf(ctx: Following, followerId: string, followeeId: string): Promise<Relation> {
  if (await isFollowing(ctx, followerId, followeeId)) return 'following';
  return (await ctx.models.followRequests.exists({ requesterId: followerId, targetId: followeeId })) ? 'requested' : 'none';
}

/**
 * Follows or unfollows, whichever the caller is not doing now; a member with follow requests on gets a request
 * instead of a follower, and pressing again withdraws it. Toggles of one pair are serialized by a short Redis
 * lock; a toggle that arrives while another of the same pair is running (a double click) does not toggle again but
 * answers the state the first one left, so a double click is one toggle. The unique index on the pair is the last
 * guard: there is never more than one edge, and counts are counted from the edges, so they are never negative.
 */
export async function toggleFollow(
  ctx: Following,
  followerId: string,
  followeeId: string,
  source: RequestIdSource,
): Promise<FollowState> {
  if (followerId === followeeId) throw new HttpError(400, 'validation', socialMessages.selfFollow);
  const key = pairLock(followerId, followeeId);
  const release = await tryLock(ctx.redis, key).catch(() => async () => {});
  let outcome: { relation: Relation; message: string };
  if (release) {
    try {
      outcome = await flip(ctx, followerId, followeeId, source);
    } finally {
      await release();
    }
  } else {
    await waitUnlocked(ctx.redis, key);
    const relation = await relationOf(ctx, followerId, followeeId);
    outcome = { relation, message: messageOf[relation] };
  }
  return followState(outcome.relation, outcome.message, await followCounts(ctx, followeeId));
}

async function flip(
  ctx: Following,
  followerId: string,
  followeeId: string,
  source: RequestIdSource,
): Promise<{ relation: Relation; message: string }> {
  const existing = await ctx.models.follows.findOne({ followerId, followeeId }).lean();
  if (existing) {
    const { deletedCount } = await ctx.models.follows.deleteOne({ _id: existing._id });
    if (deletedCount > 0) {
      await ctx.counts.changed([followerId, followeeId]);
      const event: UserUnfollowedEvent = { followerId, followeeId, at: new Date().toISOString() };
      await ctx.bus.publishReliably(events.social.userUnfollowed, event, { msgId: `unfollowed:${existing._id.toString()}`, requestId: source });
    }
    return { relation: 'none', message: socialMessages.unfollowed };
  }
  const { deletedCount: withdrawn } = await ctx.models.followRequests.deleteOne({ requesterId: followerId, targetId: followeeId });
  if (withdrawn > 0) {
    await ctx.redis.set(withdrawnKey(followerId, followeeId), '1', 'EX', REREQUEST_COOLDOWN_S).catch(() => {});
    return { relation: 'none', message: socialMessages.requestCancelled };
  }

  // Between a blocker and the member they blocked there is no follow: the blocked one is told nothing more than
  // for someone who does not exist, the blocker to take the block back first.
  const blocker = await blockedBetween(ctx, followerId, followeeId);
  if (blocker === 'a') throw new HttpError(400, 'validation', socialMessages.followBlocked);
  if (blocker === 'b') throw new HttpError(404, 'not_found', socialMessages.userNotFound);
  // 404 for someone who does not exist; reading the summary also keeps their name cached for the lists.
  const [, settings] = await Promise.all([ctx.users.get(followeeId, source), ctx.users.settings(followeeId, source)]);
  if (settings.followRequestsEnabled) {
    try {
      const request = await ctx.models.followRequests.create({ requesterId: followerId, targetId: followeeId, createdAt: new Date() });
      const requestId = request._id.toString();
      // Redis unreachable: announced (notifications still keeps one a day per requester).
      const coolingDown = (await ctx.redis.exists(withdrawnKey(followerId, followeeId)).catch(() => 0)) > 0;
      if (coolingDown) return { relation: 'requested', message: socialMessages.requested };
      await ctx.bus.publishReliably(
        events.social.followRequested,
        { requestId, requesterId: followerId, targetId: followeeId, at: new Date().toISOString() },
        { msgId: `requested:${requestId}`, requestId: source },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return { relation: 'requested', message: socialMessages.requested };
  }
  await createEdge(ctx, followerId, followeeId, source);
  return { relation: 'following', message: socialMessages.followed };
}

/** Stores the edge and announces it (nothing when it exists already). */
export async function createEdge(ctx: Following, followerId: string, followeeId: string, source: RequestIdSource): Promise<void> {
  let edgeId: string;
  try {
    const edge = await ctx.models.follows.create({ followerId, followeeId, createdAt: new Date() });
    edgeId = edge._id.toString();
  } catch (err) {
    if (isDuplicateKey(err)) return; // followed a moment ago by a request that did not hold the lock
    throw err;
  }
  await ctx.counts.changed([followerId, followeeId]);
  const mutual = await isFollowing(ctx, followeeId, followerId);
  const event: UserFollowedEvent = { followerId, followeeId, mutual, at: new Date().toISOString() };
  await ctx.bus.publishReliably(events.social.userFollowed, event, { msgId: `followed:${edgeId}`, requestId: source });
}

/**
 * A private profile's follower lists are for the owner and their mutual followers only (403 for anyone else).
 * A user auth does not know has nothing to hide: their lists are simply empty.
 */
export async function assertListsVisible(
  ctx: Following,
  ownerId: string,
  viewerId: string | null,
  source: RequestIdSource,
): Promise<void> {
  if (viewerId === ownerId) return;
  let isPublic: boolean;
  try {
    isPublic = (await ctx.users.settings(ownerId, source)).isProfilePublic;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return;
    throw err;
  }
  if (isPublic) return;
  const mutual = viewerId !== null && (await isFollowing(ctx, viewerId, ownerId)) && (await isFollowing(ctx, ownerId, viewerId));
  if (!mutual) throw new HttpError(403, 'forbidden', socialMessages.privateProfile);
}

/**
 * One page of a user's followers (or of whom they follow), newest follow first, each row with whether the viewer
 * follows that user; none blocked by the viewer or who blocked them. Names come from auth; when auth is unreachable, cached names or a placeholder, never an error.
 */
export async function followList(
  ctx: Following,
  direction: FollowDirection,
  userId: string,
  viewerId: string | null,
  page: number,
  limit: number,
  source: RequestIdSource,
): Promise<{ rows: UserListItem[]; total: number }> {
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
  // Members blocked either way with the viewer are left out of the lists the viewer reads (the page may be shorter).
  const blocked = viewerId ? await hiddenFor(ctx, viewerId) : null;
  const out = new Set(blocked ? [...blocked.blocked, ...blocked.blockedBy] : []);
  const ids = edges.map((e) => (direction === 'followers' ? e.followerId : e.followeeId)).filter((id) => !out.has(id));
  const [viewerFollows, { known, missing }] = await Promise.all([
    viewerId && ids.length
      ? ctx.models.follows.find({ followerId: viewerId, followeeId: { $in: ids } }, { followeeId: 1, _id: 0 }).lean()
      : Promise.resolve([]),
    ctx.users.summaries(ids, source),
  ]);
  const followed = new Set(viewerFollows.map((f) => f.followeeId));
  return { rows: listRows(ids, known, missing, followed), total };
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
