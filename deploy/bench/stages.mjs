// The sustainable rate of a scenario, read from a k6 summary of deploy/k6/hot-paths.js run with STAGES: every request
// is tagged with the step it was sent in (step=<scenario>-<index>, while a rate is held), so each step has its own
// latency and error figures.

/** The criteria a step must meet to count as sustained (a scenario may have its own p99: `mixed`, 150 ms). */
export const SUSTAINED = {
  /** p99 of the measured request below this. */
  p99Ms: 100,
  /** Share of the step's planned arrivals that were actually sent: fewer means k6 ran out of VUs (a queue). */
  minArrivalShare: 0.9,
};

/** Per-step figures of one scenario; `p99Ms` replaces the sustained p99 for it. */
export function stepsOf(summary, scenario, rates, stepSeconds, { p99Ms = SUSTAINED.p99Ms } = {}) {
  const metrics = summary.metrics ?? {};
  return rates.map((rate, index) => {
    const tag = `step:${scenario}-${index}`;
    const duration = metrics[`req_duration{${tag}}`]?.values ?? {};
    const failed = metrics[`req_failed{${tag}}`]?.values ?? {};
    const sent = duration.count ?? 0;
    const errors = failed.passes ?? 0;
    const planned = rate * stepSeconds;
    const step = {
      rate,
      sent,
      errors,
      p50: duration.med ?? null,
      p95: duration['p(95)'] ?? null,
      p99: duration['p(99)'] ?? null,
      arrivalShare: planned > 0 ? sent / planned : 0,
    };
    // With BY_ANSWER (the shedding scenario): the answers served and those shed (503 overloaded), and the served p99.
    const served = metrics[`req_duration{${tag},answer:served}`]?.values;
    const shed = metrics[`req_duration{${tag},answer:shed}`]?.values;
    if (served || shed) Object.assign(step, { served: served?.count ?? 0, shed: shed?.count ?? 0, servedP99: served?.['p(99)'] ?? null });
    step.sustained = sent > 0 && errors === 0 && step.p99 !== null && step.p99 < p99Ms && step.arrivalShare >= SUSTAINED.minArrivalShare;
    return step;
  });
}

/**
 * The highest sustained step. A step above it that was not sustained is the breaking point; a sustained step above
 * a failed one (noise on a shared machine) still counts, and `dips` says how many lower steps failed, so that a
 * reader can tell.
 */
export function maxSustainable(steps) {
  let best = null;
  steps.forEach((step, index) => {
    if (step.sustained && (!best || step.rate > best.step.rate)) best = { step, index };
  });
  if (!best) return { rate: 0, step: null, dips: 0, brokeAt: steps[0]?.rate ?? null };
  const dips = steps.slice(0, best.index).filter((s) => !s.sustained).length;
  const broke = steps.slice(best.index + 1).find((s) => !s.sustained);
  return { rate: best.step.rate, step: best.step, dips, brokeAt: broke ? broke.rate : null };
}

/** Whole-run counts of a scenario (warm-up and ramps included): accepted requests and errors by kind. */
export function totalsOf(summary) {
  const metrics = summary.metrics ?? {};
  const failed = metrics.req_failed?.values ?? {};
  const kinds = {};
  for (const kind of ['network', 'conflict', 'rate_limited', 'timeout', 'client', 'server']) {
    const count = metrics[`req_errors{kind:${kind}}`]?.values?.count ?? 0;
    if (count) kinds[kind] = count;
  }
  return { accepted: failed.fails ?? 0, errors: failed.passes ?? 0, errorsByKind: kinds, dropped: metrics.dropped_iterations?.values?.count ?? 0 };
}

/** Whole-run counts of each action of a mixed run (req_failed{action:<name>}): accepted and failed. */
export function actionTotalsOf(summary) {
  const totals = {};
  for (const [name, metric] of Object.entries(summary.metrics ?? {})) {
    const match = /^req_failed\{action:([^}]+)\}$/.exec(name);
    if (match) totals[match[1]] = { accepted: metric.values?.fails ?? 0, errors: metric.values?.passes ?? 0 };
  }
  return totals;
}
