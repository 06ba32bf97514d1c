/** The one way a service runs work on a timer (sweeps, clean-ups). */
import type { Logger } from './logger.js';

export interface PeriodicJob {
  /** No new run starts; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs`, never two at once (a tick while a run is still going is skipped), without keeping the
 * process alive; a failed run is logged as `<name> failed` and the next tick tries again.
 */
export function everyInterval(name: string, everyMs: number, work: () => Promise<unknown>, log: Logger): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch((err: unknown) => log.warn({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
