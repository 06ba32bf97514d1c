// `npm run bench:votes`: the vote hot path under load, end to end through the gateway.
//
// 1. builds k6 with Go into ~/.cache/meydan/bin (once) and the TypeScript workspaces (tsc -b);
// 2. starts a throw-away local stack on free ports in a temp dir: NATS (JetStream), Redis, a MongoDB-wire server
//    (mongod, else FerretDB), the six services and the gateway (the same processes `npm start` runs; the gateway with
//    RATE_LIMIT_SCALE raised, since one machine plays every client);
// 3. seeds members with sessions (written with the auth service's own model and session store, as its test support
//    does: logging in thousands of members through scrypt would measure password hashing, not votes) and one poll,
//    created through the gateway by the first member;
// 4. runs deploy/k6/vote-storm.js: a constant-arrival-rate no-op through the gateway (GET /api/polls/ping), then the
//    vote storm at the same rate, each vote by a different member;
// 5. prints accepted votes/s, p95/p99, the error rate and the ratios to the no-op; checks that the poll's counters in
//    Redis equal the accepted votes at once, and MongoDB's votes collection after the consumer persisted them, and
//    that the options the accepted votes marked equal Redis's, MongoDB's and the API's per-option counts (the poll
//    allows two choices; every BENCH_BALLOT_EVERY-th vote is a ballot of two options). The poll allows changing a
//    vote: one accepted vote in BENCH_CHANGE_EVERY is then moved to another option and one taken back (issue 38), so
//    the counters checked are the ballots left (accepted less taken back) and the options they mark now.
//
// Env: BENCH_RATE (votes/s, default 300), BENCH_DURATION_S (default 20), BENCH_BALLOT_EVERY (default 4; 0 = single
// choices only), BENCH_CHANGE_EVERY (default 5; 0 = no changes), LOG_LEVEL of the processes (default warn).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedMembers } from '../local/members.mjs';
import { startThrowawayStack } from '../local/throwaway-stack.mjs';
import { ensureK6 } from '../local/ensure-tools.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RATE = Number(process.env.BENCH_RATE || 300);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 20);
const LOG_LEVEL = process.env.LOG_LEVEL || 'warn';
const OPTIONS = ['Kedi', 'Köpek', 'Kuş', 'Balık'];
const BALLOT_EVERY = Number(process.env.BENCH_BALLOT_EVERY ?? 4);
const CHANGE_EVERY = Number(process.env.BENCH_CHANGE_EVERY ?? 5);

/** k6's values of a trend metric (ms). */
/** @typedef {{ med: number, max: number, 'p(95)': number, 'p(99)': number }} Trend */
/** k6's end-of-test metrics, by name. */
/** @typedef {Record<string, { values?: Record<string, number> } | undefined>} K6Metrics */

const say = (line = '') => process.stdout.write(`${line}\n`);
/** @type {Awaited<ReturnType<typeof startThrowawayStack>> | undefined} */
let stack;
/** @type {string | undefined} */
let workDir;

async function stopAll() {
  await stack?.stop();
  stack = undefined;
  if (workDir && !process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

/**
 * Diagnostics (BENCH_PROBE=1): sequential latency of each hop, on a separate poll.
 * @param {string} base
 * @param {string} pollsUrl
 * @param {string} secret
 * @param {string[]} sids
 */
async function probe(base, pollsUrl, secret, sids) {
  const { signIdentity } = await import('@meydan/kit');
  const post = (
    /** @type {string} */ url,
    /** @type {Record<string, string>} */ headers,
    /** @type {unknown} */ body,
  ) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const res = await post(
    `${base}/api/polls`,
    { cookie: `sid=${sids[0]}` },
    { title: 'Prob', category: 'genel', options: ['a', 'b'], duration: 0 },
  );
  const { id } = await res.json();
  /**
   * @param {string} name
   * @param {number} n
   * @param {(i: number) => Promise<Response>} fn
   */
  const time = async (name, n, fn) => {
    /** @type {number[]} */
    const t = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      const r = await fn(i);
      await r.arrayBuffer();
      t.push(performance.now() - s);
    }
    t.sort((a, b) => a - b);
    say(
      `  probe ${name}: p50 ${/** @type {number} */ (t[Math.floor(n / 2)]).toFixed(2)} ms, p95 ${/** @type {number} */ (t[Math.floor(n * 0.95)]).toFixed(2)} ms`,
    );
  };
  await time('GET ping via gateway', 200, () => fetch(`${base}/api/polls/ping`));
  await time('GET ping via gateway, member', 200, (i) =>
    fetch(`${base}/api/polls/ping`, { headers: { cookie: `sid=${sids[i + 1]}` } }),
  );
  await time('GET ping direct', 200, () =>
    fetch(`${pollsUrl}/api/polls/ping`, {
      headers: { 'x-meydan-identity': signIdentity({ userId: null, role: null }, secret) },
    }),
  );
  await time('vote direct', 200, (i) =>
    post(
      `${pollsUrl}/api/polls/${id}/vote`,
      { 'x-meydan-identity': signIdentity({ userId: `probe${i}`, role: 'member' }, secret) },
      { optionIndex: 0 },
    ),
  );
  await time('vote via gateway', 200, (i) =>
    post(`${base}/api/polls/${id}/vote`, { cookie: `sid=${sids[i + 300]}` }, { optionIndex: 0 }),
  );
}

const fmt = (/** @type {unknown} */ ms) => (typeof ms === 'number' ? `${ms.toFixed(1)} ms` : 'n/a');

async function main() {
  const t0 = Date.now();
  const k6 = ensureK6();
  buildWorkspaces();
  workDir = mkdtempSync(join(tmpdir(), 'meydan-bench-'));
  // BENCH_PROFILE=<service>: a V8 CPU profile of that service, in <temp dir>/profiles (kept with BENCH_KEEP).
  stack = await startThrowawayStack({
    workDir,
    logLevel: LOG_LEVEL,
    profile: (name) => process.env.BENCH_PROFILE === name,
    say,
  });
  const { base, ports, urls } = stack;
  say(`stack up in ${((Date.now() - t0) / 1000).toFixed(1)} s (logs in ${workDir})`);

  const sids = await seedVoters(urls);
  const poll = await createPoll(base, sids[0]);
  if (process.env.BENCH_PROBE) await probe(base, `http://127.0.0.1:${ports.polls}`, stack.secret, sids);
  const { summary, marks } = await runStorm(k6, base, poll.id, sids);
  const stored = await storedVotes(urls, base, poll.id, summary.ballots, sids[0]);
  const options = await optionsCheck(urls, base, poll.id, sids[0], summary);
  const ok =
    stored.redisTotal === summary.ballots &&
    stored.redisVoters === summary.ballots &&
    stored.mongoTotal === summary.ballots &&
    options.ok;
  report(summary, stored, options, marks, ok);
  return ok ? 0 : 1;
}

function buildWorkspaces() {
  say('building the workspaces (tsc -b)…');
  const tsc = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc -b failed');
}

/**
 * One member with a session for each vote of the storm, and a few more; the first creates the poll.
 * @param {{ mongo: string, redis: string }} urls
 */
async function seedVoters(urls) {
  const members = Math.ceil(RATE * DURATION_S * 1.1) + 1;
  const ts = Date.now();
  const { sids } = await seedMembers(members, { mongoUrl: urls.mongo, redisUrl: urls.redis });
  say(`seeded ${sids.length} members with sessions in ${((Date.now() - ts) / 1000).toFixed(1)} s`);
  return sids;
}

/**
 * @param {string} base
 * @param {string | undefined} sid
 * @returns {Promise<{ id: string }>}
 */
async function createPoll(base, sid) {
  const created = await fetch(`${base}/api/polls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${sid}` },
    body: JSON.stringify({
      title: 'Hangisi daha iyi bir evcil hayvan?',
      category: 'gunluk-hayat',
      options: OPTIONS,
      duration: 0,
      ...(BALLOT_EVERY ? { maxChoices: 2 } : {}),
      ...(CHANGE_EVERY ? { allowVoteChange: true } : {}),
    }),
  });
  if (created.status !== 201) throw new Error(`poll not created: ${created.status} ${await created.text()}`);
  return created.json();
}

/**
 * k6's no-op phase then its vote phase, with the CPU seconds each process spent in either (from /proc; Linux only);
 * answers k6's counts and latencies and those CPU marks.
 * @param {string} k6
 * @param {string} base
 * @param {string} pollId
 * @param {string[]} sids
 */
async function runStorm(k6, base, pollId, sids) {
  // The first member created the poll; every member votes once, the creator too.
  const sidsFile = join(/** @type {string} */ (workDir), 'sids.json');
  writeFileSync(sidsFile, JSON.stringify(sids));
  const summaryFile = join(/** @type {string} */ (workDir), 'summary.json');
  say(`k6: ${RATE}/s for ${DURATION_S} s of no-ops, then ${RATE}/s for ${DURATION_S} s of votes on poll ${pollId}…`);
  const run = spawn(k6, ['run', '--quiet', '--no-color', join(root, 'deploy/k6/vote-storm.js')], {
    env: {
      ...process.env,
      BASE_URL: base,
      POLL_ID: pollId,
      SIDS_FILE: sidsFile,
      RATE: String(RATE),
      DURATION_S: String(DURATION_S),
      OPTIONS: String(OPTIONS.length),
      SUMMARY_FILE: summaryFile,
      BALLOT_EVERY: String(BALLOT_EVERY),
      CHANGE_EVERY: String(CHANGE_EVERY),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const processes = [.../** @type {NonNullable<typeof stack>} */ (stack).processes(), { name: 'k6', pid: run.pid }];
  const cpuOf = () => Object.fromEntries(processes.map((h) => [h.name, cpuSeconds(h.pid)]));
  /** @type {Record<string, Record<string, number>>} */
  const marks = {};
  const at = (/** @type {number} */ s, /** @type {string} */ name) =>
    setTimeout(() => (marks[name] = cpuOf()), s * 1000).unref();
  at(3 + 1, 'noopStart');
  at(3 + 1 + DURATION_S, 'noopEnd');
  at(3 + DURATION_S + 2, 'votesStart');
  at(3 + 2 * DURATION_S + 2, 'votesEnd');
  const code = await new Promise((resolve) => run.once('exit', resolve));
  if (!existsSync(summaryFile)) throw new Error(`k6 exited with ${code} and wrote no summary`);
  return { summary: stormSummary(JSON.parse(readFileSync(summaryFile, 'utf8')).metrics), marks };
}

/**
 * k6's metrics, as the report reads them.
 * @param {K6Metrics} m
 */
function stormSummary(m) {
  const count = (/** @type {string} */ name) => m[name]?.values?.count ?? 0;
  const acceptedVotes = count('votes_accepted');
  const failed =
    count('vote_conflicts') + count('vote_rate_limited') + count('vote_server_errors') + count('vote_other_errors');
  return {
    m,
    count,
    acceptedVotes,
    // The ballots left: accepted votes less those taken back (a moved one stays a ballot).
    ballots: acceptedVotes - count('vote_takebacks_accepted'),
    change: /** @type {Trend} */ (m.change_latency?.values ?? {}),
    failed,
    attempted: acceptedVotes + failed,
    noopDone: count('noop_ok') + count('noop_errors'),
    vote: /** @type {Trend} */ (m.vote_latency?.values ?? {}),
    noop: /** @type {Trend} */ (m.noop_latency?.values ?? {}),
    votesPerS: acceptedVotes / DURATION_S,
    noopPerS: count('noop_ok') / DURATION_S,
  };
}

/**
 * The poll's counter and voters in Redis at once; its votes in MongoDB once the consumers caught up (3 minutes at
 * most): as many ballots as `ballots` (taken-back votes removed), and its per-option counts those of Redis.
 * @param {{ mongo: string, redis: string }} urls
 * @param {string} base
 * @param {string} pollId
 * @param {number} ballots
 * @param {string | undefined} sid
 */
async function storedVotes(urls, base, pollId, ballots, sid) {
  const { Redis } = await import('ioredis');
  const { MongoClient, ObjectId } = await import('mongodb');
  const r = new Redis(urls.redis);
  const redisTotal = Number((await r.hget(`polls:poll:{${pollId}}:c`, 't')) ?? 0);
  const redisVoters = await r.hlen(`polls:poll:{${pollId}}:v`);
  r.disconnect();
  const client = await new MongoClient(urls.mongo).connect();
  const votes = client.db('meydan_polls').collection('votes');
  const tp = Date.now();
  let mongoTotal = -1;
  const { optionCounts } = await import('./option-counts.mjs');
  while (Date.now() - tp < 180_000) {
    mongoTotal = await votes.countDocuments({ pollId: new ObjectId(pollId) });
    if (mongoTotal === ballots) {
      // Counted, and every change applied too: MongoDB's options are Redis's.
      const options = await optionCounts({
        redisUrl: urls.redis,
        mongoUrl: urls.mongo,
        base,
        pollId,
        apiPath: `/api/polls/${pollId}`,
        optionsCount: OPTIONS.length,
        sid,
      });
      if (options.redis.join() === options.mongo.join()) break;
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  const persistS = (Date.now() - tp) / 1000;
  await client.close();
  return { redisTotal, redisVoters, mongoTotal, persistS };
}

/**
 * The per-option counts of Redis, MongoDB and the API, against the options the ballots left mark: those the accepted
 * votes marked, less those their changes and take-backs took off, plus those the changes put on.
 * @param {{ mongo: string, redis: string }} urls
 * @param {string} base
 * @param {string} pollId
 * @param {string | undefined} sid
 * @param {{ count: (name: string) => number, ballots: number }} summary
 */
async function optionsCheck(urls, base, pollId, sid, { count, ballots }) {
  const { optionCounts } = await import('./option-counts.mjs');
  const options = await optionCounts({
    redisUrl: urls.redis,
    mongoUrl: urls.mongo,
    base,
    pollId,
    apiPath: `/api/polls/${pollId}`,
    optionsCount: OPTIONS.length,
    sid,
  });
  const accepted = count('vote_options_accepted') - count('vote_options_removed') + count('vote_options_added');
  const ok = options.equal && options.redis.reduce((a, b) => a + b, 0) === accepted && options.apiVoters === ballots;
  return { ...options, accepted, ok };
}

/**
 * @param {ReturnType<typeof stormSummary>} summary
 * @param {Awaited<ReturnType<typeof storedVotes>>} stored
 * @param {Awaited<ReturnType<typeof optionsCheck>>} options
 * @param {Record<string, Record<string, number>>} marks
 * @param {boolean} ok
 */
function report(summary, stored, options, marks, ok) {
  const { m, count, acceptedVotes, failed, attempted, noopDone, vote, noop, votesPerS, noopPerS } = summary;
  const { redisTotal, redisVoters, mongoTotal, persistS } = stored;
  say('');
  say(
    `vote storm on one poll through the gateway (${RATE}/s target, ${DURATION_S} s each, LOG_LEVEL=${LOG_LEVEL}, one ${process.arch} machine running k6 and the stack)`,
  );
  say(
    `  votes:  attempted ${attempted}, accepted ${acceptedVotes} (${votesPerS.toFixed(1)}/s), errors ${failed} (${((failed / Math.max(attempted, 1)) * 100).toFixed(2)}%: 409 ${count('vote_conflicts')}, 429 ${count('vote_rate_limited')}, 5xx/network ${count('vote_server_errors')}, other ${count('vote_other_errors')}), dropped by k6 ${m['dropped_iterations{scenario:votes}']?.values?.count ?? 0}`,
  );
  say(
    `          latency p50 ${fmt(vote.med)}, p95 ${fmt(vote['p(95)'])}, p99 ${fmt(vote['p(99)'])}, max ${fmt(vote.max)}`,
  );
  say(
    `  no-op:  GET /api/polls/ping ${noopDone} requests (${noopPerS.toFixed(1)}/s ok, errors ${count('noop_errors')}), dropped by k6 ${m['dropped_iterations{scenario:noop}']?.values?.count ?? 0}`,
  );
  say(
    `          latency p50 ${fmt(noop.med)}, p95 ${fmt(noop['p(95)'])}, p99 ${fmt(noop['p(99)'])}, max ${fmt(noop.max)}`,
  );
  say(
    `  ratio vote/no-op: throughput ${(votesPerS / Math.max(noopPerS, 1e-9)).toFixed(2)}, p95 ${(vote['p(95)'] / noop['p(95)']).toFixed(2)}×, p99 ${(vote['p(99)'] / noop['p(99)']).toFixed(2)}×`,
  );
  say(
    `  changes: ${count('vote_changes_accepted')} moved and ${count('vote_takebacks_accepted')} taken back (one vote in ${CHANGE_EVERY || '–'} each), errors ${count('vote_change_errors')}; latency p95 ${fmt(summary.change['p(95)'])}, p99 ${fmt(summary.change['p(99)'])}`,
  );
  say(
    `  check: Redis counter ${redisTotal}, Redis voters ${redisVoters}, MongoDB votes ${mongoTotal} (after ${persistS.toFixed(1)} s) vs ballots left ${summary.ballots} (accepted ${acceptedVotes}, less taken back): ${ok ? 'EQUAL' : 'MISMATCH'}`,
  );
  say(
    `  options: Redis ${options.redis.join('/')}, MongoDB ${options.mongo.join('/')}, API ${options.api.join('/')} (votersCount ${options.apiVoters}) vs ${options.accepted} options the ballots left mark (every ${BALLOT_EVERY || '–'}th a ballot of two; moved ones one option): ${options.ok ? 'EQUAL' : 'MISMATCH'}`,
  );
  if (marks.votesEnd) {
    const spent = (/** @type {string} */ from, /** @type {string} */ to) => {
      const before = marks[from] ?? {};
      const after = marks[to] ?? {};
      return Object.keys(after)
        .map((name) => /** @type {[string, number]} */ ([name, (after[name] ?? 0) - (before[name] ?? 0)]))
        .filter(([, cpu]) => cpu > 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([name, cpu]) => `${name} ${cpu.toFixed(1)}`)
        .join(', ');
    };
    say(`  CPU seconds, no-op phase: ${spent('noopStart', 'noopEnd')}`);
    say(`  CPU seconds, vote phase:  ${spent('votesStart', 'votesEnd')}`);
  }
}

/** @param {number | undefined} pid */
function cpuSeconds(pid) {
  try {
    const fields = /** @type {string} */ (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`bench:votes: ${err.stack ?? err.message}\n`);
    await stopAll();
    process.exit(1);
  });
