// `npm run bench`: every hot path of the product under load on a throw-away local stack, one scenario after another,
// each stepped up through arrival rates until it breaks; one table at the end and a JSON file of every figure.
// deploy/k6/README.md describes the scenarios, the targets and the env variables.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatCsv, MEMBER_COLUMNS } from '../k6/lib/csv.js';
import { arrivalsOf, MIXED_WEIGHTS, mixPlan } from '../k6/lib/mix.js';
import { seedMembers } from '../local/members.mjs';
import { freePort } from '../local/servers.mjs';
import { SERVICES } from '../local/stack.mjs';
import { ensureK6 } from '../local/ensure-tools.mjs';
import { cpuMs, rssMb, startStack } from './stack.mjs';
import { counterCheck } from './counters.mjs';
import { ladderRunner } from './ladder.mjs';
import { feedGraphMembers, seedFeedGraph } from './feed-graph.mjs';
import { evaluateTargets, LIMITS, MEMBER_FEEDS, memberFeedScenario, renderReport, STACK_PROCESSES } from './report.mjs';

/** @import { BenchResults, ScenarioFigures, WebFigures } from './report.mjs' */
/** @import { BenchStack } from './stack.mjs' */
/** @typedef {{ id: string, code: string | null }} SeededPoll */

const runnerRoot = fileURLToPath(new URL('../..', import.meta.url));
const benchRoot = resolve(process.env.BENCH_ROOT || runnerRoot);
const env = process.env;
const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (env[name] ? Number(env[name]) : fallback);
const list = (/** @type {string} */ name, /** @type {string} */ fallback) =>
  (env[name] || fallback)
    .split(',')
    .map(Number)
    .filter((r) => r > 0);

const RATES = list('BENCH_RATES', '10,25,50,100,150,200,300,400,500,600,700,800,1000,1200,1400,1700,2000,2500,3000');
/** The vote ladders go on until they break; BENCH_VOTES_MAX caps them (members are seeded for every vote). */
const VOTE_RATES = RATES.filter((r) => r <= num('BENCH_VOTES_MAX', Infinity));
const STEP_S = num('BENCH_STEP_S', 4);
const RAMP_S = num('BENCH_RAMP_S', 1);
const WARM_S = 2;
const ABORT_MS = num('BENCH_ABORT_MS', 1000);
/** The shedding scenario's ladder of share-link votes: from under the ceiling to far past it. */
const SHED_RATES = list('BENCH_SHED_RATES', '500,1000,1500,2000,2500,3000');
/** Scenarios whose every answer is counted afterwards: past the breaking point they stop sending instead of aborting. */
const COUNTED = new Set(['votes', 'share_votes', 'mixed']);
/** The mixed scenario's step holds when its p99 is under this (the other scenarios: 100 ms). */
const MIXED_P99_MS = LIMITS.mixedP99Ms;
const SOCKETS = num('BENCH_SOCKETS', LIMITS.liveSockets);
/** Socket client processes the live sockets are spread over (one process holds up to 2,500 here). */
const LIVE_CLIENTS = num('BENCH_LIVE_CLIENTS', Math.ceil(SOCKETS / 2500));
const LIVE_RATE = num('BENCH_LIVE_RATE', 100);
const LIVE_S = num('BENCH_LIVE_S', 15);
const LOG_LEVEL = env.LOG_LEVEL || 'warn';
const ALL_SCENARIOS = [
  'bare_proxy',
  'noop',
  'votes',
  'share_votes',
  'visitor_feed',
  'shedding',
  'mixed',
  ...MEMBER_FEEDS.map(memberFeedScenario),
  'live',
  'web_vitals',
];
const SCENARIOS = (env.BENCH_SCENARIOS || ALL_SCENARIOS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const s of SCENARIOS)
  if (!ALL_SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; known: ${ALL_SCENARIOS.join(',')}`);
const FEED_POLLS = 20;
/** Every n-th vote of the vote scenarios a ballot of two options (the hot and the share-link poll allow two). */
const BALLOT_EVERY = num('BENCH_BALLOT_EVERY', 4);

const say = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
// Both set by main() before anything else reads them.
/** @type {BenchStack} */
let stack;
/** @type {string} */
let workDir;

async function cleanUp() {
  await stack?.stop();
  if (workDir && !env.BENCH_KEEP && !env.BENCH_PROFILE) rmSync(workDir, { recursive: true, force: true });
}

/** Members a vote ladder uses up: one per vote, through warm-up, ramps and steps. */
const votesNeeded = (/** @type {number[]} */ rates) =>
  !rates.length
    ? 0
    : /** @type {number} */ (rates[0]) * WARM_S + rates.reduce((sum, r) => sum + r * (RAMP_S + STEP_S), 0);

function build() {
  if (env.BENCH_SKIP_BUILD) return say(`BENCH_SKIP_BUILD: using the existing builds in ${benchRoot}`);
  say(`building ${benchRoot} (tsc -b, web)…`);
  const tsc = spawnSync('npx', ['tsc', '-b'], { cwd: benchRoot, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc -b failed');
  const web = spawnSync('npm', ['run', 'build', '-w', '@meydan/web'], {
    cwd: benchRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (web.status !== 0) throw new Error('the web build failed');
}

const cpuNow = () => Object.fromEntries(stack.processes().map((p) => [p.name, cpuMs(p.pid)]));

/**
 * @param {string} path
 * @param {{ method?: string, sid?: string, body?: unknown }} [options]
 */
async function api(path, { method = 'GET', sid, body } = {}) {
  const res = await fetch(`${stack.base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(sid ? { cookie: `sid=${sid}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/**
 * @param {string | undefined} sid
 * @param {string} title
 * @param {boolean} shareable
 * @param {number} [maxChoices]
 * @returns {Promise<SeededPoll>}
 */
async function createPoll(sid, title, shareable, maxChoices = 1) {
  const res = await api(shareable ? '/api/polls/shareable' : '/api/polls', {
    method: 'POST',
    sid,
    body: { title, category: 'gunluk-hayat', options: ['Kedi', 'Köpek', 'Kuş', 'Balık'], maxChoices },
  });
  if (res.status !== 201) throw new Error(`poll not created: ${res.status} ${JSON.stringify(res.body)}`);
  // A shareable poll comes with its share link; any other is the poll itself.
  return res.body.shareUrl
    ? { id: res.body.poll.id, code: res.body.shareUrl.split('/s/')[1] }
    : { id: res.body.id, code: null };
}

/** How long settle() waits at most: persisting a vote ladder's last steps into MongoDB takes FerretDB a minute or two here. */
const SETTLE_MAX_S = num('BENCH_SETTLE_MAX_S', 240);

/**
 * Waits until the stack is quiet (under 15% of a core for a second, at most SETTLE_MAX_S): a scenario's backlog (the
 * votes still being persisted, the ranks and notifications they cause) is not the next one's load. Says so when that
 * took long, or never came.
 */
async function settle() {
  const names = new Set(STACK_PROCESSES);
  const busy = () =>
    stack
      .processes()
      .filter((p) => names.has(p.name))
      .reduce((sum, p) => sum + cpuMs(p.pid), 0);
  const started = Date.now();
  let lastMs = 0;
  while (Date.now() - started < SETTLE_MAX_S * 1000) {
    const before = busy();
    await sleep(1000);
    lastMs = busy() - before;
    if (lastMs < 150) {
      const waitedS = (Date.now() - started) / 1000;
      if (waitedS > 30) say(`  (the stack took ${waitedS.toFixed(0)} s to go quiet after the last scenario)`);
      return;
    }
  }
  say(`  (the stack was still busy after ${SETTLE_MAX_S} s: ${lastMs.toFixed(0)} ms of CPU in the last second)`);
}

/**
 * Unmeasured no-ops, so that no scenario pays for the processes' JIT warm-up.
 * @param {string} k6
 * @param {string[]} bases
 */
async function warmUp(k6, bases) {
  for (const base of bases) {
    spawnSync(
      k6,
      ['run', '--quiet', '--no-color', '--address', '127.0.0.1:0', join(runnerRoot, 'deploy/k6/hot-paths.js')],
      {
        env: { ...env, BASE_URL: base, SCENARIOS: 'noop', RATE: '200', DURATION_S: '4' },
        stdio: 'ignore',
      },
    );
  }
  await settle();
}

/** Every service's resident memory once start-up has settled, before any load. */
async function idleMemory() {
  await sleep(num('BENCH_SETTLE_MS', 5000));
  return Object.fromEntries(
    stack
      .processes()
      .filter((p) => [...SERVICES, 'gateway'].includes(p.name))
      .map((p) => [p.name, rssMb(p.pid)]),
  );
}

/**
 * A GET whose body is kept as sent (still compressed).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The JS a visitor downloads for `/` (the web build's own measure) and a hashed asset served pre-compressed.
 * @param {string} webDist
 * @returns {Promise<WebFigures>}
 */
async function webFigures(webDist) {
  const { tsImport } = await import('tsx/esm/api');
  const { measureInitialJs } = await tsImport(join(benchRoot, 'web/scripts/initial-js.ts'), import.meta.url);
  /** @type {{ totalGzipBytes: number, files: { file: string, gzipBytes: number }[] }} */
  const initial = measureInitialJs(webDist);
  // The largest file of the first load: hashed, fetched by every visitor, and well over the size below which the
  // build leaves a file uncompressed (the entry chunk itself is under 1 kB).
  const largest = initial.files.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const asset = largest.file.replace(/^assets\//, '');
  /** @type {WebFigures['encodings']} */
  const encodings = {};
  const original = readFileSync(join(webDist, 'assets', asset));
  for (const encoding of ['br', 'gzip']) {
    // node:http, not fetch: fetch decodes the body, and the bytes on the wire are what is measured here.
    const res = await rawGet(`${stack.base}/assets/${asset}`, { 'accept-encoding': encoding });
    const contentEncoding = res.headers['content-encoding'] ?? null;
    const decode =
      /** @type {Record<string, (b: Buffer) => Buffer>} */ ({ br: brotliDecompressSync, gzip: gunzipSync })[
        /** @type {string} */ (contentEncoding)
      ] ?? ((/** @type {Buffer} */ b) => b);
    encodings[encoding] = {
      status: res.status,
      contentEncoding,
      cacheControl: res.headers['cache-control'] ?? null,
      bytes: res.body.length,
      intact: decode(res.body).equals(original),
    };
  }
  return {
    initialJsGzipBytes: initial.totalGzipBytes,
    initialJsFiles: initial.files,
    asset: `/assets/${asset}`,
    encodings,
  };
}

/** The members (with their CSV) and polls every scenario needs. */
async function seed() {
  const voting =
    (SCENARIOS.includes('votes') ? votesNeeded(VOTE_RATES) : 0) +
    (SCENARIOS.includes('live') ? LIVE_RATE * LIVE_S * 2 * 1.2 : 0);
  // The mixed scenario's member votes, likes and comments go to the n-th member each, on polls of their own.
  const mixing = SCENARIOS.includes('mixed') ? arrivalsOf(mixPlan(MIXED_WEIGHTS), 'vote', votesNeeded(RATES)) : 0;
  // The member feeds' follow graph is made of members seeded here too.
  const feeding = MEMBER_FEEDS.some((feed) => SCENARIOS.includes(memberFeedScenario(feed))) ? feedGraphMembers() : 0;
  const members = Math.max(voting, mixing, feeding) + FEED_POLLS + 10;
  const ts = Date.now();
  const seeded = await seedMembers(Math.ceil(members), {
    mongoUrl: stack.mongo.url,
    redisUrl: stack.redis.url,
    authRoot: benchRoot,
  });
  const membersCsv = join(workDir, 'members.csv');
  writeFileSync(
    membersCsv,
    formatCsv(
      MEMBER_COLUMNS,
      seeded.sids.map((sid, i) => ({ sid, userId: seeded.ids[i], username: seeded.usernames[i] })),
    ),
  );
  say(
    `seeded ${seeded.sids.length} members with sessions in ${((Date.now() - ts) / 1000).toFixed(1)} s (${membersCsv})`,
  );

  // The feed's 20 public polls, each by its own member (the hot, the live and the mixed scenario's poll among them),
  // and two share-link polls (seen only through their links, so in no feed).
  const ballots = BALLOT_EVERY > 0 ? 2 : 1;
  const polls = /** @type {Record<'hot' | 'live' | 'mixed' | 'shared' | 'mixedShared', SeededPoll>} */ ({
    hot: await createPoll(seeded.sids[0], 'Hangisi daha iyi bir evcil hayvan?', false, ballots),
    live: await createPoll(seeded.sids[1], 'Canlı sayım: hangisi?', false),
    mixed: await createPoll(seeded.sids[2], 'Karışık yük: hangisi?', false, ballots),
  });
  for (let i = 3; i < FEED_POLLS; i++) await createPoll(seeded.sids[i], `Anket ${i}: hangisi?`, false);
  polls.shared = await createPoll(seeded.sids[FEED_POLLS], 'Paylaşılan anket: hangisi?', true, ballots);
  polls.mixedShared = await createPoll(seeded.sids[FEED_POLLS + 1], 'Karışık yük, paylaşılan: hangisi?', true, ballots);
  return { seeded, membersCsv, polls };
}

/**
 * Every scenario asked for, one after another, with the counters of the vote scenarios checked after each.
 * @param {string} k6
 * @param {BenchResults} results
 * @param {Awaited<ReturnType<typeof seed>>} seeding
 */
async function runScenarios(k6, results, { seeded, membersCsv, polls }) {
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
    settle,
    cpuNow,
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
  await warmUp(k6, /** @type {string[]} */ ([stack.base, bareProxy].filter(Boolean)));
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
  await run('shedding', () => measureShedding(runLadder, membersCsv));
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
    await settle();
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
      cpuNow,
    });
  });
  await run('web_vitals', async () => {
    await settle();
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
 * @param {ReturnType<typeof ladderRunner>} runLadder
 * @param {string} membersCsv
 */
async function measureShedding(runLadder, membersCsv) {
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

/**
 * The targets, the JSON file and the table; the exit code.
 * @param {BenchResults} results
 * @param {number} t0
 */
function finish(results, t0) {
  results.targets = evaluateTargets(results);
  results.finishedAt = new Date().toISOString();
  results.seconds = (Date.now() - t0) / 1000;
  const jsonFile = resolve(
    env.BENCH_JSON || join(tmpdir(), `meydan-bench-${results.startedAt.replace(/[:.]/g, '-')}.json`),
  );
  mkdirSync(resolve(jsonFile, '..'), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  say('');
  say(renderReport(results));
  say(`all figures: ${jsonFile}`);
  if (env.BENCH_PROFILE)
    say(`CPU profiles (open in Chrome DevTools or speedscope): ${stack.profileDir} — written when the processes stop`);
  const correctnessFailed = results.targets.filter((t) => t.kind === 'correctness' && !t.pass);
  if (correctnessFailed.length) say(`correctness FAILED: ${correctnessFailed.map((t) => t.name).join('; ')}`);
  const performanceFailed = results.targets.filter((t) => t.kind === 'performance' && t.pass === false);
  return correctnessFailed.length ? 1 : env.BENCH_STRICT && performanceFailed.length ? 2 : 0;
}

async function main() {
  const t0 = Date.now();
  const k6 = ensureK6();
  build();
  const webDist = join(benchRoot, 'web', 'dist');
  workDir = mkdtempSync(join(tmpdir(), 'meydan-bench-'));
  say(`code under test: ${benchRoot}${benchRoot === runnerRoot ? '' : ` (runner from ${runnerRoot})`}`);
  const stackStart = Date.now();
  stack = await startStack({
    root: benchRoot,
    workDir,
    webDist,
    logLevel: LOG_LEVEL,
    profile: () => !!env.BENCH_PROFILE,
    say,
  });
  say(`stack up in ${((Date.now() - stackStart) / 1000).toFixed(1)} s; logs in ${workDir}`);
  const settings = {
    RATES,
    VOTE_RATES,
    SHED_RATES,
    STEP_S,
    RAMP_S,
    ABORT_MS,
    MIXED_P99_MS,
    SOCKETS,
    LIVE_CLIENTS,
    LIVE_RATE,
    LIVE_S,
    LOG_LEVEL,
  };
  /** @type {BenchResults} */
  const results = {
    startedAt: new Date(t0).toISOString(),
    codeUnderTest: benchRoot,
    node: process.version,
    settings,
    scenarios: {},
    checks: {},
  };

  results.idleRssMb = await idleMemory();
  say(
    `idle RSS (MB): ${Object.entries(results.idleRssMb)
      .map(([n, mb]) => `${n} ${mb?.toFixed(0)}`)
      .join(', ')}`,
  );
  results.web = await webFigures(webDist);
  say(
    `initial JS for /: ${(results.web.initialJsGzipBytes / 1000).toFixed(1)} kB gzip; ${results.web.asset}: ${Object.entries(
      results.web.encodings,
    )
      .map(([e, r]) => `${e} → ${r.contentEncoding ?? 'none'}, ${r.cacheControl ?? 'no cache-control'}`)
      .join('; ')}`,
  );

  await runScenarios(k6, results, await seed());
  return finish(results, t0);
}

process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));
main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`bench: ${err.stack ?? err.message}\n`);
    await cleanUp();
    process.exit(1);
  });
