import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';
import { defineScripts } from './redis-scripts.js';

/** How long kept counts last after they were kept or dropped (what a write from outside the services left stale, too). */
export const COUNTS_TTL_S = 3600;

/** The generation field: raised by every drop, so a count read before a write is never kept after it. */
const GENERATION = 'g';

interface CountsScripts {
  /** Keeps the counts (ARGV[3..]: field, value, …) only while the generation is still ARGV[1]; ARGV[2]: ttl. */
  keepCountsIfUnchanged(
    key: string,
    generation: string,
    ttlSeconds: number,
    ...fieldsAndValues: string[]
  ): Promise<number>;
  /** Raises the generation and drops the counts (ARGV[2..]); ARGV[1]: ttl. */
  dropCounts(key: string, ttlSeconds: number, ...fields: string[]): Promise<number>;
}

const scripts = {
  keepCountsIfUnchanged: {
    keys: 1,
    lua: `
if (redis.call('HGET', KEYS[1], '${GENERATION}') or '0') ~= ARGV[1] then return 0 end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`,
  },
  dropCounts: {
    keys: 1,
    lua: `
redis.call('HINCRBY', KEYS[1], '${GENERATION}', 1)
for i = 2, #ARGV do redis.call('HDEL', KEYS[1], ARGV[i]) end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1`,
  },
};

/**
 * Counts about one subject (a member's followers and followings, their polls and votes) kept in a Redis hash, counted
 * again from the record (MongoDB, where counting by anything but `_id` reads the whole collection on FerretDB) when the
 * hash lacks them, and dropped by every write that changes them (`changed`, called after the write).
 *
 * The hash carries a generation that each drop raises, and counts read from the record are kept only if it did not
 * move between the read of the hash and the keeping: a count read just before a write cannot be kept after that
 * write's drop. When Redis cannot answer, the record is counted, and a drop it refuses is logged, never thrown: the
 * write it follows stands, and counts kept from before it last no longer than `ttlSeconds`.
 */
export class CountsCache<Field extends string> {
  private readonly redis: Redis & CountsScripts;
  /**
   * Counts of the record under way, by subject and the generation read before them: asks meanwhile in the same
   * generation wait for the same count (a count may read a whole collection); one after a drop counts anew.
   */
  private readonly counting = new Map<string, Promise<Record<Field, number>>>();

  constructor(
    redis: Redis,
    private readonly keyOf: (subjectId: string) => string,
    private readonly fields: readonly Field[],
    private readonly recount: (subjectId: string) => Promise<Record<Field, number>>,
    private readonly log: Logger,
    private readonly ttlSeconds = COUNTS_TTL_S,
  ) {
    this.redis = defineScripts<CountsScripts>(redis, scripts);
  }

  async get(subjectId: string): Promise<Record<Field, number>> {
    const key = this.keyOf(subjectId);
    const stored = await this.redis.hmget(key, GENERATION, ...this.fields).catch(() => null);
    const values = stored?.slice(1) ?? [];
    if (stored && values.every((value) => value !== null)) {
      return Object.fromEntries(this.fields.map((field, i) => [field, Number(values[i])])) as Record<Field, number>;
    }
    const counts = await this.countOnce(subjectId, stored ? (stored[0] ?? '0') : null);
    if (stored) {
      const fieldsAndValues = this.fields.flatMap((field) => [field, String(counts[field])]);
      await this.redis.keepCountsIfUnchanged(key, stored[0] ?? '0', this.ttlSeconds, ...fieldsAndValues).catch(() => 0);
    }
    return counts;
  }

  private countOnce(subjectId: string, generation: string | null): Promise<Record<Field, number>> {
    const key = `${subjectId}\n${generation ?? 'unknown'}`;
    let counting = this.counting.get(key);
    if (!counting) {
      counting = this.recount(subjectId).finally(() => this.counting.delete(key));
      this.counting.set(key, counting);
    }
    return counting;
  }

  /** Drops the kept counts of these subjects: call it after every write that changes them. */
  async changed(subjectIds: Iterable<string | null | undefined>): Promise<void> {
    const ids = new Set([...subjectIds].filter((id): id is string => Boolean(id)));
    // One key per call: on a Redis Cluster the subjects' hashes are on different nodes.
    const drops = await Promise.allSettled(
      [...ids].map((id) => this.redis.dropCounts(this.keyOf(id), this.ttlSeconds, ...this.fields)),
    );
    const failed = drops.filter((drop): drop is PromiseRejectedResult => drop.status === 'rejected');
    if (failed.length) {
      this.log.warn(
        { err: (failed[0]!.reason as Error)?.message, subjects: failed.length },
        'kept counts not dropped: they last until they expire',
      );
    }
  }
}
