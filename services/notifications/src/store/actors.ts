import { subjects, type CreatorSummary } from '@meydan/proto';
import type { Bus, BusContext } from '@meydan/kit';
import { someone } from '../domain/texts.js';

/** Deliveries of an event during which an unreachable auth makes the handler retry, before it settles for a placeholder. */
const RETRIES_FOR_NAMES = 3;

/** Names of the people who did something, from auth (`auth.users.summaries`): display name, else username. */
export class Actors {
  constructor(private readonly bus: Bus) {}

  /**
   * Names by id. Ids auth does not know get the placeholder. When auth cannot be asked the first deliveries fail
   * (JetStream redelivers with backoff); later ones settle for the placeholder, so a notification is not lost.
   */
  async names(ids: string[], ctx: BusContext & { deliveries: number }): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const names = new Map<string, string>();
    try {
      const { users } = await this.bus.request(subjects.auth.usersSummaries, { ids: unique }, ctx);
      for (const user of users) names.set(user.id, user.displayName?.trim() || user.username);
    } catch (err) {
      if (ctx.deliveries < RETRIES_FOR_NAMES) throw err;
      ctx.log.warn({ err: (err as Error).message }, 'auth unavailable: notification without the actor name');
    }
    for (const id of unique) if (!names.has(id)) names.set(id, someone);
    return names;
  }

  async name(id: string, ctx: BusContext & { deliveries: number }): Promise<string> {
    return (await this.names([id], ctx)).get(id) ?? someone;
  }
}
