// The scenarios themselves: every one asked for, one after another on the running stack, each a k6 rate ladder
// (ladder.mjs) or a measure of its own (live counts, web vitals, the load-shedding knee), with the vote scenarios'
// counters checked after each. A scenario that fails is recorded as such and the others still run.
import { join } from 'node:path';
import { freePort } from '../local/servers.mjs';
import { counterCheck } from './counters.mjs';
import { ladderRunner } from './ladder.mjs';
import { seedFeedGraph } from './feed-graph.mjs';
import { cpuNow, settle, warmUp } from './settle.mjs';
import { MEMBER_FEEDS, memberFeedScenario } from './targets.mjs';
import {
  ABORT_MS,
  BALLOT_EVERY,
  benchRoot,
  COUNTED,
  FEED_POLLS,
  LIVE_CLIENTS,
  LIVE_RATE,
  LIVE_S,
  MIXED_P99_MS,
  RAMP_S,
  RATES,
  runnerRoot,
  SCENARIOS,
  say,
  SHED_RATES,
  SOCKETS,
  STEP_S,
  VOTE_RATES,
  WARM_S,
} from './settings.mjs';

/** @import { BenchResults, ScenarioFigures } from './targets.mjs' */
/** @import { BenchStack } from './stack.mjs' */
/** @import { seed } from './seed.mjs' */

/**
 * Every scenario asked for, one after another, with the counters of the vote scenarios checked after each.
 * @param {string} k6
 * @param {BenchStack} stack
 * @param {string} workDir
 * @param {BenchResults} results
 * @param {Awaited<ReturnType<typeof seed>>} seeding
 */
export async function runScenarios(k6, stack, workDir, results, { seeded, membersCsv, polls }) {
  // Votes start after the poll creators, so every member votes at most once on each poll.
  let memberOffset = FEED_POLLS + 2;
  // A scenario that fails to run is reported as such; the others still run.
  /**
   * @param {string} name
   * @param {() => Promise<ScenarioFigures>} fn
   */
  const run = async (name, fn) => {
    if (!SCENARIOS.includes(name)) return;
    try {
      results.scenarios[name] = await fn();
    } catch (err) {
      say(`  ! ${name} did not run to the end: ${/** @type {Error} */ (err).message}`);
      results.scenarios[name] = { error: /** @type {Error} */ (err).message };
    }
  };
  /**
   * @param {string} pollId
   * @param {number} accepted
   * @param {string} apiPath
   * @param {string | undefined} sid
   */
  const check = (pollId, accepted, apiPath, sid) => counterCheck({ stack, say }, pollId, accepted, apiPath, sid);
  const runLadder = ladderRunner({
    k6,
    stack,
    workDir,
    runnerRoot,
    timing: { warmS: WARM_S, rampS: RAMP_S, stepS: STEP_S },
    abortMs: ABORT_MS,
    counted: COUNTED,
    settle: () => settle(stack),
    cpuNow: () => cpuNow(stack),
    say,
  });

  /** @type {string | null} */
  let bareProxy = null;
  if (SCENARIOS.includes('bare_proxy')) {
    const proxyPort = await freePort();
    bareProxy = `http://127.0.0.1:${proxyPort}`;
    await stack.startNodeScript(
      'bare-proxy',
      join(runnerRoot, 'deploy/bench/bare-proxy.mjs'),
      {
        PORT: String(proxyPort),
        UPSTREAM: `http://127.0.0.1:${stack.ports.polls}`,
        INTERNAL_SECRET: stack.secret,
        KIT: stack.kitPath,
      },
      `${bareProxy}/readyz`,
    );
  }
  await warmUp(stack, k6, /** @type {string[]} */ ([stack.base, bareProxy].filter(Boolean)));
  await run('bare_proxy', () =>
    runLadder('noop', { rates: RATES, base: /** @type {string} */ (bareProxy), label: 'bare_proxy' }),
  );
  await run('noop', () => runLadder('noop', { rates: RATES }));
  await run('votes', async () => {
    const figures = await runLadder('votes', {
      rates: VOTE_RATES,
      extraEnv: {
        MEMBERS_CSV: membersCsv,
        POLL_ID: polls.hot.id,
        MEMBER_OFFSET: String(memberOffset),
        BALLOT_EVERY: String(BALLOT_EVERY),
      },
    });
    memberOffset += figures.accepted + figures.errors;
    results.checks.memberVotes = await check(
      polls.hot.id,
      figures.accepted,
      `/api/polls/${polls.hot.id}`,
      seeded.sids[0],
    );
    return figures;
  });
  // Ranked ballots (issue 41) on a poll of their own, by the members the plain votes started from.
  await run('ranked_votes', async () => {
    const figures = await runLadder('votes', {
      rates: VOTE_RATES,
      label: 'ranked_votes',
      extraEnv: {
        MEMBERS_CSV: membersCsv,
        POLL_ID: polls.ranked.id,
        MEMBER_OFFSET: String(FEED_POLLS + 2),
        RANKED: '1',
      },
    });
    results.checks.rankedVotes = await check(
      polls.ranked.id,
      figures.accepted,
      `/api/polls/${polls.ranked.id}`,
      seeded.sids[3],
    );
    return figures;
  });
  await run('share_votes', async () => {
    const figures = await runLadder('share_votes', {
      rates: VOTE_RATES,
      extraEnv: {
        POLL_ID: polls.shared.id,
        SHARE_CODE: /** @type {string} */ (polls.shared.code),
        BALLOT_EVERY: String(BALLOT_EVERY),
      },
    });
    results.checks.shareVotes = await check(
      polls.shared.id,
      figures.accepted,
      `/api/s/${polls.shared.code}`,
      seeded.sids[FEED_POLLS],
    );
    return figures;
  });
  await run('visitor_feed', () => runLadder('visitor_feed', { rates: RATES }));
  await run('shedding', () => measureShedding(stack, runLadder, membersCsv));
  await run('mixed', async () => {
    const { mixed, mixedShared: shared } = polls;
    const figures = await runLadder('mixed', {
      rates: RATES,
      p99Ms: MIXED_P99_MS,
      extraEnv: {
        MEMBERS_CSV: membersCsv,
        MIXED_POLL_ID: mixed.id,
        MIXED_SHARE_CODE: /** @type {string} */ (shared.code),
        MEMBER_OFFSET: String(FEED_POLLS + 2),
        BALLOT_EVERY: String(BALLOT_EVERY),
      },
    });
    results.checks.mixedVotes = await check(
      mixed.id,
      /** @type {Record<string, { accepted: number }>} */ (figures.actions).vote?.accepted ?? 0,
      `/api/polls/${mixed.id}`,
      seeded.sids[2],
    );
    results.checks.mixedShareVotes = await check(
      shared.id,
      /** @type {Record<string, { accepted: number }>} */ (figures.actions).share_vote?.accepted ?? 0,
      `/api/s/${shared.code}`,
      seeded.sids[FEED_POLLS + 1],
    );
    return figures;
  });
  // Each of the three member feeds on its own ladder over one follow graph: the target is the slowest's.
  /** @type {string | null} */
  let feedMembersCsv = null;
  for (const feed of MEMBER_FEEDS) {
    const label = memberFeedScenario(feed);
    await run(label, async () => {
      if (!feedMembersCsv) {
        feedMembersCsv = await seedFeedGraph({
          seeded,
          base: stack.base,
          mongoUrl: stack.mongo.url,
          redisUrl: stack.redis.url,
          root: benchRoot,
          workDir,
          say,
        });
      }
      return runLadder('member_feed', {
        rates: RATES,
        label,
        extraEnv: { MEMBERS_CSV: feedMembersCsv, MEMBER_FEED: feed },
      });
    });
  }
  // Like the ladders, these two start on a quiet stack: the last scenario's backlog is not their load.
  await run('live', async () => {
    await settle(stack);
    const { measureLive } = await import('./live-run.mjs');
    return measureLive({
      stack,
      workDir,
      pollId: polls.live.id,
      membersCsv,
      memberOffset,
      sockets: SOCKETS,
      clients: LIVE_CLIENTS,
      rate: LIVE_RATE,
      seconds: LIVE_S,
      runnerRoot,
      say,
      cpuNow: () => cpuNow(stack),
    });
  });
  await run('web_vitals', async () => {
    await settle(stack);
    return (await import('./web-vitals.mjs')).measureWebVitals({
      base: stack.base,
      sid: seeded.sids[0],
      pollId: polls.hot.id,
      shareCode: polls.shared.code,
      say,
    });
  });
}

/**
 * The knee of load shedding: share-link votes (a new visitor's read and vote, each on a poll of the run's own) stepped
 * far past the ceiling, once through the stack's gateway (shedding on, at the product's default thresholds) and once
 * through a second gateway on the same services with it off. Each step's answers are told apart (served, or shed: 503
 * with retry-after). With shedding, a VU goes on past slow answers (up to 5 s) to show what the served ones get;
 * without, it stops at the breaking point as a ladder's does.
 * @param {BenchStack} stack
 * @param {ReturnType<typeof ladderRunner>} runLadder
 * @param {string} membersCsv
 */
async function measureShedding(stack, runLadder, membersCsv) {
  const unshed = await stack.addGateway('gateway-unshed', {
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_EVENT_LOOP_UTILIZATION: '0',
    SHED_MAX_IN_FLIGHT: '0',
  });
  const ladder = (/** @type {string} */ label, /** @type {string} */ base, /** @type {number} */ abortMs) =>
    runLadder('share_votes', {
      rates: SHED_RATES,
      base,
      label,
      extraEnv: { BY_ANSWER: '1', MEMBERS_CSV: membersCsv, ABORT_MS: String(abortMs) },
    });
  const on = await ladder('shedding_on', stack.base, 5_000);
  const off = await ladder('shedding_off', unshed, ABORT_MS);
  const knee = on.steps.find((step) => /** @type {number} */ (step.shed) > 0) ?? null;
  return { on, off, kneeRate: knee?.rate ?? null };
}
