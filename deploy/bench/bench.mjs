// `npm run bench`: every hot path of the product under load on a throw-away local stack, one scenario after another,
// each stepped up through arrival rates until it breaks; one table at the end and a JSON file of every figure.
// deploy/k6/README.md describes the scenarios, the targets and the env variables.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatCsv, MEMBER_COLUMNS } from '../k6/lib/csv.js';
import { seedMembers } from '../local/members.mjs';
import { freePort } from '../local/servers.mjs';
import { SERVICES } from '../local/stack.mjs';
import { ensureK6 } from '../tools/ensure-tools.mjs';
import { cpuMs, rssMb, startStack } from './stack.mjs';
import { maxSustainable, stepsOf, totalsOf } from './stages.mjs';
import { evaluateTargets, renderReport, STACK_PROCESSES } from './report.mjs';

const runnerRoot = fileURLToPath(new URL('../..', import.meta.url));
const benchRoot = resolve(process.env.BENCH_ROOT || runnerRoot);
const env = process.env;
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const list = (name, fallback) => (env[name] || fallback).split(',').map(Number).filter((r) => r > 0);

const RATES = list('BENCH_RATES', '10,25,50,100,150,200,300,400,500,600,700,800,1000,1200,1400,1700,2000,2500,3000');
const VOTE_RATES = RATES.filter((r) => r <= num('BENCH_VOTES_MAX', 1400));
const STEP_S = num('BENCH_STEP_S', 4);
const RAMP_S = num('BENCH_RAMP_S', 1);
const WARM_S = 2;
const ABORT_MS = num('BENCH_ABORT_MS', 1000);
/** Scenarios whose every answer is counted afterwards: past the breaking point they stop sending instead of aborting. */
const COUNTED = new Set(['votes', 'share_votes']);
const SOCKETS = num('BENCH_SOCKETS', 1000);
const LIVE_RATE = num('BENCH_LIVE_RATE', 100);
const LIVE_S = num('BENCH_LIVE_S', 15);
const LOG_LEVEL = env.LOG_LEVEL || 'warn';
const ALL_SCENARIOS = ['bare_proxy', 'noop', 'votes', 'share_votes', 'visitor_feed', 'member_feed', 'live'];
const SCENARIOS = (env.BENCH_SCENARIOS || ALL_SCENARIOS.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
for (const s of SCENARIOS) if (!ALL_SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; known: ${ALL_SCENARIOS.join(',')}`);
const FEED_POLLS = 20;
/** Every n-th vote of the vote scenarios a ballot of two options (the hot and the share-link poll allow two). */
const BALLOT_EVERY = num('BENCH_BALLOT_EVERY', 4);

const say = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let stack;
let workDir;

async function cleanUp() {
  await stack?.stop();
  if (workDir && !env.BENCH_KEEP && !env.BENCH_PROFILE) rmSync(workDir, { recursive: true, force: true });
}

/** Members a vote ladder uses up: one per vote, through warm-up, ramps and steps. */
const votesNeeded = (rates) => !rates.length ? 0 : rates[0] * WARM_S + rates.reduce((sum, r) => sum + r * (RAMP_S + STEP_S), 0);

function build() {
  if (env.BENCH_SKIP_BUILD) return say(`BENCH_SKIP_BUILD: using the existing builds in ${benchRoot}`);
  say(`building ${benchRoot} (tsc -b, web)…`);
  const tsc = spawnSync('npx', ['tsc', '-b'], { cwd: benchRoot, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc -b failed');
  const web = spawnSync('npm', ['run', 'build', '-w', '@meydan/web'], { cwd: benchRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (web.status !== 0) throw new Error('the web build failed');
}

/** Accepted-request CPU of each process over a window, from two /proc readings. */
function cpuWindow(before, after, accepted) {
  const perProcess = {};
  for (const [name, ms] of Object.entries(after)) {
    const spent = ms - (before[name] ?? 0);
    perProcess[name] = { cpuMs: spent, perRequestMs: accepted > 0 ? spent / accepted : null };
  }
  return perProcess;
}
const cpuNow = () => Object.fromEntries(stack.processes().map((p) => [p.name, cpuMs(p.pid)]));

async function api(path, { method = 'GET', sid, body } = {}) {
  const res = await fetch(`${stack.base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(sid ? { cookie: `sid=${sid}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function createPoll(sid, title, shareable, maxChoices = 1) {
  const res = await api(shareable ? '/api/polls/shareable' : '/api/polls', { method: 'POST', sid, body: { title, category: 'gunluk-hayat', options: ['Kedi', 'Köpek', 'Kuş', 'Balık'], maxChoices } });
  if (res.status !== 201) throw new Error(`poll not created: ${res.status} ${JSON.stringify(res.body)}`);
  // A shareable poll comes with its share link; any other is the poll itself.
  return res.body.shareUrl ? { id: res.body.poll.id, code: res.body.shareUrl.split('/s/')[1] } : { id: res.body.id, code: null };
}

/** Waits until the stack is quiet (under 15% of a core for a second, at most 30 s): a scenario's backlog is not the next one's load. */
async function settle() {
  const names = new Set(STACK_PROCESSES);
  const busy = () => stack.processes().filter((p) => names.has(p.name)).reduce((sum, p) => sum + cpuMs(p.pid), 0);
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const before = busy();
    await sleep(1000);
    if (busy() - before < 150) return;
  }
}

/** Unmeasured no-ops, so that no scenario pays for the processes' JIT warm-up. */
async function warmUp(k6, bases) {
  for (const base of bases) {
    spawnSync(k6, ['run', '--quiet', '--no-color', '--address', '127.0.0.1:0', join(runnerRoot, 'deploy/k6/hot-paths.js')], {
      env: { ...env, BASE_URL: base, SCENARIOS: 'noop', RATE: '200', DURATION_S: '4' },
      stdio: 'ignore',
    });
  }
  await settle();
}

/** Runs one scenario of deploy/k6/hot-paths.js stepped through `rates`; figures and CPU per accepted request. */
async function runK6(k6, scenario, { rates, base = stack.base, extraEnv = {}, label = scenario }) {
  const summaryFile = join(workDir, `${label}.summary.json`);
  await settle();
  say(`· ${label}: ${rates[0]}…${rates.at(-1)}/s in steps of ${STEP_S} s (stops early once a request takes ${ABORT_MS} ms)`);
  const before = cpuNow();
  const t0 = Date.now();
  const run = spawn(k6, ['run', '--quiet', '--no-color', '--address', '127.0.0.1:0', join(runnerRoot, 'deploy/k6/hot-paths.js')], {
    env: {
      ...env,
      BASE_URL: base,
      SCENARIOS: scenario,
      STAGES: rates.join(','),
      STEP_S: String(STEP_S),
      RAMP_S: String(RAMP_S),
      WARM_S: String(WARM_S),
      ABORT_MS: String(ABORT_MS),
      BREAK_MODE: COUNTED.has(scenario) ? 'skip' : 'abort',
      SUMMARY_FILE: summaryFile,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  run.stderr.on('data', (chunk) => (stderr += chunk));
  const k6Cpu = { start: cpuMs(run.pid) };
  const sampler = setInterval(() => (k6Cpu.last = cpuMs(run.pid) || k6Cpu.last), 500);
  const code = await new Promise((r) => run.once('exit', r));
  clearInterval(sampler);
  const after = cpuNow();
  if (!existsSync(summaryFile)) throw new Error(`k6 (${label}) exited with ${code} and wrote no summary:\n${stderr.slice(-2000)}`);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  const steps = stepsOf(summary, scenario, rates, STEP_S);
  const totals = totalsOf(summary);
  const best = maxSustainable(steps);
  const cpu = cpuWindow(before, after, totals.accepted);
  cpu.k6 = { cpuMs: k6Cpu.last ?? 0, perRequestMs: totals.accepted ? (k6Cpu.last ?? 0) / totals.accepted : null };
  const aborted = code === 108;
  say(`  sustained ${best.rate}/s${best.brokeAt ? `, broke at ${best.brokeAt}/s` : ''}${aborted ? ' (stopped early)' : ''}; ${totals.accepted} accepted, ${totals.errors} errors, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { scenario: label, rates, steps, maxRate: best.rate, brokeAt: best.brokeAt, dips: best.dips, atMax: best.step, ...totals, cpu, aborted, seconds: (Date.now() - t0) / 1000 };
}

/**
 * Redis counters and voters of a poll against MongoDB's votes (once the consumer persisted them) and `accepted`
 * ballots, and its per-option counts in Redis, MongoDB and the API (`apiPath`) against each other.
 */
async function counterCheck(pollId, accepted, apiPath, sid) {
  const { Redis } = await import('ioredis');
  const { MongoClient, ObjectId } = await import('mongodb');
  const redis = new Redis(stack.redis.url);
  const redisCounter = Number((await redis.hget(`polls:poll:{${pollId}}:c`, 't')) ?? 0);
  const redisVoters = await redis.hlen(`polls:poll:{${pollId}}:v`);
  redis.disconnect();
  const client = await new MongoClient(stack.mongo.url).connect();
  const votes = client.db('meydan_polls').collection('votes');
  const t0 = Date.now();
  let mongoVotes = -1;
  while (Date.now() - t0 < 180_000) {
    mongoVotes = await votes.countDocuments({ pollId: new ObjectId(pollId) });
    if (mongoVotes >= accepted) break;
    await sleep(250);
  }
  // Anything still on its way would show up now as a surplus.
  await sleep(500);
  mongoVotes = await votes.countDocuments({ pollId: new ObjectId(pollId) });
  await client.close();
  const { optionCounts } = await import('./option-counts.mjs');
  const options = await optionCounts({ redisUrl: stack.redis.url, mongoUrl: stack.mongo.url, base: stack.base, pollId, apiPath, optionsCount: 4, sid });
  const equal = redisCounter === accepted && redisVoters === accepted && mongoVotes === accepted && options.equal && options.apiVoters === accepted;
  say(`  check: Redis counter ${redisCounter}, Redis voters ${redisVoters}, MongoDB votes ${mongoVotes} (after ${((Date.now() - t0) / 1000).toFixed(1)} s), accepted ${accepted}; options Redis ${options.redis.join('/')}, MongoDB ${options.mongo.join('/')}, API ${options.api.join('/')}: ${equal ? 'EQUAL' : 'MISMATCH'}`);
  return { redisCounter, redisVoters, mongoVotes, accepted, options, equal };
}

/** Every service's resident memory once start-up has settled, before any load. */
async function idleMemory() {
  await sleep(num('BENCH_SETTLE_MS', 5000));
  return Object.fromEntries(stack.processes().filter((p) => [...SERVICES, 'gateway'].includes(p.name)).map((p) => [p.name, rssMb(p.pid)]));
}

/** A GET whose body is kept as sent (still compressed). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The JS a visitor downloads for `/` (the web build's own measure) and a hashed asset served pre-compressed. */
async function webFigures(webDist) {
  const { tsImport } = await import('tsx/esm/api');
  const { measureInitialJs } = await tsImport(join(benchRoot, 'web/scripts/initial-js.ts'), import.meta.url);
  const initial = measureInitialJs(webDist);
  // The largest file of the first load: hashed, fetched by every visitor, and well over the size below which the
  // build leaves a file uncompressed (the entry chunk itself is under 1 kB).
  const largest = initial.files.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const asset = largest.file.replace(/^assets\//, '');
  const encodings = {};
  const original = readFileSync(join(webDist, 'assets', asset));
  for (const encoding of ['br', 'gzip']) {
    // node:http, not fetch: fetch decodes the body, and the bytes on the wire are what is measured here.
    const res = await rawGet(`${stack.base}/assets/${asset}`, { 'accept-encoding': encoding });
    const contentEncoding = res.headers['content-encoding'] ?? null;
    const decode = { br: brotliDecompressSync, gzip: gunzipSync }[contentEncoding] ?? ((b) => b);
    encodings[encoding] = {
      status: res.status,
      contentEncoding,
      cacheControl: res.headers['cache-control'] ?? null,
      bytes: res.body.length,
      intact: decode(res.body).equals(original),
    };
  }
  return { initialJsGzipBytes: initial.totalGzipBytes, initialJsFiles: initial.files, asset: `/assets/${asset}`, encodings };
}

async function main() {
  const t0 = Date.now();
  const k6 = ensureK6();
  build();
  const webDist = join(benchRoot, 'web', 'dist');
  workDir = mkdtempSync(join(tmpdir(), 'meydan-bench-'));
  say(`code under test: ${benchRoot}${benchRoot === runnerRoot ? '' : ` (runner from ${runnerRoot})`}`);
  const stackStart = Date.now();
  stack = await startStack({ root: benchRoot, workDir, webDist, logLevel: LOG_LEVEL, profile: () => !!env.BENCH_PROFILE, say });
  say(`stack up in ${((Date.now() - stackStart) / 1000).toFixed(1)} s; logs in ${workDir}`);
  const results = { startedAt: new Date(t0).toISOString(), codeUnderTest: benchRoot, node: process.version, settings: { RATES, VOTE_RATES, STEP_S, RAMP_S, ABORT_MS, SOCKETS, LIVE_RATE, LIVE_S, LOG_LEVEL }, scenarios: {}, checks: {} };

  results.idleRssMb = await idleMemory();
  say(`idle RSS (MB): ${Object.entries(results.idleRssMb).map(([n, mb]) => `${n} ${mb?.toFixed(0)}`).join(', ')}`);
  results.web = await webFigures(webDist);
  say(`initial JS for /: ${(results.web.initialJsGzipBytes / 1000).toFixed(1)} kB gzip; ${results.web.asset}: ${Object.entries(results.web.encodings).map(([e, r]) => `${e} → ${r.contentEncoding ?? 'none'}, ${r.cacheControl ?? 'no cache-control'}`).join('; ')}`);

  const members = votesNeeded(VOTE_RATES) + (SCENARIOS.includes('live') ? LIVE_RATE * LIVE_S * 2 * 1.2 : 0) + FEED_POLLS + 10;
  const ts = Date.now();
  const seeded = await seedMembers(Math.ceil(members), { mongoUrl: stack.mongo.url, redisUrl: stack.redis.url, authRoot: benchRoot });
  const membersCsv = join(workDir, 'members.csv');
  writeFileSync(membersCsv, formatCsv(MEMBER_COLUMNS, seeded.sids.map((sid, i) => ({ sid, userId: seeded.ids[i], username: seeded.usernames[i] }))));
  say(`seeded ${seeded.sids.length} members with sessions in ${((Date.now() - ts) / 1000).toFixed(1)} s (${membersCsv})`);

  // The feed's 20 public polls, each by its own member (the hot poll and the live poll among them), and a share-link
  // poll (seen only through its link, so in no feed).
  const ballots = BALLOT_EVERY > 0 ? 2 : 1;
  const hot = await createPoll(seeded.sids[0], 'Hangisi daha iyi bir evcil hayvan?', false, ballots);
  const livePoll = await createPoll(seeded.sids[1], 'Canlı sayım: hangisi?', false);
  for (let i = 2; i < FEED_POLLS; i++) await createPoll(seeded.sids[i], `Anket ${i}: hangisi?`, false);
  const shared = await createPoll(seeded.sids[FEED_POLLS], 'Paylaşılan anket: hangisi?', true, ballots);
  // Votes start after the poll creators, so every member votes at most once on each poll.
  let memberOffset = FEED_POLLS + 1;
  // A scenario that fails to run is reported as such; the others still run.
  const run = async (name, fn) => {
    if (!SCENARIOS.includes(name)) return;
    try {
      results.scenarios[name] = await fn();
    } catch (err) {
      say(`  ! ${name} did not run to the end: ${err.message}`);
      results.scenarios[name] = { error: err.message };
    }
  };

  let bareProxy = null;
  if (SCENARIOS.includes('bare_proxy')) {
    const proxyPort = await freePort();
    bareProxy = `http://127.0.0.1:${proxyPort}`;
    await stack.startNodeScript('bare-proxy', join(runnerRoot, 'deploy/bench/bare-proxy.mjs'), { PORT: String(proxyPort), UPSTREAM: `http://127.0.0.1:${stack.ports.polls}`, INTERNAL_SECRET: stack.secret, KIT: stack.kitPath }, `${bareProxy}/readyz`);
  }
  await warmUp(k6, [stack.base, bareProxy].filter(Boolean));
  await run('bare_proxy', () => runK6(k6, 'noop', { rates: RATES, base: bareProxy, label: 'bare_proxy' }));
  await run('noop', () => runK6(k6, 'noop', { rates: RATES }));
  await run('votes', async () => {
    const figures = await runK6(k6, 'votes', { rates: VOTE_RATES, extraEnv: { MEMBERS_CSV: membersCsv, POLL_ID: hot.id, MEMBER_OFFSET: String(memberOffset), BALLOT_EVERY: String(BALLOT_EVERY) } });
    memberOffset += figures.accepted + figures.errors;
    results.checks.memberVotes = await counterCheck(hot.id, figures.accepted, `/api/polls/${hot.id}`, seeded.sids[0]);
    return figures;
  });
  await run('share_votes', async () => {
    const figures = await runK6(k6, 'share_votes', { rates: VOTE_RATES, extraEnv: { POLL_ID: shared.id, SHARE_CODE: shared.code, BALLOT_EVERY: String(BALLOT_EVERY) } });
    results.checks.shareVotes = await counterCheck(shared.id, figures.accepted, `/api/s/${shared.code}`, seeded.sids[FEED_POLLS]);
    return figures;
  });
  await run('visitor_feed', () => runK6(k6, 'visitor_feed', { rates: RATES }));
  await run('member_feed', async () => {
    const { seedFeedGraph } = await import('./feed-graph.mjs');
    const feedMembersCsv = await seedFeedGraph({ seeded, base: stack.base, mongoUrl: stack.mongo.url, redisUrl: stack.redis.url, root: benchRoot, workDir, say });
    return runK6(k6, 'member_feed', { rates: RATES, extraEnv: { MEMBERS_CSV: feedMembersCsv } });
  });
  await run('live', async () => {
    const { measureLive } = await import('./live-run.mjs');
    return measureLive({ stack, workDir, pollId: livePoll.id, membersCsv, memberOffset, sockets: SOCKETS, rate: LIVE_RATE, seconds: LIVE_S, runnerRoot, say, cpuNow, cpuWindow });
  });

  results.targets = evaluateTargets(results);
  results.finishedAt = new Date().toISOString();
  results.seconds = (Date.now() - t0) / 1000;
  const jsonFile = resolve(env.BENCH_JSON || join(tmpdir(), `meydan-bench-${results.startedAt.replace(/[:.]/g, '-')}.json`));
  mkdirSync(resolve(jsonFile, '..'), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  say('');
  say(renderReport(results));
  say(`all figures: ${jsonFile}`);
  if (env.BENCH_PROFILE) say(`CPU profiles (open in Chrome DevTools or speedscope): ${stack.profileDir} — written when the processes stop`);
  const correctnessFailed = results.targets.filter((t) => t.kind === 'correctness' && !t.pass);
  if (correctnessFailed.length) say(`correctness FAILED: ${correctnessFailed.map((t) => t.name).join('; ')}`);
  return correctnessFailed.length ? 1 : env.BENCH_STRICT && results.targets.some((t) => !t.pass) ? 2 : 0;
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
