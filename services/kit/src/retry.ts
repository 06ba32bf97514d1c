/** The delay before retry number `attempt` (1 for the first retry), in milliseconds. */
export type Backoff = (attempt: number) => number;

/** Doubles from `firstMs` up to `maxMs`: 500, 1000, 2000, 4000, 5000, 5000 … for (500, 5000). */
export function exponentialBackoff(firstMs: number, maxMs: number): Backoff {
  return (attempt) => Math.min(firstMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30), maxMs);
}

/** Delays read from a list, one per retry; the last one repeats. */
export function steppedBackoff(delaysMs: readonly number[]): Backoff {
  if (delaysMs.length === 0) throw new Error('steppedBackoff needs at least one delay');
  return (attempt) => delaysMs[Math.min(Math.max(attempt - 1, 0), delaysMs.length - 1)]!;
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before each retry; none when not given. */
  backoff?: Backoff;
  /** Whether a failure is worth another attempt; others are thrown at once (default: every failure). */
  retryIf?: (err: unknown) => boolean;
  /** Ends the retries: no attempt starts after it aborts, and a wait in progress ends at once (the last failure is thrown). */
  signal?: AbortSignal;
}

/** `promise`, or a rejection with `Error(message)` if `ms` pass first; the timer goes either way. */
export function within<T>(promise: Promise<T>, ms: number, message = 'timeout'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Runs `work` until it succeeds, a failure is not worth retrying, or the attempts are spent (then the last failure is thrown). */
export async function retry<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = Math.max(1, options.attempts);
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (err) {
      const { retryIf, signal } = options;
      if (attempt >= attempts || signal?.aborted || (retryIf && !retryIf(err))) throw err;
      const delay = options.backoff?.(attempt) ?? 0;
      if (delay > 0) await sleep(delay, signal);
      if (signal?.aborted) throw err;
    }
  }
}
