import { subjects, type CountsReply, type CountsRequest, type MutualsReply, type MutualsRequest } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { followCounts, isFollowing, mutualsOf } from '../domain/follow-graph.js';

/** What other services ask social over NATS. */
export function bindSocialResponders(ctx: SocialContext): void {
  const { bus } = ctx.deps;

  bus.respond<MutualsRequest, MutualsReply>(
    subjects.social.mutuals,
    async ({ userId }) => ({ userIds: await mutualsOf(ctx, userId) }),
    { requestSchema: 'meydan/social-mutuals-request', responseSchema: 'meydan/social-mutuals-reply' },
  );

  bus.respond<CountsRequest, CountsReply>(
    subjects.social.counts,
    async ({ userId, viewerId }) => {
      const counts = await followCounts(ctx, userId);
      if (!viewerId || viewerId === userId) return counts;
      return { ...counts, isFollowing: await isFollowing(ctx, viewerId, userId) };
    },
    { requestSchema: 'meydan/social-counts-request', responseSchema: 'meydan/social-counts-reply' },
  );
}
