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
    // lru-cache reads a ttl of 0 as "never expires".
    this.entries =
      ttlMs > 0
        ? new LRUCache({
            max,
            ttl: ttlMs,
            ...(size
              ? {
                  maxSize: size.maxSize,
                  maxEntrySize: size.maxSize,
                  sizeCalculation: (entry: { value: V }) => Math.max(1, size.sizeOf(entry.value)),
                }
              : {}),
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
