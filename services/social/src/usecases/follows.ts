/**
 * Following: the follow toggle (a follow request where the member wants them), whether a viewer follows someone,
 * the followers and following lists, and what other services ask (counts, mutual followers).
 */
import { tryLock, waitUnlocked, HttpError, type RequestIdSource } from '@meydan/kit';
import {
  events,
  socialMessages,
  type FollowState,
  type UserFollowedEvent,
  type UserListItem,
  type UserUnfollowedEvent,
} from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { followState, listRows, messageOf, type FollowDirection, type Relation } from '../domain/follow-graph.js';
import {
  deleteEdge,
  findEdge,
  followCounts,
  followedAmong,
  followPage,
  followPairLock,
  insertEdge,
  isFollowing,
  mutualsOf,
  relationOf,
  storeFollowRequest,
  withdrawRequest,
} from '../store/follows.js';
import { blockedBetween, hasBlocked, hiddenFor } from '../store/hides.js';

type Following = Pick<SocialContext, 'models' | 'bus' | 'redis' | 'users' | 'counts'>;

/** Why a follow is refused: oneself, someone the follower blocked, or someone who blocked the follower. */
export type FollowRefusal = 'self' | 'blocked_by_follower' | 'blocked_by_followee';

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
): Promise<FollowState | FollowRefusal> {
  if (followerId === followeeId) return 'self';
  const key = followPairLock(followerId, followeeId);
  const release = await tryLock(ctx.redis, key).catch(() => async () => {});
  let outcome: { relation: Relation; message: string } | FollowRefusal;
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
  if (typeof outcome === 'string') return outcome;
  return followState(outcome.relation, outcome.message, await followCounts(ctx, followeeId));
}

async function flip(
  ctx: Following,
  followerId: string,
  followeeId: string,
  source: RequestIdSource,
): Promise<{ relation: Relation; message: string } | FollowRefusal> {
  const existing = await findEdge(ctx, followerId, followeeId);
  if (existing) {
    if (await deleteEdge(ctx, existing._id)) {
      await ctx.counts.changed([followerId, followeeId]);
      const event: UserUnfollowedEvent = { followerId, followeeId, at: new Date().toISOString() };
      await ctx.bus.publishReliably(events.social.userUnfollowed, event, {
        msgId: `unfollowed:${existing._id.toString()}`,
        requestId: source,
      });
    }
    return { relation: 'none', message: socialMessages.unfollowed };
  }
  if (await withdrawRequest(ctx, followerId, followeeId))
    return { relation: 'none', message: socialMessages.requestCancelled };

  // Between a blocker and the member they blocked there is no follow: the blocked one is told nothing more than
  // for someone who does not exist, the blocker to take the block back first.
  const blocker = await blockedBetween(ctx, followerId, followeeId);
  if (blocker === 'a') return 'blocked_by_follower';
  if (blocker === 'b') return 'blocked_by_followee';
  // 404 for someone who does not exist; reading the summary also keeps their name cached for the lists.
  const [, settings] = await Promise.all([ctx.users.get(followeeId, source), ctx.users.settings(followeeId, source)]);
  if (settings.followRequestsEnabled) {
    const stored = await storeFollowRequest(ctx, followerId, followeeId);
    if (stored && !stored.coolingDown) {
      await ctx.bus.publishReliably(
        events.social.followRequested,
        { requestId: stored.requestId, requesterId: followerId, targetId: followeeId, at: new Date().toISOString() },
        { msgId: `requested:${stored.requestId}`, requestId: source },
      );
    }
    return { relation: 'requested', message: socialMessages.requested };
  }
  await createEdge(ctx, followerId, followeeId, source);
  return { relation: 'following', message: socialMessages.followed };
}

/** Stores the edge and announces it (nothing when it exists already). */
export async function createEdge(
  ctx: Pick<Following, 'models' | 'bus' | 'counts'>,
  followerId: string,
  followeeId: string,
  source: RequestIdSource,
): Promise<void> {
  const edgeId = await insertEdge(ctx, followerId, followeeId);
  if (!edgeId) return;
  await ctx.counts.changed([followerId, followeeId]);
  const mutual = await isFollowing(ctx, followeeId, followerId);
  const event: UserFollowedEvent = { followerId, followeeId, mutual, at: new Date().toISOString() };
  await ctx.bus.publishReliably(events.social.userFollowed, event, { msgId: `followed:${edgeId}`, requestId: source });
}

/** Whether the viewer follows the user or has asked to; never for oneself or a visitor. */
export async function followingState(
  ctx: Pick<Following, 'models'>,
  viewerId: string | null,
  userId: string,
): Promise<{ following: boolean; requested?: true }> {
  if (!viewerId || viewerId === userId) return { following: false };
  const relation = await relationOf(ctx, viewerId, userId);
  return relation === 'requested' ? { following: false, requested: true } : { following: relation === 'following' };
}

/**
 * A private profile's follower lists are for the owner and their mutual followers only. A user auth does not know
 * has nothing to hide: their lists are simply empty.
 */
async function listsVisible(
  ctx: Following,
  ownerId: string,
  viewerId: string | null,
  source: RequestIdSource,
): Promise<boolean> {
  if (viewerId === ownerId) return true;
  let isPublic: boolean;
  try {
    isPublic = (await ctx.users.settings(ownerId, source)).isProfilePublic;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return true;
    throw err;
  }
  if (isPublic) return true;
  return (
    viewerId !== null && (await isFollowing(ctx, viewerId, ownerId)) && (await isFollowing(ctx, ownerId, viewerId))
  );
}

/**
 * One page of a user's followers (or of whom they follow), newest follow first, each row with whether the viewer
 * follows that user; none blocked by the viewer or who blocked them. Names come from auth; when auth is unreachable,
 * cached names or a placeholder, never an error. 'private' when the viewer may not see the lists.
 */
export async function readFollowList(
  ctx: Following,
  direction: FollowDirection,
  list: { userId: string; page: number; limit: number },
  viewerId: string | null,
  source: RequestIdSource,
): Promise<{ rows: UserListItem[]; total: number } | 'private'> {
  if (!(await listsVisible(ctx, list.userId, viewerId, source))) return 'private';
  const { ids: all, total } = await followPage(ctx, direction, list.userId, list.page, list.limit);
  // Members blocked either way with the viewer are left out of the lists the viewer reads (the page may be shorter).
  const blocked = viewerId ? await hiddenFor(ctx, viewerId) : null;
  const out = new Set(blocked ? [...blocked.blocked, ...blocked.blockedBy] : []);
  const ids = all.filter((id) => !out.has(id));
  const [followed, { known, missing }] = await Promise.all([
    viewerId ? followedAmong(ctx, viewerId, ids) : Promise.resolve(new Set<string>()),
    ctx.users.summaries(ids, source),
  ]);
  return { rows: listRows(ids, known, missing, followed), total };
}

/** Users who follow `userId` and whom `userId` follows (`social.mutuals`). */
export const readMutuals = async (ctx: Pick<Following, 'models'>, userId: string) => ({
  userIds: await mutualsOf(ctx, userId),
});

/** The member's follower and following counts, and for another viewer whether they follow and whether the member blocked them (`social.counts`). */
export async function readFollowCounts(
  ctx: Pick<Following, 'models' | 'counts'>,
  userId: string,
  viewerId: string | null | undefined,
) {
  const counts = await followCounts(ctx, userId);
  if (!viewerId || viewerId === userId) return counts;
  const [following, blocked] = await Promise.all([
    isFollowing(ctx, viewerId, userId),
    hasBlocked(ctx, userId, viewerId),
  ]);
  return { ...counts, isFollowing: following, ...(blocked ? { blockedViewer: true } : {}) };
}
