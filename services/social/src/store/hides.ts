/** Blocks and mutes as they are kept: their collections (MongoDB) and each member's hidden set (Redis). */
import type { HiddenReply, HideState } from '@meydan/proto';
import type { Redis } from 'ioredis';
import { isDuplicateKey } from '@meydan/kit';
import type { HideKind } from '../model/hide.js';
import type { Models } from '../model/index.js';

type Hiding = { models: Pick<Models, HideKind>; redis: Redis };

/** A member's hidden set as `social.hidden` answers it, kept in Redis (ioredis adds the `social:` prefix). */
export const hiddenKey = (userId: string) => `hidden:${userId}`;
/** The set is counted again from the collections at the latest this long after a change Redis missed (or a read that raced a change and kept the set as it was just before it). */
export const HIDDEN_TTL_S = 600;

/** Whom the member blocked, who blocked them and whom they muted: from Redis, counted from the collections when missing. */
export async function hiddenFor(
  ctx: { models: Pick<Models, 'blocks' | 'mutes'>; redis: Redis },
  userId: string,
): Promise<HiddenReply> {
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

/** Drops the members' hidden sets (counted again at the next read). */
export async function forgetHidden(ctx: { redis: Redis }, ...userIds: string[]): Promise<void> {
  await Promise.all(userIds.map((id) => ctx.redis.del(hiddenKey(id)).catch(() => undefined)));
}

/** Whether one of the two blocked the other. */
export async function blockedBetween(
  ctx: { models: Pick<Models, 'blocks'> },
  a: string,
  b: string,
): Promise<'a' | 'b' | null> {
  const row = await ctx.models.blocks
    .findOne(
      {
        $or: [
          { userId: a, targetId: b },
          { userId: b, targetId: a },
        ],
      },
      { userId: 1, _id: 0 },
    )
    .lean();
  if (!row) return null;
  return row.userId === a ? 'a' : 'b';
}

/** Whether `userId` blocked `viewerId` (their profile is then "not found" to the viewer). */
export async function hasBlocked(
  ctx: { models: Pick<Models, 'blocks'> },
  userId: string,
  viewerId: string,
): Promise<boolean> {
  return (await ctx.models.blocks.exists({ userId, targetId: viewerId })) !== null;
}

/** Where `userId` stands towards `targetId` after a block, a mute or their taking back, with the answer's message. */
export async function hideStateOf(
  ctx: Pick<Hiding, 'models'>,
  userId: string,
  targetId: string,
  changed: boolean,
  message: string,
): Promise<HideState> {
  const [blocked, muted] = await Promise.all([
    ctx.models.blocks.exists({ userId, targetId }),
    ctx.models.mutes.exists({ userId, targetId }),
  ]);
  return { blocked: blocked !== null, muted: muted !== null, changed, message };
}

export async function isHidden(
  ctx: Pick<Hiding, 'models'>,
  kind: HideKind,
  userId: string,
  targetId: string,
): Promise<boolean> {
  return (await ctx.models[kind].exists({ userId, targetId })) !== null;
}

/** Stores the block or mute; its id, or null when it exists already. */
export async function insertHide(
  ctx: Pick<Hiding, 'models'>,
  kind: HideKind,
  userId: string,
  targetId: string,
): Promise<string | null> {
  try {
    return (await ctx.models[kind].create({ userId, targetId, createdAt: new Date() }))._id.toString();
  } catch (err) {
    if (isDuplicateKey(err)) return null;
    throw err;
  }
}

/** Removes the block or mute; the removed one's id, or null when there was none. */
export async function deleteHide(
  ctx: Pick<Hiding, 'models'>,
  kind: HideKind,
  userId: string,
  targetId: string,
): Promise<string | null> {
  const row = await ctx.models[kind].findOneAndDelete({ userId, targetId }).lean();
  return row ? row._id.toString() : null;
}

/** A page of the members `userId` blocked (or muted), newest first, and how many there are. */
export async function hidePage(
  ctx: Pick<Hiding, 'models'>,
  kind: HideKind,
  userId: string,
  page: number,
  limit: number,
) {
  const [rows, total] = await Promise.all([
    ctx.models[kind]
      .find({ userId })
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    ctx.models[kind].countDocuments({ userId }),
  ]);
  return { rows, total };
}

/** A deleted member's blocks and mutes, both ways. */
export async function removeMemberHides(ctx: Hiding, userId: string): Promise<void> {
  const either = { $or: [{ userId }, { targetId: userId }] };
  const ends = (
    await Promise.all([
      ctx.models.blocks.find(either, { userId: 1, targetId: 1, _id: 0 }).lean(),
      ctx.models.mutes.find(either, { userId: 1, targetId: 1, _id: 0 }).lean(),
    ])
  ).flat();
  await Promise.all([ctx.models.blocks.deleteMany(either), ctx.models.mutes.deleteMany(either)]);
  await forgetHidden(ctx, userId, ...ends.flatMap((e) => [e.userId, e.targetId]));
}
