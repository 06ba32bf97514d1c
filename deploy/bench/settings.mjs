// The bench's settings, read once from the environment (deploy/k6/README.md lists the BENCH_* variables): the rate
// ladders, the step timing, the scenarios asked for (checked against every scenario the bench knows), the live counts'
// sockets and rate, and the two helpers every part of the run prints and waits with. Importing it throws on an
// unknown scenario name, before anything starts.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, MEMBER_FEEDS, memberFeedScenario } from './targets.mjs';

export const runnerRoot = fileURLToPath(new URL('../..', import.meta.url));
export const benchRoot = resolve(process.env.BENCH_ROOT || runnerRoot);
export const env = process.env;
export const num = (/** @type {string} */ name, /** @type {number} */ fallback) =>
  env[name] ? Number(env[name]) : fallback;
const list = (/** @type {string} */ name, /** @type {string} */ fallback) =>
  (env[name] || fallback)
    .split(',')
    .map(Number)
    .filter((r) => r > 0);

export const RATES = list(
  'BENCH_RATES',
  '10,25,50,100,150,200,300,400,500,600,700,800,1000,1200,1400,1700,2000,2500,3000',
);
/** The vote ladders go on until they break; BENCH_VOTES_MAX caps them (members are seeded for every vote). */
export const VOTE_RATES = RATES.filter((r) => r <= num('BENCH_VOTES_MAX', Infinity));
export const STEP_S = num('BENCH_STEP_S', 4);
export const RAMP_S = num('BENCH_RAMP_S', 1);
export const WARM_S = 2;
export const ABORT_MS = num('BENCH_ABORT_MS', 1000);
/** The shedding scenario's ladder of share-link votes: from under the ceiling to far past it. */
export const SHED_RATES = list('BENCH_SHED_RATES', '500,1000,1500,2000,2500,3000');
/** Scenarios whose every answer is counted afterwards: past the breaking point they stop sending instead of aborting. */
export const COUNTED = new Set(['votes', 'share_votes', 'mixed']);
/** The mixed scenario's step holds when its p99 is under this (the other scenarios: 100 ms). */
export const MIXED_P99_MS = LIMITS.mixedP99Ms;
export const SOCKETS = num('BENCH_SOCKETS', LIMITS.liveSockets);
/** Socket client processes the live sockets are spread over (one process holds up to 2,500 here). */
export const LIVE_CLIENTS = num('BENCH_LIVE_CLIENTS', Math.ceil(SOCKETS / 2500));
export const LIVE_RATE = num('BENCH_LIVE_RATE', 100);
export const LIVE_S = num('BENCH_LIVE_S', 15);
export const LOG_LEVEL = env.LOG_LEVEL || 'warn';
const ALL_SCENARIOS = [
  'bare_proxy',
  'noop',
  'votes',
  'ranked_votes',
  'share_votes',
  'visitor_feed',
  'shedding',
  'mixed',
  ...MEMBER_FEEDS.map(memberFeedScenario),
  'live',
  'web_vitals',
];
export const SCENARIOS = (env.BENCH_SCENARIOS || ALL_SCENARIOS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const s of SCENARIOS)
  if (!ALL_SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; known: ${ALL_SCENARIOS.join(',')}`);
export const FEED_POLLS = 20;
/** Every n-th vote of the vote scenarios a ballot of two options (the hot and the share-link poll allow two). */
export const BALLOT_EVERY = num('BENCH_BALLOT_EVERY', 4);

export const say = (line = '') => process.stdout.write(`${line}\n`);
export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** How long settle() waits at most: persisting a vote ladder's last steps into MongoDB takes FerretDB a minute or two here. */
export const SETTLE_MAX_S = num('BENCH_SETTLE_MAX_S', 240);
