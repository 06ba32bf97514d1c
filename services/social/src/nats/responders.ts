import { subjects } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { readFollowCounts, readMutuals } from '../usecases/follows.js';
import { readHidden } from '../usecases/hides.js';

/** What other services ask social over NATS (payloads checked by the bus against proto's contracts). */
export function bindSocialResponders(ctx: SocialContext): void {
  const { bus } = ctx;

  bus.respond(subjects.social.mutuals, ({ userId }) => readMutuals(ctx, userId));

  bus.respond(subjects.social.hidden, ({ userId }) => readHidden(ctx, userId));

  bus.respond(subjects.social.counts, ({ userId, viewerId }) => readFollowCounts(ctx, userId, viewerId));
}
