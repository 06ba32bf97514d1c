/**
 * Who users are, as auth tells it (`auth.users.summaries`: username, display name, avatar), kept in the asking
 * service's Redis so names still show while auth is unreachable. The one client every service uses to put a name
 * on an id; what a service does with an id auth could not name (a placeholder, a retry) stays its own.
 */
import type { Redis } from 'ioredis';
import { subjects, type CreatorSummary } from '@meydan/proto';
import type { Bus } from './bus/index.js';
import type { RequestIdSource } from './bus/wire.js';
import type { Logger } from './logger.js';

export interface UserSummariesOptions {
  /**
   * `cache`: a kept summary is answered without asking auth (read-mostly pages: names may lag by `cacheSeconds`);
   * `auth`: auth is asked every time and kept summaries stand in only when it does not answer.
   */
  prefer: 'cache' | 'auth';
  /** How long a summary auth gave is kept. */
  cacheSeconds: number;
  /** How long auth is given to answer (the bus's default when unset). */
  timeoutMs?: number;
}

export interface UserLookup {
  /** The summaries found, by id. */
  known: Map<string, CreatorSummary>;
  /** Ids auth answered for and does not know (deleted or never existed). */
  missing: Set<string>;
  /** Whether auth could not be asked: ids in neither set are then unknown for now, not gone. */
  authUnreachable: boolean;
}

/** The Redis key a summary is kept under (inside the service's own prefix). */
export const userSummaryKey = (id: string) => `user:${id}`;

export class UserSummaries {
  /** Ids this process is asking auth about right now, with the answer to wait for (one question per id at a time). */
  private readonly asking = new Map<string, Promise<Map<string, CreatorSummary> | null>>();

  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly options: UserSummariesOptions,
  ) {}

  /** Summaries of users by id; never throws (see `authUnreachable`). */
  async lookup(ids: readonly string[], source?: RequestIdSource): Promise<UserLookup> {
    const unique = [...new Set(ids)];
    const result: UserLookup = { known: new Map(), missing: new Set(), authUnreachable: false };
    if (unique.length === 0) return result;
    const toAsk = this.options.prefer === 'cache' ? await this.fromCache(unique, result.known) : unique;
    if (toAsk.length === 0) return result;
    const answered = await this.ask(toAsk, source);
    if (answered) {
      for (const id of toAsk) {
        const summary = answered.get(id);
        if (summary) result.known.set(id, summary);
        else result.missing.add(id);
      }
      return result;
    }
    result.authUnreachable = true;
    if (this.options.prefer === 'auth') await this.fromCache(toAsk, result.known);
    return result;
  }

  /** Keeps summaries auth gave through another request (e.g. `auth.users.get`). */
  async keep(summaries: readonly CreatorSummary[]): Promise<void> {
    await Promise.all(
      summaries.map((summary) =>
        this.redis.set(userSummaryKey(summary.id), JSON.stringify(summary), 'EX', this.options.cacheSeconds),
      ),
    ).catch(() => undefined);
  }

  /** Forgets a kept summary (the user changed or left). */
  async forget(id: string): Promise<void> {
    await this.redis.del(userSummaryKey(id));
  }

  /** Fills `into` with the kept summaries of `ids`; returns the ids without one. */
  private async fromCache(ids: string[], into: Map<string, CreatorSummary>): Promise<string[]> {
    let kept: (string | null)[] = ids.map(() => null);
    try {
      // One GET per user, sent together: an MGET's keys would have to be of one cluster slot.
      kept = await Promise.all(ids.map((id) => this.redis.get(userSummaryKey(id))));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user summary cache unreadable');
    }
    const without: string[] = [];
    ids.forEach((id, i) => {
      const raw = kept[i];
      if (raw) into.set(id, JSON.parse(raw) as CreatorSummary);
      else without.push(id);
    });
    return without;
  }

  /**
   * Auth's answer for `ids` (null when it could not be asked), kept in the cache. While auth is slow every page asking
   * again would only pile work on it, so an id already being asked about waits for that answer.
   */
  private async ask(ids: string[], source?: RequestIdSource): Promise<Map<string, CreatorSummary> | null> {
    const fresh = ids.filter((id) => !this.asking.has(id));
    if (fresh.length) {
      const answer = this.askAuth(fresh, source);
      for (const id of fresh) this.asking.set(id, answer);
      void answer.finally(() => {
        for (const id of fresh) if (this.asking.get(id) === answer) this.asking.delete(id);
      });
    }
    const answers = await Promise.all([...new Set(ids.map((id) => this.asking.get(id)!))]);
    if (answers.some((answer) => answer === null)) return null;
    const merged = new Map<string, CreatorSummary>();
    for (const answer of answers) for (const [id, summary] of answer!) merged.set(id, summary);
    return merged;
  }

  private async askAuth(ids: string[], source?: RequestIdSource): Promise<Map<string, CreatorSummary> | null> {
    try {
      const { users } = await this.bus.request(subjects.auth.usersSummaries, { ids }, source, this.options.timeoutMs);
      const found = new Map<string, CreatorSummary>();
      for (const u of users)
        found.set(u.id, {
          id: u.id,
          username: u.username,
          displayName: u.displayName ?? null,
          avatarUrl: u.avatarUrl ?? null,
        });
      await this.keep([...found.values()]);
      return found;
    } catch (err) {
      this.log.warn({ err: (err as Error).message, count: ids.length }, 'auth did not give user summaries');
      return null;
    }
  }
}
