import { events } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';
import { tellVoters } from '../usecases/poll-results.js';

/** `notifications--poll-results`: a poll's voters told when it ends (usecases/poll-results.ts). */
export async function bindPollResults(ctx: NotificationsContext): Promise<void> {
  await ctx.bus.consume({
    purpose: 'poll-results',
    filterSubject: events.polls.pollEnded,
    // Paging through a large poll's voters takes a while; what is done is kept, so a redelivery only goes on.
    ackWaitMs: 120_000,
    maxDeliver: 20,
    handler: (e, c) => tellVoters(ctx, e, c),
  });
}
