/** What auth asks the social service (`social.*` over NATS). */
import { subjects } from '@meydan/proto';
import type { Bus } from '@meydan/kit';

type Asks = { bus: Bus };

/**
 * The member's follower counts, and whether they blocked the viewer (asked with one); null when social does not answer
 * in time (a profile never fails for it).
 */
export function socialCountsOf(
  ctx: Asks,
  asked: { userId: string; viewerId?: string },
  requestId: string,
  timeoutMs: number,
) {
  return ctx.bus.request(subjects.social.counts, asked, { requestId }, timeoutMs).catch(() => null);
}

/** The member's follows, for the data export. */
export function socialExportOf(ctx: Asks, userId: string, requestId: string, timeoutMs: number) {
  return ctx.bus.request(subjects.social.userExport, { userId }, { requestId }, timeoutMs);
}
