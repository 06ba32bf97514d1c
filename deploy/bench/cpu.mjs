// CPU of the stack's processes per accepted request: over a whole run, from two readings, or over each held step of a
// stepped run, from readings taken every few hundred ms and interpolated at the step's edges (a figure at the rate
// found, not averaged over the ladder below it).

/** Accepted-request CPU of each process over a window, from two readings ({name: ms}). */
export function cpuWindow(before, after, accepted) {
  const perProcess = {};
  for (const [name, ms] of Object.entries(after)) {
    const spent = ms - (before[name] ?? 0);
    perProcess[name] = { cpuMs: spent, perRequestMs: accepted > 0 ? spent / accepted : null };
  }
  return perProcess;
}

/**
 * Every process's CPU at moment `t` (ms since epoch), interpolated between the readings around it (`samples`:
 * [{t, cpu: {name: ms}}] in time order); null when the readings do not cover `t`.
 */
export function cpuAt(samples, t) {
  const after = samples.findIndex((s) => s.t >= t);
  if (after < 0) return null;
  if (samples[after].t === t) return samples[after].cpu;
  if (after === 0) return null;
  const a = samples[after - 1];
  const b = samples[after];
  const share = (t - a.t) / (b.t - a.t);
  const cpu = {};
  for (const [name, ms] of Object.entries(b.cpu)) {
    const from = a.cpu[name] ?? 0;
    cpu[name] = from + (ms - from) * share;
  }
  return cpu;
}

/** Where each rate of a stepped run is held, in ms after the scenario started: after the warm-up and each ramp. */
export function holdWindows(count, { warmS, rampS, stepS }) {
  return Array.from({ length: count }, (_, i) => {
    const from = (warmS + i * (rampS + stepS) + rampS) * 1000;
    return [from, from + stepS * 1000];
  });
}

/**
 * Each step's CPU by process per accepted request (`step.cpu`, null where the readings do not cover it), the scenario
 * having started at `startedAt`; the steps are given as stages.mjs reads them.
 */
export function withStepCpu(steps, samples, startedAt, timing) {
  const windows = holdWindows(steps.length, timing);
  return steps.map((step, i) => {
    const from = cpuAt(samples, startedAt + windows[i][0]);
    const to = cpuAt(samples, startedAt + windows[i][1]);
    return { ...step, cpu: from && to ? cpuWindow(from, to, step.sent - step.errors) : null };
  });
}
