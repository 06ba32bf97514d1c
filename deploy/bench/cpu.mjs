// CPU of the stack's processes per accepted request: over a whole run, from two readings, or over each held step of a
// stepped run, from readings taken every few hundred ms and interpolated at the step's edges (a figure at the rate
// found, not averaged over the ladder below it).

/** @typedef {Record<string, number>} CpuReading */
/** @typedef {Record<string, { cpuMs: number, perRequestMs: number | null }>} CpuFigures */
/** @typedef {{ t: number, cpu: CpuReading }} CpuSample */
/** @typedef {{ warmS: number, rampS: number, stepS: number }} StepTiming */

/**
 * Accepted-request CPU of each process over a window, from two readings ({name: ms}).
 * @param {CpuReading} before
 * @param {CpuReading} after
 * @param {number} accepted
 */
export function cpuWindow(before, after, accepted) {
  /** @type {CpuFigures} */
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
 * @param {CpuSample[]} samples
 * @param {number} t
 * @returns {CpuReading | null}
 */
export function cpuAt(samples, t) {
  const after = samples.findIndex((s) => s.t >= t);
  if (after < 0) return null;
  if (/** @type {CpuSample} */ (samples[after]).t === t) return /** @type {CpuSample} */ (samples[after]).cpu;
  if (after === 0) return null;
  const a = /** @type {CpuSample} */ (samples[after - 1]);
  const b = /** @type {CpuSample} */ (samples[after]);
  const share = (t - a.t) / (b.t - a.t);
  /** @type {CpuReading} */
  const cpu = {};
  for (const [name, ms] of Object.entries(b.cpu)) {
    const from = a.cpu[name] ?? 0;
    cpu[name] = from + (ms - from) * share;
  }
  return cpu;
}

/**
 * Where each rate of a stepped run is held, in ms after the scenario started: after the warm-up and each ramp.
 * @param {number} count
 * @param {StepTiming} timing
 * @returns {[number, number][]}
 */
export function holdWindows(count, { warmS, rampS, stepS }) {
  return Array.from({ length: count }, (_, i) => {
    const from = (warmS + i * (rampS + stepS) + rampS) * 1000;
    return [from, from + stepS * 1000];
  });
}

/**
 * Each step's CPU by process per accepted request (`step.cpu`, null where the readings do not cover it), the scenario
 * having started at `startedAt`; the steps are given as stages.mjs reads them.
 * @template {{ sent: number, errors: number }} S
 * @param {S[]} steps
 * @param {CpuSample[]} samples
 * @param {number} startedAt
 * @param {StepTiming} timing
 * @returns {(S & { cpu: CpuFigures | null })[]}
 */
export function withStepCpu(steps, samples, startedAt, timing) {
  const windows = holdWindows(steps.length, timing);
  return steps.map((step, i) => {
    const [start, end] = /** @type {[number, number]} */ (windows[i]);
    const from = cpuAt(samples, startedAt + start);
    const to = cpuAt(samples, startedAt + end);
    return { ...step, cpu: from && to ? cpuWindow(from, to, step.sent - step.errors) : null };
  });
}
