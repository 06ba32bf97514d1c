// The bench's verdicts: every target with its limit (LIMITS), its measured value and PASS/FAIL, and the types of the
// figures a run keeps. Correctness targets (counters) fail the run; performance targets are printed PASS/FAIL and fail
// it only with BENCH_STRICT=1 (a shared or slow machine should not break a build). report.mjs prints them as a table.
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
 * @property {{ wakeCost: import('./wake-cost.mjs').WakeCost }} [machine] how much more CPU work costs right after a sleep
 * @property {{ STEP_S: number } & Record<string, unknown>} settings
 * @property {Record<string, ScenarioFigures>} scenarios
 * @property {Record<string, Awaited<ReturnType<typeof counterCheck>>>} checks
 * @property {Record<string, number | null>} [idleRssMb]
 * @property {WebFigures} [web]
 * @property {Baseline} [baseline]
 * @property {Target[]} [targets]
 * @property {string} [finishedAt]
 * @property {number} [seconds]
 */
/**
 * What evaluateTargets reads of a run; renderReport reads the run's settings and targets too.
 * @typedef {{ scenarios: Record<string, ScenarioFigures>, checks?: Record<string, DeepPartial<Awaited<ReturnType<typeof counterCheck>>>>, idleRssMb?: Record<string, number | null>, web?: WebFigures, baseline?: Baseline }} ReportInput
 * @typedef {ReportInput & { startedAt: string, node: string, codeUnderTest: string, machine?: BenchResults['machine'], settings: { STEP_S: number }, targets?: Target[] }} RenderInput
 */
/**
 * The figures of a run on the code before (BENCH_BASELINE), which the ceilings and live counts are judged against.
 * @typedef {{ codeUnderTest?: string, startedAt?: string, scenarios: Record<string, ScenarioFigures> }} Baseline
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

export const LIMITS = {
  gatewayVsBareProxy: 2,
  votesVsNoop: 0.5,
  /**
   * Issue 43: the summed stack CPU per request in the step held at each ceiling, as a multiple of the bare proxy hop's
   * CPU per request at its own ceiling in the same run (what decides the bill on any machine); and each ceiling
   * against the same scenario's in a baseline run (BENCH_BASELINE: the JSON of the bench on the code before, run just
   * before this one on the same machine).
   */
  cpuVsBareProxy: { votes: 4.5, share_votes: 6, member_feed: 7.5, mixed: 7.5 },
  ceilingVsBaseline: { votes: 1.4, share_votes: 1.4, member_feed: 2, mixed: 2 },
  /** The member-vote rate the production overlay's pods are sized for (deploy/k8s/base/kustomization.yaml). */
  votesPerSecond: 2500,
  /** A ranked ballot (one Lua step, its ranking counted beside its first preference) against a plain member vote. */
  rankedVsPlainVote: 1.5,
  visitorFeedVsNoop: 0.7,
  /** The mixed scenario's steps hold with their p99 under this, and no error. */
  mixedP99Ms: 150,
  liveP99Ms: 250,
  /** The live counts' p99 is judged with this many sockets following. */
  liveSockets: 5000,
  liveTwoVsOne: 1.2,
  /** The live counts against the baseline run's: the notifications processes' CPU per vote, and the p99. */
  liveVsBaseline: 1.2,
  /** Load shedding: past the knee, the p99 of the answers still served stays under this at every step. */
  shedServedP99Ms: 1000,
  idleRssMb: 120,
  initialJsGzipBytes: 160 * 1000,
  vitalsLcpMs: 2000,
  /** The pages the server draws (a share link, a poll's page: gateway/src/server-render.ts) paint sooner. */
  vitalsServerRenderedLcpMs: 1200,
  vitalsCls: 0.1,
};
/** The bench's pages (web-vitals.mjs) the server draws, held to `vitalsServerRenderedLcpMs`. */
const SERVER_RENDERED_PAGES = new Set(['share_link', 'poll']);
/** The member feeds the bench reads, each its own ladder; the member-feed target holds for the slowest. */
export const MEMBER_FEEDS = ['trending', 'new', 'friends'];
/** A member feed's scenario: `member_feed` (trending, the API's default), `member_feed_new`, `member_feed_friends`. */
export const memberFeedScenario = (/** @type {string} */ feed) =>
  feed === 'trending' ? 'member_feed' : `member_feed_${feed}`;

/**
 * Summed stack CPU per accepted request of CPU figures by process (cpu.mjs), in ms.
 * @param {DeepPartial<CpuFigures> | null | undefined} cpu
 */
export function stackSum(cpu) {
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
export const f = (/** @type {unknown} */ v, digits = 2) =>
  typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : 'n/a';

/** What a target judged against the baseline run says when there is none. */
const NO_BASELINE = 'no baseline (BENCH_BASELINE)';

const rateDetail = (/** @type {ScenarioFigures | null | undefined} */ scenario) =>
  scenario
    ? `${scenario.maxRate}/s${scenario.brokeAt ? `, broke at ${scenario.brokeAt}/s` : ' (did not break by the top step)'}`
    : 'n/a';

/**
 * A stepped scenario's ceiling (the rate found: its highest step held) against the baseline run's (`minRatio` times
 * it at least; n/a without a baseline), and the summed stack CPU per accepted `unit` in that step against the bare
 * proxy hop's CPU per request at its own ceiling in this run (`maxMultiple` times it at most): the CPU at the rate
 * found, not averaged over the ladder.
 * @param {(name: string, value: number | null | undefined, ok: (v: number) => boolean, detail: string) => void} perf
 * @param {{ label: string, unit: string, minRatio: number, maxMultiple: number, p99Ms?: number }} target
 * @param {ScenarioFigures | undefined} scenario
 * @param {ScenarioFigures | undefined} baseline
 * @param {number | null} bareCpu
 */
function ceiling(perf, { label, unit, minRatio, maxMultiple, p99Ms = SUSTAINED.p99Ms }, scenario, baseline, bareCpu) {
  const ran = scenario && !scenario.error ? scenario : null;
  const before = baseline && !baseline.error ? baseline : null;
  const gain = ran && before ? ratio(ran.maxRate ?? 0, before.maxRate) : null;
  perf(
    `${label}: ceiling ≥ ${minRatio}× the baseline run's at p99 < ${p99Ms} ms, 0 errors`,
    gain,
    (v) => v >= minRatio,
    `${rateDetail(ran)} vs ${before ? rateDetail(before) : NO_BASELINE}${gain === null ? '' : `: ${f(gain)}×`}`,
  );
  const cpu = stackCpuAtMax(ran);
  const multiple = ratio(cpu, bareCpu);
  const where = ran?.atMax ? `at ${ran.atMax.rate}/s` : 'no step held';
  perf(
    `${label}: summed CPU per ${unit} at the ceiling ≤ ${maxMultiple}× the bare proxy hop's`,
    multiple,
    (v) => v <= maxMultiple,
    `${f(cpu, 3)} ms ${where} vs ${f(bareCpu, 3)} ms: ${f(multiple)}×`,
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
  // The bare hop's CPU at its own ceiling, as each scenario's is read at its: over the whole ladder, its low steps'
  // fixed costs would weigh more than at the top (0.36 against 0.22 ms in a short ladder here).
  const bareAtMax = s.bare_proxy?.atMax?.cpu?.['bare-proxy']?.perRequestMs ?? null;
  const base = results.baseline?.scenarios ?? {};
  /** @type {(label: string, unit: string, scenario: string, kind: keyof typeof LIMITS.cpuVsBareProxy, p99Ms?: number) => void} */
  const judge = (label, unit, scenario, kind, p99Ms) =>
    ceiling(
      perf,
      {
        label,
        unit,
        minRatio: LIMITS.ceilingVsBaseline[kind],
        maxMultiple: LIMITS.cpuVsBareProxy[kind],
        ...(p99Ms ? { p99Ms } : {}),
      },
      s[scenario],
      base[scenario],
      bareAtMax,
    );
  judge('member votes', 'vote', 'votes', 'votes');
  // Ranked choice (issue 41): a ranked ballot's CPU beside a plain vote's, each at its own ceiling.
  const rankedCpu = stackCpuAtMax(s.ranked_votes?.error ? null : s.ranked_votes);
  const plainCpu = stackCpuAtMax(s.votes?.error ? null : s.votes);
  const rankedRatio = ratio(rankedCpu, plainCpu);
  perf(
    `ranked ballot: summed CPU ≤ ${LIMITS.rankedVsPlainVote}× a plain member vote's, each at its ceiling`,
    rankedRatio,
    (v) => v <= LIMITS.rankedVsPlainVote,
    `${f(rankedCpu, 3)} vs ${f(plainCpu, 3)} ms: ${f(rankedRatio)}×`,
  );
  judge('share-link votes', 'vote', 'share_votes', 'share_votes');
  for (const feed of MEMBER_FEEDS) judge(`member feed (${feed})`, 'request', memberFeedScenario(feed), 'member_feed');
  judge('mixed load', 'request', 'mixed', 'mixed', LIMITS.mixedP99Ms);
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
  // The results visibility (issue 43 with the vote's promises): half the sockets follow as members who voted, half as
  // visitors who did not; none of the latter may get the counts, and every voter's update carries them.
  const liveRuns = [s.live?.one, s.live?.two].filter((r) => r !== undefined && r !== null);
  if (liveRuns.length) {
    const leaks = liveRuns.reduce((n, r) => n + (r.countsToNonVoters ?? Number.NaN), 0);
    const withheld = liveRuns.reduce((n, r) => n + (r.noCountsToVoters ?? Number.NaN), 0);
    const voters = Math.min(...liveRuns.map((r) => r.voters ?? 0));
    add(
      'correctness',
      "live counts after a vote: no update carries counts to a socket that has not voted, every voter's does",
      leaks,
      leaks === 0 && withheld === 0 && voters > 0,
      `${f(leaks, 0)} updates with counts to non-voters, ${f(withheld, 0)} without counts to voters; ${voters} voters' sockets of ${s.live?.one?.following ?? 'n/a'} following`,
    );
  }
  const liveRatio = ratio(two, one);
  perf(
    `live p99 with two notifications processes ≤ ${LIMITS.liveTwoVsOne}× one's`,
    liveRatio,
    (v) => v <= LIMITS.liveTwoVsOne,
    `${f(two, 1)} vs ${f(one, 1)} ms: ${f(liveRatio)}×`,
  );
  // Against the baseline run's live counts, one notifications process each: its CPU per vote and the p99.
  // Only a baseline of as many sockets at the same vote rate compares: fewer sockets cost less per vote.
  const liveOne = s.live?.error ? undefined : s.live?.one;
  const candidate = base.live?.error ? undefined : base.live?.one;
  const baseLive =
    candidate && liveOne && candidate.sockets === liveOne.sockets && candidate.rate === liveOne.rate
      ? candidate
      : undefined;
  const unlike = candidate
    ? `the baseline's ${candidate.sockets ?? 'n/a'} sockets at ${candidate.rate ?? 'n/a'} votes/s against ${liveOne?.sockets ?? 'n/a'} at ${liveOne?.rate ?? 'n/a'}: not compared`
    : NO_BASELINE;
  const notificationsCpu = s.live?.one?.cpu?.notifications?.perRequestMs ?? null;
  const baseNotificationsCpu = baseLive?.cpu?.notifications?.perRequestMs ?? null;
  const cpuVsBase = ratio(notificationsCpu, baseNotificationsCpu);
  perf(
    `live counts: notifications CPU per vote ≤ ${LIMITS.liveVsBaseline}× the baseline run's`,
    cpuVsBase,
    (v) => v <= LIMITS.liveVsBaseline,
    baseLive ? `${f(notificationsCpu, 3)} vs ${f(baseNotificationsCpu, 3)} ms: ${f(cpuVsBase)}×` : unlike,
  );
  const p99VsBase = ratio(one, baseLive?.latency?.p99);
  perf(
    `live counts: p99 vote answer → poll_update ≤ ${LIMITS.liveVsBaseline}× the baseline run's`,
    p99VsBase,
    (v) => v <= LIMITS.liveVsBaseline,
    baseLive ? `${f(one, 1)} vs ${f(baseLive.latency?.p99, 1)} ms: ${f(p99VsBase)}×` : unlike,
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
    const drawn = SERVER_RENDERED_PAGES.has(page);
    const lcpLimit = drawn ? LIMITS.vitalsServerRenderedLcpMs : LIMITS.vitalsLcpMs;
    perf(
      `${page} LCP ${drawn ? '≤' : '<'} ${lcpLimit} ms on the phone profile`,
      v.lcpMs ?? null,
      (x) => (drawn ? x <= lcpLimit : x < lcpLimit),
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
