// The bench's one table, printed at the end of a run: the rates found, the live counts, the load-shedding knee, the
// web vitals, the CPU per request by process and every target's verdict (evaluated in targets.mjs).
import { f, LIMITS, stackCpuPerRequest, stackSum } from './targets.mjs';
import { describeWakeCost } from './wake-cost.mjs';

/** @import { CpuFigures } from './cpu.mjs' */
/** @import { DeepPartial, LiveFigures, RenderInput, SheddingFigures, Target, VitalsFigures } from './targets.mjs' */

const CPU_COLUMNS = [
  'gateway',
  'polls',
  'auth',
  'notifications',
  'notifications-2',
  'social',
  'contact',
  'admin',
  'nats',
  'redis',
  'ferretdb',
  'mongod',
  'bare-proxy',
  'k6',
  'live-clients',
];

/** Scenarios that are not a k6 rate ladder: their own tables, not the rates' or the CPU's. */
const OWN_TABLES = new Set(['live', 'web_vitals', 'shedding']);

/**
 * @param {string[]} header
 * @param {unknown[][]} rows
 */
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (/** @type {unknown[]} */ cells) =>
    cells
      .map((c, i) => String(c).padEnd(/** @type {number} */ (widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** @param {RenderInput} results */
export function renderReport(results) {
  /** @type {string[]} */
  const out = [];
  const failed = Object.entries(results.scenarios).filter(([, s]) => s.error);
  const scenarios = Object.entries(results.scenarios).filter(([name, s]) => !OWN_TABLES.has(name) && !s.error);
  out.push(`Meydan bench — ${results.startedAt}, Node ${results.node}, code under test ${results.codeUnderTest}`);
  if (results.machine) out.push(describeWakeCost(results.machine.wakeCost));
  if (results.baseline)
    out.push(
      `baseline (ceilings and live counts judged against it): ${results.baseline.codeUnderTest ?? 'n/a'}, ${results.baseline.startedAt ?? 'n/a'}`,
    );
  out.push(
    `steps of ${results.settings.STEP_S} s; sustained = p99 < 100 ms (mixed: ${LIMITS.mixedP99Ms} ms), 0 errors, ≥ 90% of the step's arrivals sent`,
  );
  out.push('');
  out.push(
    table(
      ['scenario', 'rate found', 'broke at', 'p50', 'p95', 'p99 (at rate found)', 'accepted', 'errors by kind'],
      scenarios.map(([name, s]) => [
        name,
        `${s.maxRate}/s${s.dips ? ` (${s.dips} lower step failed)` : ''}`,
        s.brokeAt ? `${s.brokeAt}/s` : '-',
        `${f(s.atMax?.p50, 1)} ms`,
        `${f(s.atMax?.p95, 1)} ms`,
        `${f(s.atMax?.p99, 1)} ms`,
        s.accepted,
        Object.entries(/** @type {Record<string, number>} */ (s.errorsByKind))
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || '0',
      ]),
    ),
  );
  for (const [name, s] of failed) out.push(`${name}: did not run to the end (${s.error})`);
  const live = results.scenarios.live?.error ? null : results.scenarios.live;
  if (live) {
    out.push('');
    out.push(
      table(
        ['live counts', 'sockets following', 'votes/s', 'votes', 'p50', 'p95', 'p99', 'max', 'updates missed'],
        /** @type {const} */ (['one', 'two'])
          .filter((k) => live[k])
          .map((k) => {
            const l = /** @type {LiveFigures['one']} */ (live[k]);
            return [
              `${k === 'one' ? 'one' : 'two'} notifications process${k === 'one' ? '' : 'es'}`,
              `${l.following ?? l.sockets}/${l.sockets}`,
              l.rate,
              l.votes,
              `${f(l.latency.p50, 1)} ms`,
              `${f(l.latency.p95, 1)} ms`,
              `${f(l.latency.p99, 1)} ms`,
              `${f(l.latency.max, 1)} ms`,
              l.missed,
            ];
          }),
      ),
    );
  }
  const shedding = results.scenarios.shedding?.error
    ? null
    : /** @type {SheddingFigures | undefined} */ (results.scenarios.shedding);
  if (shedding) {
    out.push('');
    out.push(
      'load shedding, share-link votes past their ceiling: through the gateway as shipped, and through one with shedding off',
    );
    const off = new Map(shedding.off.steps.map((step) => [step.rate, step]));
    const share = (/** @type {number} */ part, /** @type {number} */ whole) =>
      whole > 0 ? `${f((100 * part) / whole, 1)}%` : '-';
    out.push(
      table(
        ['offered', 'served/s', 'shed', 'served p99', 'off: answered/s', 'off: p99', 'off: errors'],
        shedding.on.steps.map((step) => {
          const o = off.get(step.rate);
          return [
            `${step.rate}/s`,
            f((step.served ?? 0) / results.settings.STEP_S, 0),
            share(step.shed ?? 0, step.sent),
            `${f(step.servedP99, 1)} ms`,
            o?.sent ? f(o.sent / results.settings.STEP_S, 0) : 'ended',
            o?.sent ? `${f(o.p99, 1)} ms` : '-',
            o?.sent ? o.errors : '-',
          ];
        }),
      ),
    );
  }
  const vitals = results.scenarios.web_vitals?.error
    ? null
    : /** @type {VitalsFigures | undefined} */ (results.scenarios.web_vitals);
  if (vitals) {
    out.push('');
    out.push(
      `web vitals, phone profile (${vitals.profile.viewport.width}×${vitals.profile.viewport.height}, ${vitals.profile.cpuSlowdown}× CPU, slow 4G), median of ${vitals.profile.runs} fresh loads; CLS = ${vitals.profile.cls}`,
    );
    out.push(
      table(
        ['page', 'path', 'as', 'LCP', 'CLS', 'FCP', 'largest element (last load)'],
        Object.entries(vitals.pages).map(([name, v]) => [
          name,
          v.path,
          v.as,
          `${f(v.lcpMs, 0)} ms`,
          f(v.cls, 3),
          `${f(v.fcpMs, 0)} ms`,
          v.loads.at(-1)?.lcpElement ?? '-',
        ]),
      ),
    );
  }
  // [name, CPU by process at the rate found (live: over its votes), the scenario]
  /** @typedef {[string, DeepPartial<CpuFigures> | null | undefined, { cpu?: DeepPartial<CpuFigures> | null }]} CpuRow */
  const withCpu = Object.entries(results.scenarios)
    .filter(([name, s]) => name !== 'web_vitals' && name !== 'shedding' && !s.error)
    .flatMap(([name, s]) =>
      name === 'live'
        ? /** @type {const} */ (['one', 'two'])
            .filter((k) => s[k])
            .map((k) => /** @type {CpuRow} */ ([`live (${k})`, /** @type {LiveFigures['one']} */ (s[k]).cpu, s[k]]))
        : [/** @type {CpuRow} */ ([`${name} at ${s.atMax?.rate ?? 0}/s`, s.atMax?.cpu, s])],
    );
  const columns = CPU_COLUMNS.filter((c) => withCpu.some(([, cpu]) => (cpu?.[c]?.perRequestMs ?? 0) >= 0.0005));
  out.push('');
  out.push(
    'CPU ms per accepted request by process, in the step held at the rate found (live: per vote over its run); "stack" sums the',
  );
  out.push('product\'s processes, not k6 or clients; "whole run" is the stack\'s over every step, warm-up and ramps');
  out.push(
    table(
      ['scenario', ...columns, 'stack', 'whole run'],
      withCpu.map(([name, cpu, s]) => [
        name,
        ...columns.map((c) => f(cpu?.[c]?.perRequestMs, 3)),
        f(stackSum(cpu), 3),
        f(stackCpuPerRequest(s), 3),
      ]),
    ),
  );
  out.push('');
  out.push('targets');
  out.push(
    table(
      ['', 'target', 'measured'],
      /** @type {Target[]} */ (results.targets).map((t) => [
        t.pass === null ? 'n/a ' : t.pass ? 'PASS' : 'FAIL',
        t.name,
        t.detail,
      ]),
    ),
  );
  return out.join('\n');
}
