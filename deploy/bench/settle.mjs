// The stack between scenarios: its processes' CPU read at once, the wait until it goes quiet after a scenario's
// backlog, the unmeasured warm-up before the first ladder, and every service's resident memory at rest. Each takes the
// running stack (stack.mjs) it reads.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVICES } from '../local/stack.mjs';
import { cpuMs, rssMb } from './stack.mjs';
import { STACK_PROCESSES } from './targets.mjs';
import { env, num, runnerRoot, say, SETTLE_MAX_S, sleep } from './settings.mjs';

/** @import { BenchStack } from './stack.mjs' */

export const cpuNow = (/** @type {BenchStack} */ stack) =>
  Object.fromEntries(stack.processes().map((p) => [p.name, cpuMs(p.pid)]));

/**
 * Waits until the stack is quiet (under 15% of a core for a second, at most SETTLE_MAX_S): a scenario's backlog (the
 * votes still being persisted, the ranks and notifications they cause) is not the next one's load. Says so when that
 * took long, or never came.
 * @param {BenchStack} stack
 */
export async function settle(stack) {
  const names = new Set(STACK_PROCESSES);
  const busy = () =>
    stack
      .processes()
      .filter((p) => names.has(p.name))
      .reduce((sum, p) => sum + cpuMs(p.pid), 0);
  const started = Date.now();
  let lastMs = 0;
  while (Date.now() - started < SETTLE_MAX_S * 1000) {
    const before = busy();
    await sleep(1000);
    lastMs = busy() - before;
    if (lastMs < 150) {
      const waitedS = (Date.now() - started) / 1000;
      if (waitedS > 30) say(`  (the stack took ${waitedS.toFixed(0)} s to go quiet after the last scenario)`);
      return;
    }
  }
  say(`  (the stack was still busy after ${SETTLE_MAX_S} s: ${lastMs.toFixed(0)} ms of CPU in the last second)`);
}

/**
 * Unmeasured no-ops, so that no scenario pays for the processes' JIT warm-up.
 * @param {BenchStack} stack
 * @param {string} k6
 * @param {string[]} bases
 */
export async function warmUp(stack, k6, bases) {
  for (const base of bases) {
    spawnSync(
      k6,
      ['run', '--quiet', '--no-color', '--address', '127.0.0.1:0', join(runnerRoot, 'deploy/k6/hot-paths.js')],
      {
        env: { ...env, BASE_URL: base, SCENARIOS: 'noop', RATE: '200', DURATION_S: '4' },
        stdio: 'ignore',
      },
    );
  }
  await settle(stack);
}

/**
 * Every service's resident memory once start-up has settled, before any load.
 * @param {BenchStack} stack
 */
export async function idleMemory(stack) {
  await sleep(num('BENCH_SETTLE_MS', 5000));
  return Object.fromEntries(
    stack
      .processes()
      .filter((p) => [...SERVICES, 'gateway'].includes(p.name))
      .map((p) => [p.name, rssMb(p.pid)]),
  );
}
