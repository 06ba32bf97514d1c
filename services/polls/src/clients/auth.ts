/** What the polls service asks auth directly (people's summaries and settings go through clients/people.ts). */
import { subjects } from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';

/**
 * The member's topic affinities from their personality analysis, for the for-you feed; none (newest first) when auth
 * does not answer within 800 ms.
 */
export function topicAffinities(ctx: { bus: Bus }, userId: string, requestId: string, log: Pick<Logger, 'warn'>) {
  return ctx.bus
    .request(subjects.auth.usersAffinities, { userId }, { requestId }, 800)
    .then((reply) => reply.topics)
    .catch((err: unknown) => {
      log.warn({ err }, 'topic affinities unavailable; for-you falls back to newest');
      return [];
    });
}

/** Active members whose username or display name holds `q` (Turkish-aware), a page of them. */
export function searchMembers(
  ctx: { bus: Bus },
  query: { q: string; offset: number; limit: number },
  requestId: string,
) {
  return ctx.bus.request(subjects.auth.usersSearch, query, { requestId });
}
