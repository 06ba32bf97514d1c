/** What the admin asks polls over NATS: held polls and comments, and the polls' and reports' pages for the rebuild. */
import type { Bus } from '@meydan/kit';
import { subjects, type HeldDecideRequest } from '@meydan/proto';

type Asking = { bus: Bus };

/** Polls and comments the word filter held. */
export const heldPollTexts = (ctx: Asking, requestId: string) =>
  ctx.bus.request(subjects.polls.heldList, {}, { requestId });

export const decideHeldPollText = (ctx: Asking, asked: HeldDecideRequest, requestId: string) =>
  ctx.bus.request(subjects.polls.heldDecide, asked, { requestId });

/** One page of the polls, from the start or after `after`. */
export const pollsPage = (ctx: Asking, after: string | null, limit: number) =>
  ctx.bus.request(subjects.polls.pollsPage, { after, limit });

/** One page of the poll reports, from the start or after `after`. */
export const reportsPage = (ctx: Asking, after: string | null, limit: number) =>
  ctx.bus.request(subjects.polls.reportsPage, { after, limit });
