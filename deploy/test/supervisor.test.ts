/**
 * The supervisor of `npm start` with real child processes: a process that dies is started again after the backoff
 * and counted; one that keeps dying waits longer each time; `stop()` ends the process and any pending restart, so
 * nothing is left running.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProcess } from '../local/servers.mjs';
import { supervise } from '../local/supervisor.mjs';
import { quietFor } from '../../test/quiet.js';

type Supervised = ReturnType<typeof supervise>;
const running: Supervised[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.stop(2_000);
});

const alive = (pid: number | undefined): boolean => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A child that runs until killed, or exits by itself after `exitAfterMs`. */
const child = (exitAfterMs?: number) => () =>
  startProcess('child', process.execPath, [
    '-e',
    exitAfterMs ? `setTimeout(() => process.exit(3), ${exitAfterMs})` : 'setInterval(() => {}, 1000)',
  ]);

describe('supervise', () => {
  it('starts a killed process again after the backoff, counts and reports the restart', async () => {
    const exits: { pid: number | null | undefined; signal: string | null; delayMs: number }[] = [];
    const restarted: number[] = [];
    const supervised = supervise('worker', child(), {
      backoffFirstMs: 200,
      onExit: (e) => exits.push(e),
      onRestart: (s) => restarted.push(s.proc.pid!),
    });
    running.push(supervised);
    const firstPid = supervised.proc.pid!;
    process.kill(firstPid, 'SIGKILL');
    await vi.waitFor(() => expect(supervised.restarts).toBe(1), { timeout: 10_000, interval: 50 });
    expect(exits).toEqual([expect.objectContaining({ pid: firstPid, signal: 'SIGKILL', delayMs: 200 })]);
    expect(restarted).toEqual([supervised.proc.pid]);
    expect(supervised.proc.pid).not.toBe(firstPid);
    await vi.waitFor(() => expect(alive(supervised.proc.pid)).toBe(true), { timeout: 5_000 });
  });

  it('waits longer after each crash of a process that keeps dying', async () => {
    const delays: number[] = [];
    const supervised = supervise('crasher', child(20), {
      backoffFirstMs: 50,
      backoffMaxMs: 200,
      onExit: (e) => delays.push(e.delayMs),
    });
    running.push(supervised);
    await vi.waitFor(() => expect(delays.length).toBeGreaterThanOrEqual(5), { timeout: 15_000, interval: 50 });
    expect(delays.slice(0, 5)).toEqual([50, 100, 200, 200, 200]);
  });

  it('stop() ends the process and a pending restart: nothing is left', async () => {
    const supervised = supervise('stopped', child(), { backoffFirstMs: 300 });
    const pid = supervised.proc.pid!;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5_000 });
    await supervised.stop(2_000);
    // The restart that was pending never comes.
    await quietFor(450, 'no restart after stop()'); // past the 300 ms backoff the restart would have waited
    expect(supervised.restarts).toBe(0);
    expect(supervised.proc.pid).toBe(pid);

    const second = supervise('stopped-2', child());
    const secondPid = second.proc.pid!;
    await second.stop(2_000);
    expect(alive(secondPid)).toBe(false);
  });
});
