import { LRUCache } from 'lru-cache';

/**
 * The gateway's cache: entries live `ttlMs` (0: nothing is kept), the least recently used go first when it holds
 * `max`. Unlike lru-cache itself it keeps `null` too, so "no such session" is remembered like a found one.
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, { value: V }> | null;

  constructor(ttlMs: number, max = 50_000) {
    // lru-cache reads a ttl of 0 as "never expires".
    this.entries = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs }) : null;
  }

  get(key: string): V | undefined {
    return this.entries?.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.entries?.set(key, { value });
  }

  deleteWhere(test: (value: V) => boolean): void {
    if (!this.entries) return;
    const doomed = [...this.entries.entries()].filter(([, entry]) => test(entry.value)).map(([key]) => key);
    for (const key of doomed) this.entries.delete(key);
  }
}
