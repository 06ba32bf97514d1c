/**
 * Per-key throttle of pushes: the first value after a quiet spell goes out at once, then at most one per
 * `intervalMs`, and the last value always goes out (trailing), so the final state is never held back.
 * `isStale(candidate, current)` drops values older than the one waiting (out-of-order arrivals). `emit` is told
 * whether the value waited (trailing), for callers that then read the state afresh rather than trust the value.
 */
export class Coalescer<T> {
  private readonly state = new Map<string, { last: number; pending?: T; timer?: NodeJS.Timeout }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly intervalMs: number,
    private readonly emit: (key: string, value: T, trailing: boolean) => void,
    private readonly isStale: (candidate: T, current: T) => boolean = () => false,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(10_000, intervalMs * 10));
    this.sweeper.unref();
  }

  push(key: string, value: T): void {
    let entry = this.state.get(key);
    if (!entry) {
      entry = { last: 0 };
      this.state.set(key, entry);
    }
    if (entry.timer) {
      if (entry.pending === undefined || !this.isStale(value, entry.pending)) entry.pending = value;
      return;
    }
    const now = Date.now();
    const wait = entry.last + this.intervalMs - now;
    if (wait <= 0) {
      entry.last = now;
      this.emit(key, value, false);
      return;
    }
    entry.pending = value;
    const current = entry;
    current.timer = setTimeout(() => {
      current.timer = undefined;
      const pending = current.pending;
      current.pending = undefined;
      current.last = Date.now();
      if (pending !== undefined) this.emit(key, pending, true);
    }, wait);
  }

  /** Stops every timer; values still waiting are dropped. */
  close(): void {
    clearInterval(this.sweeper);
    for (const entry of this.state.values()) if (entry.timer) clearTimeout(entry.timer);
    this.state.clear();
  }

  private sweep(): void {
    const idle = Date.now() - this.intervalMs;
    for (const [key, entry] of this.state) if (!entry.timer && entry.last < idle) this.state.delete(key);
  }
}
