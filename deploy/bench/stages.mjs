// The sustainable rate of a scenario, read from a k6 summary of deploy/k6/hot-paths.js run with STAGES: every request
// is tagged with the step it was sent in (step=<scenario>-<index>, while a rate is held), so each step has its own
// latency and error figures.

/**
 * A k6 end-of-test summary (`--summary-export`/handleSummary's JSON): each metric's values by name.
 * @typedef {{ metrics?: Record<string, { values?: Record<string, number> }> }} K6Summary
 */
/**
 * One held step of a stepped run (`served`, `shed`, `servedP99`: with BY_ANSWER).
 * @typedef {{ rate: number, sent: number, errors: number, p50: number | null, p95: number | null, p99: number | null, arrivalShare: number, sustained: boolean, served?: number, shed?: number, servedP99?: number | null }} Step
 */

/** The criteria a step must meet to count as sustained (a scenario may have its own p99: `mixed`, 150 ms). */
export const SUSTAINED = {
  /** p99 of the measured request below this. */
  p99Ms: 100,
  /** Share of the step's planned arrivals that were actually sent: fewer means k6 ran out of VUs (a queue). */
  minArrivalShare: 0.9,
};

/**
 * Per-step figures of one scenario; `p99Ms` replaces the sustained p99 for it.
 * @param {K6Summary} summary
 * @param {string} scenario
 * @param {number[]} rates
 * @param {number} stepSeconds
 * @param {{ p99Ms?: number }} [options]
 * @returns {Step[]}
 */
export function stepsOf(summary, scenario, rates, stepSeconds, { p99Ms = SUSTAINED.p99Ms } = {}) {
  const metrics = summary.metrics ?? {};
  return rates.map((rate, index) => {
    const tag = `step:${scenario}-${index}`;
    const duration = /** @type {Record<string, number>} */ (metrics[`req_duration{${tag}}`]?.values ?? {});
    const failed = /** @type {Record<string, number>} */ (metrics[`req_failed{${tag}}`]?.values ?? {});
    const sent = duration.count ?? 0;
    const errors = failed.passes ?? 0;
    const planned = rate * stepSeconds;
    const step = /** @type {Step} */ ({
      rate,
      sent,
      errors,
      p50: duration.med ?? null,
      p95: duration['p(95)'] ?? null,
      p99: duration['p(99)'] ?? null,
      arrivalShare: planned > 0 ? sent / planned : 0,
    });
    // With BY_ANSWER (the shedding scenario): the answers served and those shed (503 overloaded), and the served p99.
    const served = metrics[`req_duration{${tag},answer:served}`]?.values;
    const shed = metrics[`req_duration{${tag},answer:shed}`]?.values;
    if (served || shed)
      Object.assign(step, { served: served?.count ?? 0, shed: shed?.count ?? 0, servedP99: served?.['p(99)'] ?? null });
    step.sustained =
      sent > 0 &&
      errors === 0 &&
      step.p99 !== null &&
      step.p99 < p99Ms &&
      step.arrivalShare >= SUSTAINED.minArrivalShare;
    return step;
  });
}

/**
 * The highest sustained step. A step above it that was not sustained is the breaking point; a sustained step above
 * a failed one (noise on a shared machine) still counts, and `dips` says how many lower steps failed, so that a
 * reader can tell.
 * @template {Step} S
 * @param {S[]} steps
 * @returns {{ rate: number, step: S | null, dips: number, brokeAt: number | null }}
 */
export function maxSustainable(steps) {
  let best = /** @type {{ step: S, index: number } | null} */ (null);
  steps.forEach((step, index) => {
    if (step.sustained && (!best || step.rate > best.step.rate)) best = { step, index };
  });
  if (!best) return { rate: 0, step: null, dips: 0, brokeAt: steps[0]?.rate ?? null };
  const dips = steps.slice(0, best.index).filter((s) => !s.sustained).length;
  const broke = steps.slice(best.index + 1).find((s) => !s.sustained);
  return { rate: best.step.rate, step: best.step, dips, brokeAt: broke ? broke.rate : null };
}

/**
 * Whole-run counts of a scenario (warm-up and ramps included): accepted requests and errors by kind.
 * @param {K6Summary} summary
 */
export function totalsOf(summary) {
  const metrics = summary.metrics ?? {};
  const failed = /** @type {Record<string, number>} */ (metrics.req_failed?.values ?? {});
  /** @type {Record<string, number>} */
  const kinds = {};
  for (const kind of ['network', 'conflict', 'rate_limited', 'timeout', 'client', 'server']) {
    const count = metrics[`req_errors{kind:${kind}}`]?.values?.count ?? 0;
    if (count) kinds[kind] = count;
  }
  return {
    accepted: failed.fails ?? 0,
    errors: failed.passes ?? 0,
    errorsByKind: kinds,
    dropped: metrics.dropped_iterations?.values?.count ?? 0,
  };
}

/**
 * Whole-run counts of each action of a mixed run (req_failed{action:<name>}): accepted and failed.
 * @param {K6Summary} summary
 */
export function actionTotalsOf(summary) {
  /** @type {Record<string, { accepted: number, errors: number }>} */
  const totals = {};
  for (const [name, metric] of Object.entries(summary.metrics ?? {})) {
    const match = /^req_failed\{action:([^}]+)\}$/.exec(name);
    if (match)
      totals[/** @type {string} */ (match[1])] = {
        accepted: metric.values?.fails ?? 0,
        errors: metric.values?.passes ?? 0,
      };
  }
  return totals;
}
