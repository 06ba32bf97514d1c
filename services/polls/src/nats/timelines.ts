/**
 * The events the feed timelines follow (store/timelines.ts): a banned creator's polls leave every feed and come back
 * on reactivation, so the timelines are rebuilt from MongoDB without (or with) them. The banned set is written here
 * too (the same idempotent step as the ban consumer's), so the rebuild that the next read starts already leaves them out.
 */
import { events } from '@meydan/proto';
import type { PollsContext } from '../context.js';

export async function bindTimelineEvents(ctx: PollsContext): Promise<void> {
  for (const [purpose, subject, mark] of [
    ['timelines-creator-banned', events.admin.userBanned, (userId: string) => ctx.banned.add(userId)],
    ['timelines-creator-reactivated', events.admin.userReactivated, (userId: string) => ctx.banned.remove(userId)],
  ] as const) {
    await ctx.bus.consume({
      durable: ctx.durable(purpose),
      filterSubject: subject,
      handler: async ({ userId }) => {
        await mark(userId);
        await ctx.timelines.invalidate();
      },
    });
  }
}
