import { events, socialMessages, type HiddenMember, type HiddenReply, type HideState } from '@meydan/proto';
import type { Redis } from 'ioredis';
import { HttpError, isDuplicateKey, type Bus, type Logger, type RequestIdSource } from '@meydan/kit';
import type { HideKind } from '../model/hide.js';
import type { Models } from '../model/index.js';
import type { FollowCounts } from './follows.js';
import type { UserDirectory } from './user-directory.js';

/** What blocking and muting are kept in: the collections, Redis (each member's hidden set), the bus and the directory. */
type Hiding = { models: Models; bus: Bus; redis: Redis; users: UserDirectory; counts: FollowCounts; log: Logger };

/** A member's hidden set as `social.hidden` answers it, kept in Redis (ioredis adds the `social:` prefix). */
export const hiddenKey = (userId: string) => `hidden:${userId}`;
/** The set is counted again from the collections at the latest this long after a change Redis missed (or a read that raced a change and kept the set as it was just before it). */
export const HIDDEN_TTL_S = 600;

const texts = {
  blocks: {
    self: socialMessages.selfBlock,
    done: socialMessages.blocked,
    again: socialMessages.alreadyBlocked,
    undone: socialMessages.unblocked,
    notThere: socialMessages.notBlocked,
  },
  mutes: {
    self: socialMessages.selfMute,
    done: socialMessages.muted,
    again: socialMessages.alreadyMuted,
    undone: socialMessages.unmuted,
    notThere: socialMessages.notMuted,
  },
} as const;

/** Whom the member blocked, who blocked them and whom they muted: from Redis, counted from the collections when missing. */
export async function hiddenFor(ctx: Pick<Hiding, 'models' | 'redis'>, userId: string): Promise<HiddenReply> {
  // While Redis is away the copy is skipped (a command would wait out the client's reconnection attempts).
  const cached = ctx.redis.status === 'ready';
  const kept = cached ? await ctx.redis.get(hiddenKey(userId)).catch(() => null) : null;
  if (kept) return JSON.parse(kept) as HiddenReply;
  const [blocked, blockedBy, muted] = await Promise.all([
    ctx.models.blocks.find({ userId }, { targetId: 1, _id: 0 }).lean(),
    ctx.models.blocks.find({ targetId: userId }, { userId: 1, _id: 0 }).lean(),
    ctx.models.mutes.find({ userId }, { targetId: 1, _id: 0 }).lean(),
  ]);
  const hidden: HiddenReply = {
    blocked: blocked.map((b) => b.targetId),
    blockedBy: blockedBy.map((b) => b.userId),
    muted: muted.map((m) => m.targetId),
  };
  if (cached) await ctx.redis.set(hiddenKey(userId), JSON.stringify(hidden), 'EX', HIDDEN_TTL_S).catch(() => undefined);
  return hidden;
}

async function forgetHidden(ctx: Hiding, ...userIds: string[]): Promise<void> {
  await Promise.all(userIds.map((id) => ctx.redis.del(hiddenKey(id)).catch(() => undefined)));
}

/** Whether one of the two blocked the other. */
export async function blockedBetween(ctx: Pick<Hiding, 'models'>, a: string, b: string): Promise<'a' | 'b' | null> {
  const row = await ctx.models.blocks
    .findOne({ $or: [{ userId: a, targetId: b }, { userId: b, targetId: a }] }, { userId: 1, _id: 0 })
    .lean();
  if (!row) return null;
  return row.userId === a ? 'a' : 'b';
}

/** Whether `userId` blocked `viewerId` (their profile is then "not found" to the viewer). */
export async function hasBlocked(ctx: Pick<Hiding, 'models'>, userId: string, viewerId: string): Promise<boolean> {
  return (await ctx.models.blocks.exists({ userId, targetId: viewerId })) !== null;
}

async function stateOf(ctx: Hiding, userId: string, targetId: string, changed: boolean, message: string): Promise<HideState> {
  const [blocked, muted] = await Promise.all([
    ctx.models.blocks.exists({ userId, targetId }),
    ctx.models.mutes.exists({ userId, targetId }),
  ]);
  return { blocked: blocked !== null, muted: muted !== null, changed, message };
}

/**
 * Blocks or mutes `targetId` for `userId`. Doing it twice is no error: 200, nothing changes, `changed: false` and a
 * message saying so. A block first ends the follows both ways and the follow requests between the two.
 */
export async function hide(ctx: Hiding, kind: HideKind, userId: string, targetId: string, source: RequestIdSource): Promise<HideState> {
  const t = texts[kind];
  if (userId === targetId) throw new HttpError(400, 'validation', t.self);
  await ctx.users.get(targetId, source); // 404 'Kullanıcı bulunamadı'
  if (await ctx.models[kind].exists({ userId, targetId })) return stateOf(ctx, userId, targetId, false, t.again);
  if (kind === 'blocks') await endFollowsBetween(ctx, userId, targetId, source);
  let rowId: string;
  try {
    rowId = (await ctx.models[kind].create({ userId, targetId, createdAt: new Date() }))._id.toString();
  } catch (err) {
    if (isDuplicateKey(err)) return stateOf(ctx, userId, targetId, false, t.again);
    throw err;
  }
  await forgetHidden(ctx, userId, targetId);
  const event = { userId, targetId, at: new Date().toISOString() };
  const sent = { msgId: `${kind}:${rowId}`, requestId: source };
  if (kind === 'blocks') await ctx.bus.publishReliably(events.social.userBlocked, event, sent);
  else await ctx.bus.publishReliably(events.social.userMuted, event, sent);
  return stateOf(ctx, userId, targetId, true, t.done);
}

/** Takes a block or mute back; taking back one that is not there is no error (200, `changed: false`). */
export async function unhide(ctx: Hiding, kind: HideKind, userId: string, targetId: string, source: RequestIdSource): Promise<HideState> {
  const t = texts[kind];
  if (userId === targetId) throw new HttpError(400, 'validation', t.self);
  await ctx.users.get(targetId, source);
  const row = await ctx.models[kind].findOneAndDelete({ userId, targetId }).lean();
  if (!row) return stateOf(ctx, userId, targetId, false, t.notThere);
  await forgetHidden(ctx, userId, targetId);
  const event = { userId, targetId, at: new Date().toISOString() };
  const sent = { msgId: `un${kind}:${row._id.toString()}`, requestId: source };
  if (kind === 'blocks') await ctx.bus.publishReliably(events.social.userUnblocked, event, sent);
  else await ctx.bus.publishReliably(events.social.userUnmuted, event, sent);
  return stateOf(ctx, userId, targetId, true, t.undone);
}

/** Ends the follows both ways (announced as unfollows, so other services drop their circles) and the requests. */
async function endFollowsBetween(ctx: Hiding, a: string, b: string, source: RequestIdSource): Promise<void> {
  const pair = { $or: [{ followerId: a, followeeId: b }, { followerId: b, followeeId: a }] };
  const edges = await ctx.models.follows.find(pair).lean();
  await ctx.models.followRequests.deleteMany({ $or: [{ requesterId: a, targetId: b }, { requesterId: b, targetId: a }] });
  for (const edge of edges) {
    const { deletedCount } = await ctx.models.follows.deleteOne({ _id: edge._id });
    if (deletedCount === 0) continue;
    await ctx.bus.publishReliably(
      events.social.userUnfollowed,
      { followerId: edge.followerId, followeeId: edge.followeeId, at: new Date().toISOString() },
      { msgId: `unfollowed:${edge._id.toString()}`, requestId: source },
    );
  }
  if (edges.length) await ctx.counts.changed([a, b]);
}

/** A page of the members `userId` blocked (or muted), newest first, with names from auth, and how many there are. */
export async function hiddenPage(
  ctx: Hiding,
  kind: HideKind,
  userId: string,
  page: number,
  limit: number,
  source: RequestIdSource,
): Promise<{ rows: HiddenMember[]; total: number }> {
  const [rows, total] = await Promise.all([
    ctx.models[kind].find({ userId }).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * limit).limit(limit).lean(),
    ctx.models[kind].countDocuments({ userId }),
  ]);
  const { known, missing } = await ctx.users.summaries(rows.map((r) => r.targetId), source);
  return {
    rows: rows
      .filter((r) => !missing.has(r.targetId))
      .map((r) => ({
        user: known.get(r.targetId) ?? { id: r.targetId, username: '', displayName: socialMessages.unknownUser, avatarUrl: null },
        since: new Date(r.createdAt).toISOString(),
      })),
    total,
  };
}

/** A deleted member's blocks and mutes, both ways. */
export async function removeMemberHides(ctx: Hiding, userId: string): Promise<void> {
  const either = { $or: [{ userId }, { targetId: userId }] };
  const ends = (
    await Promise.all([ctx.models.blocks.find(either, { userId: 1, targetId: 1, _id: 0 }).lean(), ctx.models.mutes.find(either, { userId: 1, targetId: 1, _id: 0 }).lean()])
  ).flat();
  await Promise.all([ctx.models.blocks.deleteMany(either), ctx.models.mutes.deleteMany(either)]);
  await forgetHidden(ctx, userId, ...ends.flatMap((e) => [e.userId, e.targetId]));
}
