/**
 * Block and mute: doing either twice is no error (`changed: false` and a message saying so), taking back one that is
 * not there neither. A block first ends the follows both ways and the follow requests between the two.
 */
import type { RequestIdSource } from '@meydan/kit';
import { events, socialMessages, type HiddenMember, type HideState } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import type { HideKind } from '../model/hide.js';
import { deleteEdge, dropRequestsBetween, edgesBetween } from '../store/follows.js';
import { deleteHide, forgetHidden, hiddenFor, hidePage, hideStateOf, insertHide, isHidden } from '../store/hides.js';

type Hiding = Pick<SocialContext, 'models' | 'bus' | 'redis' | 'users' | 'counts'>;

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

/** The refusal's text for oneself (400), the route's to send. */
export const selfHideText = (kind: HideKind) => texts[kind].self;

/** Blocks or mutes `targetId` for `userId`; 'self' for oneself. */
export async function hide(
  ctx: Hiding,
  kind: HideKind,
  userId: string,
  targetId: string,
  source: RequestIdSource,
): Promise<HideState | 'self'> {
  const t = texts[kind];
  if (userId === targetId) return 'self';
  await ctx.users.get(targetId, source); // 404 'Kullanıcı bulunamadı'
  if (await isHidden(ctx, kind, userId, targetId)) return hideStateOf(ctx, userId, targetId, false, t.again);
  if (kind === 'blocks') await endFollowsBetween(ctx, userId, targetId, source);
  const rowId = await insertHide(ctx, kind, userId, targetId);
  if (!rowId) return hideStateOf(ctx, userId, targetId, false, t.again);
  await forgetHidden(ctx, userId, targetId);
  const event = { userId, targetId, at: new Date().toISOString() };
  const sent = { msgId: `${kind}:${rowId}`, requestId: source };
  if (kind === 'blocks') await ctx.bus.publishReliably(events.social.userBlocked, event, sent);
  else await ctx.bus.publishReliably(events.social.userMuted, event, sent);
  return hideStateOf(ctx, userId, targetId, true, t.done);
}

/** Takes a block or mute back; 'self' for oneself. */
export async function unhide(
  ctx: Hiding,
  kind: HideKind,
  userId: string,
  targetId: string,
  source: RequestIdSource,
): Promise<HideState | 'self'> {
  const t = texts[kind];
  if (userId === targetId) return 'self';
  await ctx.users.get(targetId, source);
  const rowId = await deleteHide(ctx, kind, userId, targetId);
  if (!rowId) return hideStateOf(ctx, userId, targetId, false, t.notThere);
  await forgetHidden(ctx, userId, targetId);
  const event = { userId, targetId, at: new Date().toISOString() };
  const sent = { msgId: `un${kind}:${rowId}`, requestId: source };
  if (kind === 'blocks') await ctx.bus.publishReliably(events.social.userUnblocked, event, sent);
  else await ctx.bus.publishReliably(events.social.userUnmuted, event, sent);
  return hideStateOf(ctx, userId, targetId, true, t.undone);
}

/** Ends the follows both ways (announced as unfollows, so other services drop their circles) and the requests. */
async function endFollowsBetween(ctx: Hiding, a: string, b: string, source: RequestIdSource): Promise<void> {
  const edges = await edgesBetween(ctx, a, b);
  await dropRequestsBetween(ctx, a, b);
  for (const edge of edges) {
    if (!(await deleteEdge(ctx, edge._id))) continue;
    await ctx.bus.publishReliably(
      events.social.userUnfollowed,
      { followerId: edge.followerId, followeeId: edge.followeeId, at: new Date().toISOString() },
      { msgId: `unfollowed:${edge._id.toString()}`, requestId: source },
    );
  }
  if (edges.length) await ctx.counts.changed([a, b]);
}

/** A page of the members `userId` blocked (or muted), newest first, with names from auth, and how many there are. */
export async function listHidden(
  ctx: Hiding,
  kind: HideKind,
  list: { userId: string; page: number; limit: number },
  source: RequestIdSource,
): Promise<{ rows: HiddenMember[]; total: number }> {
  const { rows, total } = await hidePage(ctx, kind, list.userId, list.page, list.limit);
  const { known, missing } = await ctx.users.summaries(
    rows.map((r) => r.targetId),
    source,
  );
  return {
    rows: rows
      .filter((r) => !missing.has(r.targetId))
      .map((r) => ({
        user: known.get(r.targetId) ?? {
          id: r.targetId,
          username: '',
          displayName: socialMessages.unknownUser,
          avatarUrl: null,
        },
        since: new Date(r.createdAt).toISOString(),
      })),
    total,
  };
}

/** Whom the member blocked, who blocked them and whom they muted (`social.hidden`). */
export const readHidden = (ctx: Pick<Hiding, 'models' | 'redis'>, userId: string) => hiddenFor(ctx, userId);
