import { LRUCache } from 'lru-cache';

/** Bounds by weight as well as by count: `maxSize` in all, each entry weighing `sizeOf(value)`. */
export interface SizeBound<V> {
  maxSize: number;
  sizeOf: (value: V) => number;
}

/**
 * The in-process cache every Meydan process uses (the gateway's sessions, identities, previews and shared answers;
 * polls' feed pages and poll facts; notifications' unread counts): entries live `ttlMs` unless `set` says otherwise (0: nothing is kept), the least recently used
 * go first when it holds `max` (or, with a size bound, weighs more than `maxSize`). Unlike lru-cache itself it keeps
 * `null` too, so "no such session" is remembered like a found one.
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, { value: V }> | null;

  constructor(ttlMs: number, max = 50_000, size?: SizeBound<V>) {
    // lru-cache reads a ttl of 0 as "never expires". Given `max`, it sets aside its arrays for `max` entries at once
    // (about 38 bytes each with a ttl: 0.76 MB for 20,000), kept for the process's life even when the cache stays
    // nearly empty, as most do in an idle process. A count bound alone is therefore given as a weight bound where each
    // entry weighs 1: the same bound, with arrays that grow as entries come.
    this.entries =
      ttlMs > 0
        ? new LRUCache({
            ttl: ttlMs,
            ...(size
              ? {
                  max,
                  maxSize: size.maxSize,
                  maxEntrySize: size.maxSize,
                  sizeCalculation: (entry: { value: V }) => Math.max(1, size.sizeOf(entry.value)),
                }
              : { max: 0, maxSize: max, sizeCalculation: () => 1 }),
          })
        : null;
  }

  get(key: string): V | undefined {
    return this.entries?.get(key)?.value;
  }

  /** Keeps `value` for the cache's time, or for `ttlMs` when given (more than 0). */
  set(key: string, value: V, ttlMs?: number): void {
    this.entries?.set(key, { value }, ttlMs && ttlMs > 0 ? { ttl: ttlMs } : undefined);
  }

  delete(key: string): void {
    this.entries?.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries?.clear();
  }

  deleteWhere(test: (value: V) => boolean): void {
    if (!this.entries) return;
    const doomed = [...this.entries.entries()].filter(([, entry]) => test(entry.value)).map(([key]) => key);
    for (const key of doomed) this.entries.delete(key);
  }
}
