// Keeps a process running: when it dies without being asked to, it is started again after a backoff (1 s, doubling
// up to 30 s; back to 1 s once a run has lasted a minute), the restart is reported and counted. `stop()` ends it for
// good, also while a restart is pending, so Ctrl-C leaves nothing behind. Plain Node with built-ins only.
/** @import { ChildProcess } from 'node:child_process' */
/** @import { ProcessHandle } from './servers.mjs' */
/**
 * An unexpected exit, with the backoff before the next start (`error`: that start threw).
 * @typedef {{ name: string, pid: number | null | undefined, code: number | null, signal: NodeJS.Signals | null, delayMs: number, restarts: number, error?: Error }} ExitReport
 */
/**
 * @template {ProcessHandle} [H=ProcessHandle]
 * @typedef {{ name: string, restarts: number, readonly proc: ChildProcess, readonly current: H, stop(graceMs?: number): Promise<void> }} Supervised
 */

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A run this long counts as healthy: the next crash restarts after the first backoff again. */
export const HEALTHY_AFTER_MS = 60_000;

/**
 * `start()` starts the process and returns its handle (startProcess's shape: proc, exited, stop); `onExit` hears of
 * every unexpected exit with the backoff chosen, `onRestart` of every restarted process once `start` returned it.
 * @template {ProcessHandle} H
 * @param {string} name
 * @param {() => H} start
 * @param {{ onExit?: (report: ExitReport) => void, onRestart?: (supervised: Supervised<H>) => void, backoffFirstMs?: number, backoffMaxMs?: number, healthyAfterMs?: number }} [options]
 * @returns {Supervised<H>}
 */
export function supervise(
  name,
  start,
  {
    onExit = () => {},
    onRestart = () => {},
    backoffFirstMs = BACKOFF_FIRST_MS,
    backoffMaxMs = BACKOFF_MAX_MS,
    healthyAfterMs = HEALTHY_AFTER_MS,
  } = {},
) {
  let current = start();
  let startedAt = Date.now();
  let stopped = false;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  let backoffMs = backoffFirstMs;
  /** @type {Supervised<H>} */
  const supervised = {
    name,
    restarts: 0,
    get proc() {
      return current.proc;
    },
    get current() {
      return current;
    },
    async stop(/** @type {number | undefined} */ graceMs) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current.stop(graceMs);
    },
  };

  const watch = (/** @type {H} */ handle) => {
    handle.exited.then(({ code, signal }) => {
      if (stopped || handle !== current) return;
      if (Date.now() - startedAt >= healthyAfterMs) backoffMs = backoffFirstMs;
      const delayMs = backoffMs;
      backoffMs = Math.min(backoffMs * 2, backoffMaxMs);
      onExit({ name, pid: handle.proc.pid, code, signal, delayMs, restarts: supervised.restarts });
      timer = setTimeout(() => {
        timer = null;
        if (stopped) return;
        try {
          current = start();
        } catch (err) {
          onExit({
            name,
            pid: null,
            code: null,
            signal: null,
            delayMs: backoffMs,
            restarts: supervised.restarts,
            error: /** @type {Error} */ (err),
          });
          return;
        }
        startedAt = Date.now();
        supervised.restarts += 1;
        watch(current);
        onRestart(supervised);
      }, delayMs);
    });
  };
  watch(current);
  return supervised;
}
