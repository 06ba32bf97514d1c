/**
 * The load-testing kit without load: the members CSV both ways, the mixed load's order of actions, the
 * sustainable-rate reading of a stepped k6 run and its CPU per step, the live-counts latency arithmetic and the
 * targets on synthetic figures, `k6 inspect` of every script under deploy/k6
 * with the env it is run with, and `npm run bench:members` against the test MongoDB and Redis.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKeyOf } from '@meydan/kit';
import { infra } from '@meydan/testing';
import { ensureK6 } from '../local/ensure-tools.mjs';
import { formatCsv, MEMBER_COLUMNS, parseCsv, parseMembers } from '../k6/lib/csv.js';
import { actionOf, arrivalsOf, MIXED_WEIGHTS, mixPlan } from '../k6/lib/mix.js';
import { cpuAt, holdWindows, withStepCpu } from '../bench/cpu.mjs';
import { latencySamples, percentiles } from '../bench/live-math.mjs';
import { renderReport } from '../bench/report.mjs';
import { evaluateTargets } from '../bench/targets.mjs';
import { actionTotalsOf, maxSustainable, stepsOf, totalsOf, type Step } from '../bench/stages.mjs';
import { describeWakeCost, wakeCost } from '../bench/wake-cost.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'meydan-bench-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('members CSV', () => {
  it('reads back what it wrote, quotes, commas, line breaks and spaces included', () => {
    const rows = [
      { sid: 'abc123', userId: '6b0490645bdd8afeb6f5f0c1', username: 'ayse' },
      { sid: 's,2', userId: 'with "quotes"', username: 'line\nbreak' },
      { sid: ' padded ', userId: '', username: 'Çağrı Öztürk' },
    ];
    const text = formatCsv(MEMBER_COLUMNS, rows);
    expect(text.split('\n')[0]).toBe('sid,userId,username');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('takes CRLF line ends and blank lines, and refuses a row of the wrong width or without a sid', () => {
    expect(parseMembers('sid,userId\r\nx1,u1\r\n\r\nx2,u2\r\n')).toEqual([
      { sid: 'x1', userId: 'u1' },
      { sid: 'x2', userId: 'u2' },
    ]);
    expect(() => parseCsv('sid,userId\nx1\n')).toThrow(/row 2 has 1 fields/);
    expect(() => parseMembers('sid,userId\n,u1\n')).toThrow(/row 2 has no sid/);
    // Members made through the API (npm run k6:members) come as API tokens.
    expect(parseMembers('token\nmdn_a\nmdn_b\n')).toEqual([{ token: 'mdn_a' }, { token: 'mdn_b' }]);
    expect(() => parseMembers('token,userId\n,u1\n')).toThrow(/row 2 has no sid or token/);
    expect(() => parseCsv('sid\n"open\n')).toThrow(/not closed/);
  });
});

describe('the order of a mixed load', () => {
  it("gives each action exactly its weight in every cycle, spread out, and counts each action's arrivals from 0", () => {
    const plan = mixPlan(MIXED_WEIGHTS);
    expect(plan.total).toBe(100);
    const seen: Record<string, number[]> = {};
    const order: string[] = [];
    for (let i = 0; i < 300; i++) {
      const { action, n } = actionOf(plan, i);
      seen[action] ??= [];
      seen[action].push(n);
      order.push(action);
    }
    for (const [name, weight] of MIXED_WEIGHTS)
      expect(seen[name]).toEqual(Array.from({ length: weight * 3 }, (_, k) => k));
    // Reads 70, member votes 20, likes and comments 5, share-link votes 5.
    expect(arrivalsOf(plan, 'vote', 1000)).toBe(200);
    expect(arrivalsOf(plan, 'share_vote', 1000)).toBe(50);
    expect(arrivalsOf(plan, 'nothing', 1000)).toBe(0);
    // No action comes more than twice in a row (the feed as a member, a quarter of all, at most so).
    expect(order.some((a, i) => i >= 2 && a === order[i - 1] && a === order[i - 2])).toBe(false);
    expect(() => mixPlan([['a', 1.5]])).toThrow(/positive integers/);
    expect(() => mixPlan([])).toThrow(/positive integers/);
  });
});

/** A k6 summary as hot-paths.js writes it, for steps given as [count, p99, errors]. */
function summaryOf(scenario: string, steps: [number, number, number][]) {
  const metrics: Record<string, { values: Record<string, number> }> = {};
  steps.forEach(([count, p99, errors], i) => {
    metrics[`req_duration{step:${scenario}-${i}}`] = {
      values: { count, med: p99 / 4, 'p(95)': p99 / 2, 'p(99)': p99 },
    };
    metrics[`req_failed{step:${scenario}-${i}}`] = { values: { passes: errors, fails: count - errors } };
  });
  const all = steps.reduce((sum, [count]) => sum + count, 0);
  const errors = steps.reduce((sum, [, , e]) => sum + e, 0);
  metrics['req_failed'] = { values: { passes: errors, fails: all - errors } };
  metrics['req_errors{kind:server}'] = { values: { count: errors } };
  return { metrics };
}

describe('the sustainable rate of a stepped run', () => {
  const rates = [100, 200, 400, 800];

  it('is the highest step with p99 under 100 ms, no error and its arrivals sent; the next failing step is where it broke', () => {
    // 400/s: only 1,000 of 1,600 arrivals were sent in 4 s (k6 ran out of VUs), 800/s: p99 too high.
    const steps = stepsOf(
      summaryOf('votes', [
        [400, 20, 0],
        [800, 60, 0],
        [1000, 40, 0],
        [3200, 450, 0],
      ]),
      'votes',
      rates,
      4,
    );
    expect(steps.map((s) => s.sustained)).toEqual([true, true, false, false]);
    expect(steps[2]!.arrivalShare).toBeCloseTo(1000 / 1600);
    expect(maxSustainable(steps)).toMatchObject({ rate: 200, brokeAt: 400, dips: 0 });
  });

  it('does not sustain a step with a single error or no requests, and says when a lower step failed', () => {
    const steps = stepsOf(
      summaryOf('noop', [
        [400, 20, 0],
        [800, 20, 1],
        [1600, 30, 0],
        [0, 0, 0],
      ]),
      'noop',
      rates,
      4,
    );
    expect(steps.map((s) => s.sustained)).toEqual([true, false, true, false]);
    expect(maxSustainable(steps)).toMatchObject({ rate: 400, dips: 1, brokeAt: 800 });
  });

  it('holds a scenario to its own p99 (the mixed load: 150 ms) and counts each action of a mixed run', () => {
    const summary = summaryOf('mixed', [
      [400, 120, 0],
      [800, 160, 0],
    ]);
    expect(maxSustainable(stepsOf(summary, 'mixed', rates.slice(0, 2), 4)).rate).toBe(0);
    expect(maxSustainable(stepsOf(summary, 'mixed', rates.slice(0, 2), 4, { p99Ms: 150 }))).toMatchObject({
      rate: 100,
      brokeAt: 200,
    });
    const actions = {
      metrics: {
        ...summary.metrics,
        'req_failed{action:vote}': { values: { passes: 2, fails: 78 } },
        'req_failed{action:share_vote}': { values: { passes: 0, fails: 20 } },
      },
    };
    expect(actionTotalsOf(actions)).toEqual({
      vote: { accepted: 78, errors: 2 },
      share_vote: { accepted: 20, errors: 0 },
    });
  });

  it('tells the served answers from the shed ones (BY_ANSWER), each step with its served p99', () => {
    const summary = summaryOf('visitor_feed', [
      [400, 20, 0],
      [800, 60, 200],
    ]);
    summary.metrics['req_duration{step:visitor_feed-0,answer:served}'] = { values: { count: 400, 'p(99)': 20 } };
    summary.metrics['req_duration{step:visitor_feed-1,answer:served}'] = { values: { count: 600, 'p(99)': 45 } };
    summary.metrics['req_duration{step:visitor_feed-1,answer:shed}'] = { values: { count: 200, 'p(99)': 2 } };
    const steps = stepsOf(summary, 'visitor_feed', rates.slice(0, 2), 4);
    expect(steps[0]).toMatchObject({ served: 400, shed: 0, servedP99: 20 });
    expect(steps[1]).toMatchObject({ served: 600, shed: 200, servedP99: 45, sustained: false });
    // Without BY_ANSWER a step has no such figures.
    expect(stepsOf(summaryOf('noop', [[400, 20, 0]]), 'noop', [100], 4)[0]).not.toHaveProperty('served');
  });

  it('is 0 when no step held, and the totals count accepted requests and errors by kind', () => {
    const summary = summaryOf('noop', [
      [400, 150, 0],
      [800, 20, 3],
    ]);
    expect(maxSustainable(stepsOf(summary, 'noop', rates.slice(0, 2), 4))).toMatchObject({
      rate: 0,
      step: null,
      brokeAt: 100,
    });
    expect(totalsOf(summary)).toMatchObject({ accepted: 1197, errors: 3, errorsByKind: { server: 3 } });
    expect(maxSustainable([] as Step[]).rate).toBe(0);
  });
});

describe('CPU per step', () => {
  it('is read where each rate is held, interpolated between readings, per accepted request of that step', () => {
    const timing = { warmS: 2, rampS: 1, stepS: 4 };
    expect(holdWindows(2, timing)).toEqual([
      [3000, 7000],
      [8000, 12000],
    ]);
    // Readings every second from the start (t = 1000): polls spends 10 ms/s at the first step, 100 ms/s at the second.
    const t0 = 1000;
    const samples = Array.from({ length: 14 }, (_, s) => ({
      t: t0 + s * 1000,
      cpu: { polls: s <= 7 ? s * 10 : 70 + (s - 7) * 100 },
    }));
    expect(cpuAt(samples, t0 + 2500)).toEqual({ polls: 25 });
    expect(cpuAt(samples, t0 - 1)).toBeNull();
    expect(cpuAt(samples, t0 + 20_000)).toBeNull();
    const steps = withStepCpu(
      [
        { rate: 10, sent: 40, errors: 0 },
        { rate: 20, sent: 82, errors: 2 },
        { rate: 40, sent: 0, errors: 0 },
      ],
      samples,
      t0,
      timing,
    );
    expect(steps[0]!.cpu).toEqual({ polls: { cpuMs: 40, perRequestMs: 1 } });
    // Held from 9 s to 13 s after the first reading: 170 → 570 ms, over 80 accepted.
    expect(steps[1]!.cpu).toEqual({ polls: { cpuMs: 400, perRequestMs: 5 } });
    // Past the last reading: no figure.
    expect(steps[2]!.cpu).toBeNull();
  });
});

describe('live counts latency', () => {
  it('takes each vote to the first update at each socket that includes it, 0 when the update came first, missed when none did', () => {
    // Votes answered at 100 ms (total 1), 150 ms (total 2) and 900 ms (total 3).
    const answers: [number, number][] = [
      [1, 100],
      [2, 150],
      [3, 900],
    ];
    const socketA: [number, number][] = [
      [2, 400],
      [3, 880],
    ];
    const socketB: [number, number][] = [
      [1, 130],
      [2, 600],
    ];
    const { samples, missed } = latencySamples(answers, [socketA, socketB]);
    expect(samples.sort((a, b) => a - b)).toEqual([0, 30, 250, 300, 450]);
    expect(missed).toBe(1);
    expect(percentiles([5, 1, 3, 2, 4])).toEqual({ count: 5, p50: 3, p95: 5, p99: 5, max: 5 });
    expect(percentiles([]).p99).toBeNull();
  });
});

describe('targets', () => {
  const cpu = (perRequestMs: Record<string, number>) =>
    Object.fromEntries(Object.entries(perRequestMs).map(([n, v]) => [n, { cpuMs: 0, perRequestMs: v }]));
  const verdictOf = (targets: { name: string; pass: boolean | null }[]) => (start: string) =>
    targets.find((t) => t.name.startsWith(start))?.pass;

  it('fail on a counter mismatch and on figures past their limits, and are n/a without their scenario', () => {
    const targets = evaluateTargets({
      scenarios: {
        bare_proxy: {
          maxRate: 2000,
          atMax: { rate: 2000, cpu: cpu({ 'bare-proxy': 0.2 }) },
          cpu: cpu({ 'bare-proxy': 0.3 }),
        },
        noop: { maxRate: 1000, cpu: cpu({ gateway: 0.3 }) },
        // Averaged over the ladder the votes cost 3 ms; at the rate found, 1.1 ms (k6 is not the stack: 0.5 + 0.4 + 0.2).
        votes: {
          maxRate: 600,
          brokeAt: 700,
          atMax: { rate: 600, cpu: cpu({ gateway: 0.5, polls: 0.4, redis: 0.2, k6: 5 }) },
          cpu: cpu({ polls: 3 }),
        },
      },
      checks: {
        memberVotes: { equal: true, redisCounter: 5, redisVoters: 5, mongoVotes: 5, accepted: 5 },
        shareVotes: { equal: false, redisCounter: 5, redisVoters: 5, mongoVotes: 4, accepted: 5 },
      },
      idleRssMb: { auth: 150, polls: 90, gateway: 200 },
    });
    const verdict = verdictOf(targets);
    expect(verdict('gateway CPU per no-op')).toBe(true);
    expect(verdict('max votes/s ≥ 0.5×')).toBe(true);
    // Without a baseline run the ceiling is not judged; the CPU is, against the bare proxy hop's 0.2 ms at its own
    // ceiling (0.3 over its whole ladder): 5.5×, over 4.5×.
    expect(targets.find((t) => t.name.startsWith('member votes: ceiling'))).toMatchObject({
      pass: null,
      value: null,
      detail: '600/s, broke at 700/s vs no baseline (BENCH_BASELINE)',
    });
    expect(targets.find((t) => t.name.startsWith('member votes: summed CPU'))).toMatchObject({
      name: "member votes: summed CPU per vote at the ceiling ≤ 4.5× the bare proxy hop's",
      pass: false,
      detail: '1.100 ms at 600/s vs 0.200 ms: 5.50×',
    });
    expect(verdict('share-link votes: ceiling')).toBeNull();
    expect(verdict('visitor feed')).toBeNull();
    expect(verdict('mixed load')).toBeNull();
    expect(verdict('counters EQUAL (memberVotes)')).toBe(true);
    expect(targets.find((t) => t.name === 'counters EQUAL (shareVotes)')).toMatchObject({
      kind: 'correctness',
      pass: false,
    });
    expect(verdict('idle RSS of auth')).toBe(false);
    expect(verdict('idle RSS of polls')).toBe(true);
    expect(targets.some((t) => t.name.includes('gateway ≤'))).toBe(false);
  });

  it("judge each ceiling against the baseline run's, when there is one", () => {
    const run = (baselineRate: number) =>
      evaluateTargets({
        scenarios: {
          bare_proxy: { maxRate: 2000, atMax: { rate: 2000, cpu: cpu({ 'bare-proxy': 0.25 }) } },
          votes: { maxRate: 700, brokeAt: 800, atMax: { rate: 700, cpu: cpu({ gateway: 0.5, polls: 0.5 }) } },
        },
        baseline: {
          codeUnderTest: '/before',
          scenarios: { votes: { maxRate: baselineRate, brokeAt: baselineRate + 100 } },
        },
      });
    // 700 against 500: 1.4×, the least member votes must gain; against 600, 1.17×.
    expect(run(500).find((t) => t.name.startsWith('member votes: ceiling'))).toMatchObject({
      name: "member votes: ceiling ≥ 1.4× the baseline run's at p99 < 100 ms, 0 errors",
      pass: true,
      detail: '700/s, broke at 800/s vs 500/s, broke at 600/s: 1.40×',
    });
    expect(verdictOf(run(600))('member votes: ceiling')).toBe(false);
    // 1.0 ms against 0.25 ms: 4×, under 4.5×.
    expect(verdictOf(run(500))('member votes: summed CPU')).toBe(true);
  });

  it('judge share-link votes, the member feed, the mixed load and live counts at their own limits, and print them all in the table', () => {
    const steps = (rate: number) => ({
      maxRate: rate,
      brokeAt: null,
      atMax: { rate, p50: 10, p95: 20, p99: 30, cpu: cpu({ polls: 1.5, gateway: 0.6 }) },
      accepted: 10,
      errors: 0,
      errorsByKind: {},
      cpu: cpu({ polls: 2 }),
    });
    const live = (p99: number, following: number) => ({
      sockets: 5000,
      following,
      rate: 100,
      votes: 1500,
      missed: 0,
      latency: { p50: 50, p95: 100, p99, max: 300 },
      cpu: cpu({ notifications: 1 }),
      voters: following / 2,
      countsToNonVoters: 0,
      noCountsToVoters: 0,
    });
    const results = {
      startedAt: 'now',
      node: 'v20',
      codeUnderTest: '/x',
      settings: { STEP_S: 4 },
      scenarios: {
        bare_proxy: { ...steps(3000), atMax: { rate: 3000, cpu: cpu({ 'bare-proxy': 0.3 }) } },
        share_votes: steps(1400),
        member_feed: { ...steps(1000), brokeAt: 1200 },
        member_feed_new: { ...steps(1000), brokeAt: 1200 },
        // The friends feed held only 800/s: the member-feed target fails on it alone.
        member_feed_friends: { ...steps(800), brokeAt: 1000 },
        mixed: { ...steps(1400), brokeAt: 1700, actions: { vote: { accepted: 2, errors: 0 } } },
        live: { one: live(200, 5000), two: live(260, 5000) },
      },
      // The code before, run just before on the same machine.
      baseline: {
        codeUnderTest: '/before',
        startedAt: 'earlier',
        scenarios: {
          share_votes: steps(1000),
          member_feed: steps(500),
          member_feed_new: steps(500),
          member_feed_friends: steps(500),
          mixed: steps(800),
          live: { one: live(180, 5000) },
        },
      },
      checks: { mixedVotes: { equal: true, redisCounter: 2, redisVoters: 2, mongoVotes: 2, accepted: 2 } },
    };
    const targets = evaluateTargets(results);
    const verdict = verdictOf(targets);
    // 1400 against the baseline's 1000: 1.4×.
    expect(verdict('share-link votes: ceiling ≥ 1.4×')).toBe(true);
    // 2.1 ms per request at every ceiling against the bare hop's 0.3 ms: 7×, over a share-link vote's 6×, under the
    // feeds' and the mixed load's 7.5×.
    expect(verdict('share-link votes: summed CPU')).toBe(false);
    expect(verdict('member feed (trending): ceiling ≥ 2×')).toBe(true);
    expect(verdict('member feed (trending): summed CPU per request')).toBe(true);
    expect(verdict('member feed (new): ceiling ≥ 2×')).toBe(true);
    expect(verdict('member feed (friends): ceiling ≥ 2×')).toBe(false);
    expect(verdict('member feed (friends): summed CPU per request')).toBe(true);
    // 1400 against 800: 1.75×, under 2×.
    expect(targets.find((t) => t.name.startsWith('mixed load: ceiling'))).toMatchObject({ pass: false, value: 1.75 });
    expect(verdict('mixed load: summed CPU per request')).toBe(true);
    // One notifications process's CPU per vote as the baseline's (1 ms), its p99 200 against 180 ms: 1.11×.
    expect(verdict('live counts: notifications CPU per vote')).toBe(true);
    expect(verdict('live counts: p99 vote answer → poll_update ≤ 1.2×')).toBe(true);
    results.baseline.scenarios.live.one.latency.p99 = 150;
    expect(verdictOf(evaluateTargets(results))('live counts: p99 vote answer → poll_update ≤ 1.2×')).toBe(false);
    results.baseline.scenarios.live.one.latency.p99 = 180;
    // A baseline of fewer sockets is cheaper per vote: not compared, whatever its figures.
    results.baseline.scenarios.live.one.sockets = 400;
    const unlike = evaluateTargets(results).find((t) => t.name.startsWith('live counts: notifications CPU per vote'));
    expect(unlike).toMatchObject({
      pass: null,
      detail: "the baseline's 400 sockets at 100 votes/s against 5000 at 100: not compared",
    });
    results.baseline.scenarios.live.one.sockets = 5000;
    expect(verdict('counters EQUAL (mixedVotes)')).toBe(true);
    expect(verdict('live p99 vote answer')).toBe(true);
    // 260 / 200 = 1.3× one process's p99.
    expect(verdict('live p99 with two')).toBe(false);
    // The same p99 with fewer sockets following than the target's is not the target met.
    results.scenarios.live.one.following = 4990;
    expect(verdictOf(evaluateTargets(results))('live p99 vote answer')).toBe(false);

    results.scenarios.live.one.following = 5000;
    // The results visibility: no counts reached a non-voter's socket and every voter's update carried them. One update
    // with counts to a non-voter in either run fails it, and so does a voter left without counts.
    const noLeak =
      "live counts after a vote: no update carries counts to a socket that has not voted, every voter's does";
    expect(verdict(noLeak)).toBe(true);
    results.scenarios.live.two.countsToNonVoters = 1;
    expect(verdictOf(evaluateTargets(results))(noLeak)).toBe(false);
    results.scenarios.live.two.countsToNonVoters = 0;
    results.scenarios.live.one.noCountsToVoters = 3;
    expect(verdictOf(evaluateTargets(results))(noLeak)).toBe(false);
    results.scenarios.live.one.noCountsToVoters = 0;
    const report = renderReport({ ...results, targets });
    // No shedding scenario in this run: its target is n/a.
    expect(verdict('load shedding')).toBeNull();
    for (const target of targets) expect(report).toContain(target.name);
    expect(report).toContain('baseline (ceilings and live counts judged against it): /before, earlier');
    expect(report).toMatch(
      /FAIL\s+mixed load: ceiling ≥ 2× the baseline run's at p99 < 150 ms, 0 errors\s+1400\/s, broke at 1700\/s vs 800\/s \(did not break by the top step\): 1\.75×/,
    );
    // At the rate found: gateway 0.6 + polls 1.5 (no notifications or bare-proxy figure); over the whole run, 2.
    expect(report).toMatch(/share_votes at 1400\/s\s+0\.600\s+1\.500\s+n\/a\s+n\/a\s+2\.100\s+2\.000/);
  });
});

describe('the knee of load shedding', () => {
  const step = (rate: number, served: number, shed: number, servedP99: number | null) => ({
    rate,
    sent: served + shed,
    errors: shed,
    p99: servedP99,
    served,
    shed,
    servedP99,
  });
  const results = (on: ReturnType<typeof step>[], kneeRate: number | null) => ({
    startedAt: 'now',
    node: 'v24',
    codeUnderTest: '/x',
    settings: { STEP_S: 4 },
    scenarios: {
      shedding: {
        on: { steps: on },
        // Without shedding the ladder ended at 3000/s, its p99 past a second.
        off: {
          maxRate: 2000,
          brokeAt: 3000,
          steps: [step(1000, 4000, 0, 30), step(2000, 8000, 0, 90), step(3000, 9000, 0, 2400)],
        },
        kneeRate,
      },
    },
    checks: {},
  });

  it('passes when the served answers stay quick past the knee, and prints each step beside the run without shedding', () => {
    const r = results(
      [step(1000, 4000, 0, 30), step(2000, 8000, 0, 90), step(3000, 9000, 3000, 180), step(4000, 9200, 6800, 240)],
      3000,
    );
    const targets = evaluateTargets(r);
    expect(targets.find((t) => t.name.startsWith('load shedding'))).toMatchObject({
      pass: true,
      value: 240,
      detail: 'shedding from 3000/s; worst served p99 240.0 ms; without shedding: 2000/s, broke at 3000/s',
    });
    const report = renderReport({ ...r, targets });
    expect(report).toMatch(/3000\/s\s+2250\s+25\.0%\s+180\.0 ms\s+2250\s+2400\.0 ms\s+0/);
    expect(report).toMatch(/4000\/s\s+2300\s+42\.5%\s+240\.0 ms\s+ended/);
  });

  it('fails when a served answer waits too long past the knee, and is n/a when nothing was shed', () => {
    const slow = evaluateTargets(results([step(1000, 4000, 0, 30), step(2000, 7000, 1000, 1500)], 2000));
    expect(slow.find((t) => t.name.startsWith('load shedding'))).toMatchObject({ pass: false, value: 1500 });
    const none = evaluateTargets(results([step(1000, 4000, 0, 30), step(2000, 8000, 0, 3000)], null));
    expect(none.find((t) => t.name.startsWith('load shedding'))).toMatchObject({
      pass: null,
      detail: 'nothing shed up to 2000/s',
    });
  });
});

describe('the cost of waking', () => {
  it('times a unit of work back to back and right after a sleep, and the report prints their ratio under its title', async () => {
    const cost = await wakeCost({ units: 20, sleepMs: 2 });
    expect(cost.sleepMs).toBe(2);
    expect(cost.busyUs).toBeGreaterThan(0);
    expect(cost.wokenUs).toBeGreaterThan(0);
    expect(cost.factor).toBe(cost.wokenUs / cost.busyUs);
    const line =
      'this machine: a unit of work takes 90.0 µs of CPU right after a 1 ms sleep, 40.0 µs back to back (2.25×): ' +
      'CPU per request falls as the load rises';
    expect(describeWakeCost({ busyUs: 40, wokenUs: 90, factor: 2.25, sleepMs: 1 })).toBe(line);
    const run = {
      startedAt: 'now',
      node: 'v24',
      codeUnderTest: '/x',
      settings: { STEP_S: 4 },
      scenarios: {},
      checks: {},
      targets: [],
    };
    const machine = { wakeCost: { busyUs: 40, wokenUs: 90, factor: 2.25, sleepMs: 1 } };
    expect(
      renderReport({ ...run, machine })
        .split('\n')
        .slice(0, 2),
    ).toEqual(['Meydan bench — now, Node v24, code under test /x', line]);
    // A run's JSON from before the figure existed (a baseline) renders without it.
    expect(renderReport(run)).not.toContain('this machine');
  });
});

describe('k6 scripts under deploy/k6', () => {
  it('every one is accepted by k6 inspect with the env it runs with', () => {
    const k6 = ensureK6();
    const members = join(dir, 'members.csv');
    writeFileSync(members, formatCsv(MEMBER_COLUMNS, [{ sid: 's1', userId: 'u1', username: 'n1' }]));
    const sids = join(dir, 'sids.json');
    writeFileSync(sids, JSON.stringify(['s1']));
    const inspect = (script: string, env: Record<string, string>) =>
      JSON.parse(
        execFileSync(
          k6,
          ['inspect', ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]), join(root, 'deploy/k6', script)],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        ),
      );
    const scripts = readdirSync(join(root, 'deploy/k6')).filter((f) => f.endsWith('.js'));
    expect(scripts.sort()).toEqual(['hot-paths.js', 'mixed.js', 'vote-storm.js']);

    const all = inspect('hot-paths.js', { BASE_URL: 'http://127.0.0.1:9', MEMBERS_CSV: members });
    expect(Object.keys(all.scenarios).sort()).toEqual([
      'member_feed',
      'mixed',
      'noop',
      'share_votes',
      'visitor_feed',
      'votes',
    ]);
    // Each action of the mixed load is kept in the summary, for the counters checked afterwards.
    expect(all.thresholds['req_failed{action:vote}']).toEqual(['rate>=0']);
    expect(all.thresholds['req_failed{action:share_vote}']).toEqual(['rate>=0']);
    expect(all.thresholds['req_duration{scenario:votes}']).toEqual(['p(99)<100']);
    const stepped = inspect('hot-paths.js', {
      BASE_URL: 'http://127.0.0.1:9',
      SCENARIOS: 'noop',
      STAGES: '100,200',
      P99_MS: '50',
    });
    expect(Object.keys(stepped.scenarios)).toEqual(['noop']);
    expect(stepped.scenarios.noop.executor).toBe('ramping-arrival-rate');
    expect(stepped.thresholds['req_duration{step:noop-1}']).toEqual(['p(99)<50']);
    expect(stepped.thresholds['req_duration{step:noop-1,answer:shed}']).toBeUndefined();
    // The shedding scenario's steps keep the served and the shed answers apart.
    const byAnswer = inspect('hot-paths.js', {
      BASE_URL: 'http://127.0.0.1:9',
      SCENARIOS: 'visitor_feed',
      STAGES: '100,200',
      BY_ANSWER: '1',
    });
    expect(byAnswer.thresholds['req_duration{step:visitor_feed-1,answer:served}']).toEqual(['max>=0']);
    expect(byAnswer.thresholds['req_duration{step:visitor_feed-1,answer:shed}']).toEqual(['max>=0']);
    // A scenario that needs members refuses to start without them.
    expect(() => inspect('hot-paths.js', { BASE_URL: 'http://127.0.0.1:9', SCENARIOS: 'votes' })).toThrow();
    expect(() => inspect('hot-paths.js', { BASE_URL: 'http://127.0.0.1:9', SCENARIOS: 'nope' })).toThrow();

    const storm = inspect('vote-storm.js', {
      BASE_URL: 'http://127.0.0.1:9',
      POLL_ID: 'p',
      SIDS_FILE: sids,
      SUMMARY_FILE: join(dir, 's.json'),
    });
    expect(Object.keys(storm.scenarios).sort()).toEqual(['noop', 'votes', 'warmup']);

    // The mixed load for any deployment: members by e-mail and password, or by API token.
    const logins = join(dir, 'logins.csv');
    writeFileSync(logins, 'email,password\nayse@example.com,gizli-sifre\n');
    const mixed = inspect('mixed.js', { BASE_URL: 'http://127.0.0.1:9', MEMBERS_CSV: logins });
    expect(Object.keys(mixed.scenarios).sort()).toEqual(['live', 'mixed']);
    const actions = ['comment', 'feed', 'like', 'poll', 'share_vote', 'vote'];
    expect(Object.keys(mixed.thresholds).sort()).toEqual(
      [
        'http_req_duration',
        'http_req_failed',
        ...actions.flatMap((a) => [`http_req_duration{action:${a}}`, `http_req_failed{action:${a}}`]),
        'live_updates',
        'missed_updates',
        'vote_to_update',
      ].sort(),
    );
    // A run in which no live update arrives, or one is missed, fails; each action has its own p99.
    expect(mixed.thresholds.live_updates).toEqual(['count>0']);
    expect(mixed.thresholds.missed_updates).toEqual(['count<=0']);
    expect(mixed.thresholds['http_req_duration{action:vote}']).toEqual(['p(99)<500']);
    const tuned = inspect('mixed.js', {
      BASE_URL: 'http://127.0.0.1:9',
      MEMBERS_CSV: logins,
      P99_MS_COMMENT: '800',
      MAX_MISSED_UPDATES: '2',
    });
    expect(tuned.thresholds['http_req_duration{action:comment}']).toEqual(['p(99)<800']);
    expect(tuned.thresholds.missed_updates).toEqual(['count<=2']);
    const tokens = join(dir, 'tokens.csv');
    writeFileSync(tokens, 'token\nmyd_abc\n');
    expect(
      Object.keys(
        inspect('mixed.js', { BASE_URL: 'http://127.0.0.1:9', MEMBERS_CSV: tokens, SCENARIOS: 'mixed' }).scenarios,
      ),
    ).toEqual(['mixed']);
    // hot-paths.js takes the same token CSV for the scenarios that need members.
    expect(
      Object.keys(
        inspect('hot-paths.js', { BASE_URL: 'http://127.0.0.1:9', MEMBERS_CSV: tokens, SCENARIOS: 'votes,member_feed' })
          .scenarios,
      ).sort(),
    ).toEqual(['member_feed', 'votes']);
    writeFileSync(join(dir, 'bad.csv'), 'email\nayse@example.com\n');
    expect(() => inspect('mixed.js', { BASE_URL: 'http://127.0.0.1:9', MEMBERS_CSV: join(dir, 'bad.csv') })).toThrow();
  });
});

describe('npm run bench:members', () => {
  it('creates members with live sessions in the given MongoDB and Redis and writes their CSV', async () => {
    const { mongoUrl, redisUrl } = infra();
    const mongoDb = `bench_members_${process.pid}_${Date.now()}`;
    const out = join(dir, 'created.csv');
    execFileSync(process.execPath, [join(root, 'deploy/bench/members.mjs'), '--count', '3', '--out', out], {
      env: { ...process.env, MONGO_URL: mongoUrl, REDIS_URL: redisUrl, MONGO_DB: mongoDb },
      encoding: 'utf8',
    });
    const members = parseMembers(readFileSync(out, 'utf8'));
    expect(members).toHaveLength(3);
    expect(new Set(members.map((m) => m.sid)).size).toBe(3);

    const client = await new MongoClient(mongoUrl).connect();
    const redis = new Redis(redisUrl);
    try {
      const users = await client.db(mongoDb).collection('users').find({}).toArray();
      expect(users.map((u) => u._id.toString()).sort()).toEqual(members.map((m) => m.userId).sort());
      for (const member of members) {
        expect(JSON.parse((await redis.get(`auth:${sessionKeyOf(member.sid)}`))!)).toMatchObject({
          userId: member.userId,
          role: 'member',
        });
        await redis.del(`auth:${sessionKeyOf(member.sid)}`, `auth:user-sessions:${member.userId}`);
      }
      await client.db(mongoDb).dropDatabase();
    } finally {
      await client.close();
      redis.disconnect();
    }
  });
});
