/** What auth asks the polls service (`polls.*` over NATS). */
import { subjects } from '@meydan/proto';
import type { Bus } from '@meydan/kit';

type Asks = { bus: Bus };

/** The member's votes by topic, for the personality analysis: a 503 with a Turkish text when polls cannot answer. */
export async function votesByTopicOf(ctx: Asks, userId: string, requestId: string, timeoutMs: number) {
  return (await ctx.bus.request(subjects.polls.userTopics, { userId }, { requestId }, timeoutMs)).topics;
}

/** How many polls the member made and votes cast; null when polls does not answer in time (a profile never fails for it). */
export function pollCountsOf(ctx: Asks, userId: string, requestId: string, timeoutMs: number) {
  return ctx.bus.request(subjects.polls.userCounts, { userId }, { requestId }, timeoutMs).catch(() => null);
}

/** The member's polls and votes, for the data export. */
export function pollsExportOf(ctx: Asks, userId: string, requestId: string, timeoutMs: number) {
  return ctx.bus.request(subjects.polls.userExport, { userId }, { requestId }, timeoutMs);
}
