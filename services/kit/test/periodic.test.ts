import { describe, expect, it, vi } from 'vitest';
import { everyInterval } from '@meydan/kit';
import { testLogger } from '@meydan/testing';
import { busyFor, quietFor } from '../../../test/quiet.js';

describe('everyInterval', () => {
  it('never runs twice at once, goes on after a failure, and stop() waits for the run in progress', async () => {
    const lines: Record<string, unknown>[] = [];
    let runs = 0;
    let running = 0;
    let most = 0;
    let finished = 0;
    const job = everyInterval(
      'test sweep',
      10,
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await busyFor(35);
        running--;
        finished++;
        if (runs === 1) throw new Error('first run fails');
      },
      testLogger(lines),
    );
    // A few runs, however loaded the machine (each takes 35 ms, 10 ms apart).
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await job.stop();
    const afterStop = runs;
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(runs);
    expect(lines.some((l) => l['msg'] === 'test sweep failed')).toBe(true);
    await quietFor(60, 'no run after stop()');
    expect(runs).toBe(afterStop);
  });
});
