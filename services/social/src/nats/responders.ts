import { subjects } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { followCounts, isFollowing, mutualsOf } from '../store/follows.js';
import { hasBlocked, hiddenFor } from '../store/hides.js';

/** What other services ask social over NATS (payloads checked by the bus against proto's contracts). */
export function bindSocialResponders(ctx: SocialContext): void {
  const { bus } = ctx;

  bus.respond(subjects.social.mutuals, async ({ userId }) => ({ userIds: await mutualsOf(ctx, userId) }));

  bus.respond(subjects.social.hidden, async ({ userId }) => hiddenFor(ctx, userId));

  bus.respond(subjects.social.counts, async ({ userId, viewerId }) => {
    const counts = await followCounts(ctx, userId);
    if (!viewerId || viewerId === userId) return counts;
    const [following, blocked] = await Promise.all([isFollowing(ctx, viewerId, userId), hasBlocked(ctx, userId, viewerId)]);
    return { ...counts, isFollowing: following, ...(blocked ? { blockedViewer: true } : {}) };
  });
}
