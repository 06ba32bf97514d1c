import { subjects, socialMessages, type CreatorSummary, type UserSettings } from '@meydan/proto';
import { HttpError, UserSummaries, type Bus, type Logger, type RequestIdSource } from '@meydan/kit';
import type { Redis } from 'ioredis';

/** How long a profile summary read from auth is kept, to show names while auth is unreachable. */
const CACHE_SECONDS = 24 * 3600;
const settingsKey = (id: string) => `settings:${id}`;

/**
 * Who users are, asked from auth over NATS (`auth.users.get`, `auth.users.summaries`). Summaries auth gave are kept
 * in Redis, so lists still show names when auth is briefly unreachable.
 */
export class UserDirectory {
  private readonly users: UserSummaries;

  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {
    this.users = new UserSummaries(bus, redis, log, { prefer: 'auth', cacheSeconds: CACHE_SECONDS });
  }

  /** The user, or a 404 'Kullanıcı bulunamadı'; a 503 when auth cannot be asked. */
  async get(id: string, source?: RequestIdSource): Promise<CreatorSummary> {
    try {
      const user = await this.bus.request(subjects.auth.usersGet, { id }, source);
      void this.users.keep([user]);
      return user;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404)
        throw new HttpError(404, 'not_found', socialMessages.userNotFound);
      throw err;
    }
  }

  /**
   * The member's privacy and follow-request settings, asked fresh from auth each time (a follow or a list read must
   * not act on a switch the member has just turned): 404 for someone who does not exist. When auth cannot answer,
   * the last answer it gave (kept like names) stands; with none, the 503.
   */
  async settings(id: string, source?: RequestIdSource): Promise<UserSettings> {
    try {
      const settings = await this.bus.request(subjects.auth.usersSettings, { userId: id }, source);
      await this.redis.set(settingsKey(id), JSON.stringify(settings), 'EX', CACHE_SECONDS).catch(() => {});
      return settings;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404)
        throw new HttpError(404, 'not_found', socialMessages.userNotFound);
      const cached = await this.redis.get(settingsKey(id)).catch(() => null);
      if (cached) {
        this.log.warn({ err: (err as Error).message }, 'auth settings unavailable: using the last known ones');
        return JSON.parse(cached) as UserSettings;
      }
      throw err;
    }
  }

  /**
   * Summaries by id. `known` holds the users found; `missing` the ids auth said do not exist. When auth cannot be
   * asked, cached summaries are used and ids without one are in neither (the caller shows a placeholder).
   */
  async summaries(
    ids: string[],
    source?: RequestIdSource,
  ): Promise<{ known: Map<string, CreatorSummary>; missing: Set<string> }> {
    const { known, missing } = await this.users.lookup(ids, source);
    return { known, missing };
  }
}
