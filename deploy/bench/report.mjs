// The bench's verdicts and its one table. Correctness targets (counters) fail the run; performance targets are
// printed PASS/FAIL and fail it only with BENCH_STRICT=1 (a shared or slow machine should not break a build).
import { SUSTAINED } from './stages.mjs';

/** @import { counterCheck } from './counters.mjs' */
/** @import { CpuFigures } from './cpu.mjs' */
/** @import { LadderFigures } from './ladder.mjs' */
/** @import { measureLive } from './live-run.mjs' */
/** @import { measureWebVitals } from './web-vitals.mjs' */
/** @typedef {{ on: LadderFigures, off: LadderFigures, kneeRate: number | null }} SheddingFigures */
/** @typedef {Awaited<ReturnType<typeof measureLive>>} LiveFigures */
/** @typedef {Awaited<ReturnType<typeof measureWebVitals>>} VitalsFigures */
/**
 * @template T
 * @typedef {T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T} DeepPartial
 */
/**
 * A scenario's figures as the bench keeps them: a rate ladder's, the live counts', the shedding knee's or the web
 * vitals' (each scenario one of these), or only `error` when it did not run to the end. The report reads what it is
 * given: a test gives only the figures a verdict needs.
 * @typedef {DeepPartial<LadderFigures & LiveFigures & SheddingFigures & VitalsFigures> & { error?: string }} ScenarioFigures
 */
/**
 * The web build's figures: the JS a visitor downloads for `/`, and a hashed asset as served in each encoding.
 * @typedef {{ initialJsGzipBytes: number, initialJsFiles: { file: string, gzipBytes: number }[], asset: string, encodings: Record<string, { status: number | undefined, contentEncoding: string | null, cacheControl: string | null, bytes: number, intact: boolean }> }} WebFigures
 */
/**
 * Every figure of a bench run (the JSON file it writes).
 * @typedef {object} BenchResults
 * @property {string} startedAt
 * @property {string} codeUnderTest
 * @property {string} node
 * @property {{ STEP_S: number } & Record<string, unknown>} settings
 * @property {Record<string, ScenarioFigures>} scenarios
 * @property {Record<string, Awaited<ReturnType<typeof counterCheck>>>} checks
 * @property {Record<string, number | null>} [idleRssMb]
 * @property {WebFigures} [web]
 * @property {Target[]} [targets]
 * @property {string} [finishedAt]
 * @property {number} [seconds]
 */
/**
 * What evaluateTargets reads of a run; renderReport reads the run's settings and targets too.
 * @typedef {{ scenarios: Record<string, ScenarioFigures>, checks?: Record<string, DeepPartial<Awaited<ReturnType<typeof counterCheck>>>>, idleRssMb?: Record<string, number | null>, web?: WebFigures }} ReportInput
 * @typedef {ReportInput & { startedAt: string, node: string, codeUnderTest: string, settings: { STEP_S: number }, targets?: Target[] }} RenderInput
 */
/** @typedef {{ kind: 'performance' | 'correctness', name: string, value: unknown, pass: boolean | null, detail: string }} Target */

/** Processes whose CPU is the stack's cost of a request (the load generator, socket clients and bare hop are not). */
export const STACK_PROCESSES = [
  'gateway',
  'auth',
  'polls',
  'social',
  'notifications',
  'notifications-2',
  'contact',
  'admin',
  'nats',
  'redis',
  'ferretdb',
  'mongod',
];
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

export const LIMITS = {
  gatewayVsBareProxy: 2,
  votesVsNoop: 0.5,
  /** Member votes: the rate found (the ladder's ceiling), and the summed CPU per vote at that rate. */
  votesPerSecond: 2500,
  cpuPerVoteMs: 1.2,
  /** Share-link votes (a new visitor's read and vote), likewise. */
  shareVotesPerSecond: 1400,
  cpuPerShareVoteMs: 2,
  /** The member feed, likewise (per request). */
  memberFeedPerSecond: 1000,
  cpuPerMemberFeedMs: 3,
  visitorFeedVsNoop: 0.7,
  /** The mixed scenario: its rate found, a step held with its p99 under mixedP99Ms and no error. */
  mixedPerSecond: 1500,
  mixedP99Ms: 150,
  liveP99Ms: 250,
  /** The live counts' p99 is judged with this many sockets following. */
  liveSockets: 5000,
  liveTwoVsOne: 1.2,
  /** Load shedding: past the knee, the p99 of the answers still served stays under this at every step. */
  shedServedP99Ms: 1000,
  idleRssMb: 120,
  initialJsGzipBytes: 170 * 1000,
  vitalsLcpMs: 2000,
  vitalsCls: 0.1,
};
/** The member feeds the bench reads, each its own ladder; the member-feed target holds for the slowest. */
export const MEMBER_FEEDS = ['trending', 'new', 'friends'];
/** A member feed's scenario: `member_feed` (trending, the API's default), `member_feed_new`, `member_feed_friends`. */
export const memberFeedScenario = (/** @type {string} */ feed) =>
  feed === 'trending' ? 'member_feed' : `member_feed_${feed}`;

/** Scenarios that are not a k6 rate ladder: their own tables, not the rates' or the CPU's. */
const OWN_TABLES = new Set(['live', 'web_vitals', 'shedding']);

/**
 * Summed stack CPU per accepted request of CPU figures by process (cpu.mjs), in ms.
 * @param {DeepPartial<CpuFigures> | null | undefined} cpu
 */
function stackSum(cpu) {
  if (!cpu) return null;
  let sum = 0;
  for (const name of STACK_PROCESSES) sum += cpu[name]?.perRequestMs ?? 0;
  return sum;
}

/** Summed stack CPU per accepted request of a scenario over its whole run, in ms. */
export const stackCpuPerRequest = (
  /** @type {{ cpu?: DeepPartial<CpuFigures> | null } | null | undefined} */ scenario,
) => stackSum(scenario?.cpu);

/** Summed stack CPU per accepted request of a stepped scenario in the step held at the rate found, in ms. */
export const stackCpuAtMax = (
  /** @type {{ atMax?: { cpu?: DeepPartial<CpuFigures> | null } | null } | null | undefined} */ scenario,
) => stackSum(scenario?.atMax?.cpu);

const ratio = (/** @type {unknown} */ a, /** @type {unknown} */ b) =>
  typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : null;
const f = (/** @type {unknown} */ v, digits = 2) =>
  typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : 'n/a';

const rateDetail = (/** @type {ScenarioFigures | null | undefined} */ scenario) =>
  scenario
    ? `${scenario.maxRate}/s${scenario.brokeAt ? `, broke at ${scenario.brokeAt}/s` : ' (did not break by the top step)'}`
    : 'n/a';

/**
 * A stepped scenario's ceiling (the rate found: its highest step held) against `minRate`, and the summed stack CPU per
 * accepted `unit` in that step against `maxCpuMs`: the CPU at the rate found, not averaged over the ladder.
 * @param {(name: string, value: number | null | undefined, ok: (v: number) => boolean, detail: string) => void} perf
 * @param {string} label
 * @param {ScenarioFigures | undefined} scenario
 * @param {number} minRate
 * @param {number} maxCpuMs
 * @param {string} unit
 */
function ceiling(perf, label, scenario, minRate, maxCpuMs, unit) {
  const ran = scenario && !scenario.error ? scenario : null;
  perf(
    `${label}: ceiling ≥ ${minRate}/s at p99 < ${SUSTAINED.p99Ms} ms, 0 errors`,
    ran?.maxRate ?? null,
    (v) => v >= minRate,
    rateDetail(ran),
  );
  const cpu = stackCpuAtMax(ran);
  const where = ran?.atMax ? `at ${ran.atMax.rate}/s` : 'no step held';
  perf(
    `${label}: summed CPU per ${unit} at the ceiling ≤ ${maxCpuMs} ms`,
    cpu,
    (v) => v <= maxCpuMs,
    `${f(cpu, 3)} ms ${where}`,
  );
}

/**
 * Every target with its measured value and verdict (pass null when its scenario was not run).
 * @param {ReportInput} results
 */
export function evaluateTargets(results) {
  const s = results.scenarios;
  /** @type {Target[]} */
  const targets = [];
  /** @type {(kind: Target['kind'], name: string, value: unknown, pass: boolean | null, detail: string) => number} */
  const add = (kind, name, value, pass, detail) => targets.push({ kind, name, value, pass, detail });
  /** @type {(name: string, value: number | null | undefined, ok: (v: number) => boolean, detail: string) => number} */
  const perf = (name, value, ok, detail) =>
    add('performance', name, value, value === null || value === undefined ? null : ok(value), detail);

  const gatewayCpu = s.noop?.cpu?.gateway?.perRequestMs ?? null;
  const bareCpu = s.bare_proxy?.cpu?.['bare-proxy']?.perRequestMs ?? null;
  const gatewayRatio = ratio(gatewayCpu, bareCpu);
  perf(
    `gateway CPU per no-op ≤ ${LIMITS.gatewayVsBareProxy}× the bare proxy hop's`,
    gatewayRatio,
    (v) => v <= LIMITS.gatewayVsBareProxy,
    `${f(gatewayCpu, 3)} vs ${f(bareCpu, 3)} ms: ${f(gatewayRatio)}×`,
  );
  const votesRatio = ratio(s.votes?.maxRate, s.noop?.maxRate);
  perf(
    `max votes/s ≥ ${LIMITS.votesVsNoop}× max no-ops/s`,
    votesRatio,
    (v) => v >= LIMITS.votesVsNoop,
    `${s.votes?.maxRate ?? 'n/a'} vs ${s.noop?.maxRate ?? 'n/a'}/s: ${f(votesRatio)}×`,
  );
  ceiling(perf, 'member votes', s.votes, LIMITS.votesPerSecond, LIMITS.cpuPerVoteMs, 'vote');
  ceiling(perf, 'share-link votes', s.share_votes, LIMITS.shareVotesPerSecond, LIMITS.cpuPerShareVoteMs, 'vote');
  for (const feed of MEMBER_FEEDS)
    ceiling(
      perf,
      `member feed (${feed})`,
      s[memberFeedScenario(feed)],
      LIMITS.memberFeedPerSecond,
      LIMITS.cpuPerMemberFeedMs,
      'request',
    );
  const mixed = s.mixed?.error ? null : s.mixed;
  perf(
    `mixed load ≥ ${LIMITS.mixedPerSecond} requests/s at p99 < ${LIMITS.mixedP99Ms} ms, 0 errors`,
    mixed?.maxRate ?? null,
    (v) => v >= LIMITS.mixedPerSecond,
    `${rateDetail(mixed)}; ${mixed?.errors ?? 'n/a'} errors in the run`,
  );
  const feedRatio = ratio(s.visitor_feed?.maxRate, s.noop?.maxRate);
  perf(
    `visitor feed rate ≥ ${LIMITS.visitorFeedVsNoop}× no-op rate`,
    feedRatio,
    (v) => v >= LIMITS.visitorFeedVsNoop,
    `${s.visitor_feed?.maxRate ?? 'n/a'} vs ${s.noop?.maxRate ?? 'n/a'}/s: ${f(feedRatio)}×`,
  );
  const one = s.live?.one?.latency?.p99 ?? null;
  const two = s.live?.two?.latency?.p99 ?? null;
  const following = s.live?.one?.following ?? 0;
  perf(
    `live p99 vote answer → poll_update ≤ ${LIMITS.liveP99Ms} ms with ${LIMITS.liveSockets} sockets following`,
    one,
    (v) => v <= LIMITS.liveP99Ms && following >= LIMITS.liveSockets,
    `${f(one, 1)} ms with ${following}/${s.live?.one?.sockets ?? 'n/a'} sockets following`,
  );
  const liveRatio = ratio(two, one);
  perf(
    `live p99 with two notifications processes ≤ ${LIMITS.liveTwoVsOne}× one's`,
    liveRatio,
    (v) => v <= LIMITS.liveTwoVsOne,
    `${f(two, 1)} vs ${f(one, 1)} ms: ${f(liveRatio)}×`,
  );

  const shedding = s.shedding?.error ? null : /** @type {SheddingFigures | undefined} */ (s.shedding);
  const worstServed = shedding
    ? Math.max(...shedding.on.steps.filter((step) => step.sent > 0).map((step) => step.servedP99 ?? Infinity))
    : null;
  perf(
    `load shedding: past the knee, the served answers' p99 < ${LIMITS.shedServedP99Ms} ms at every step`,
    shedding ? (shedding.kneeRate === null ? null : worstServed) : null,
    (v) => v < LIMITS.shedServedP99Ms,
    shedding
      ? shedding.kneeRate === null
        ? `nothing shed up to ${shedding.on.steps.at(-1)?.rate}/s`
        : `shedding from ${shedding.kneeRate}/s; worst served p99 ${f(worstServed, 1)} ms; without shedding: ${rateDetail(shedding.off)}`
      : 'n/a',
  );

  /** @typedef {{ lcpMs?: number | null, cls?: number | null, path?: string }} PageVerdictFigures */
  const vitals = s.web_vitals?.pages
    ? Object.entries(/** @type {Record<string, PageVerdictFigures>} */ (s.web_vitals.pages))
    : /** @type {[string, PageVerdictFigures][]} */ ([['every page', {}]]);
  for (const [page, v] of vitals) {
    perf(
      `${page} LCP < ${LIMITS.vitalsLcpMs} ms on the phone profile`,
      v.lcpMs ?? null,
      (x) => x < LIMITS.vitalsLcpMs,
      `${f(v.lcpMs, 0)} ms${v.path ? ` (${v.path})` : ''}`,
    );
    perf(
      `${page} CLS < ${LIMITS.vitalsCls} on the phone profile`,
      v.cls ?? null,
      (x) => x < LIMITS.vitalsCls,
      f(v.cls, 3),
    );
  }
  for (const [name, check] of Object.entries(results.checks ?? {})) {
    add(
      'correctness',
      `counters EQUAL (${name})`,
      check.equal ? 'EQUAL' : 'MISMATCH',
      /** @type {boolean} */ (check.equal),
      `Redis counter ${check.redisCounter}, Redis voters ${check.redisVoters}, MongoDB votes ${check.mongoVotes}, accepted ${check.accepted}`,
    );
  }
  for (const [name, mb] of Object.entries(results.idleRssMb ?? {})) {
    if (name === 'gateway') continue;
    perf(`idle RSS of ${name} ≤ ${LIMITS.idleRssMb} MB`, mb, (v) => v <= LIMITS.idleRssMb, `${f(mb, 1)} MB`);
  }
  if (results.web) {
    const bytes = results.web.initialJsGzipBytes;
    perf(
      `initial JS for / ≤ ${LIMITS.initialJsGzipBytes / 1000} kB gzip`,
      bytes,
      (v) => v <= LIMITS.initialJsGzipBytes,
      `${f(bytes / 1000, 1)} kB in ${results.web.initialJsFiles.length} files`,
    );
    for (const [encoding, r] of Object.entries(results.web.encodings)) {
      const ok =
        r.status === 200 &&
        r.contentEncoding === encoding &&
        r.intact !== false &&
        /immutable/.test(r.cacheControl ?? '');
      perf(
        `hashed asset served ${encoding}-compressed with immutable caching`,
        ok ? 1 : 0,
        () => ok,
        `${results.web.asset}: ${r.status}, content-encoding ${r.contentEncoding ?? 'none'}, ${r.bytes} bytes${r.intact === false ? ' (not the file)' : ''}, cache-control ${r.cacheControl ?? 'none'}`,
      );
    }
  }
  return targets;
}

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
