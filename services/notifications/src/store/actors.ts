import type { Redis } from 'ioredis';
import { UserSummaries, type Bus, type BusContext, type Logger } from '@meydan/kit';
import { someone } from '../domain/texts.js';

/** Deliveries of an event during which an unreachable auth makes the handler retry, before it settles for a placeholder. */
const RETRIES_FOR_NAMES = 3;

/** How long a name auth gave is kept, to name people while auth is unreachable. */
const CACHE_SECONDS = 24 * 3600;

/** Names of the people who did something, from auth (`auth.users.summaries`): display name, else username. */
export class Actors {
  private readonly users: UserSummaries;

  constructor(bus: Bus, redis: Redis, log: Logger) {
    this.users = new UserSummaries(bus, redis, log, { prefer: 'auth', cacheSeconds: CACHE_SECONDS });
  }

  /**
   * Names by id. Ids auth does not know get the placeholder. When auth cannot be asked, names it gave before stand
   * in; for the others the first deliveries fail (JetStream redelivers with backoff) and later ones settle for the
   * placeholder, so a notification is not lost.
   */
  async names(ids: string[], ctx: BusContext & { deliveries: number }): Promise<Map<string, string>> {
    const { known, authUnreachable } = await this.users.lookup(ids, ctx);
    const names = new Map<string, string>();
    for (const [id, user] of known) names.set(id, user.displayName?.trim() || user.username);
    if (authUnreachable && ids.some((id) => !names.has(id))) {
      if (ctx.deliveries < RETRIES_FOR_NAMES) throw new Error('auth unavailable: the actor names are not known yet');
      ctx.log.warn('auth unavailable: notification without the actor name');
    }
    for (const id of ids) if (!names.has(id)) names.set(id, someone);
    return names;
  }

  async name(id: string, ctx: BusContext & { deliveries: number }): Promise<string> {
    return (await this.names([id], ctx)).get(id) ?? someone;
  }
}
