// `npm run chaos`: faults under a vote storm, and proof that no acknowledged vote is lost or counted twice.
//
// 1. builds (tsc -b) and starts a throw-away stack on free ports in a temp dir: NATS (JetStream on files), Redis
//    (append-only file, synced every second), the MongoDB-wire server, the six services and the gateway, the
//    services and the gateway under the same supervisor as `npm start` (a killed one is started again);
// 2. seeds members with sessions, member polls and share-link polls;
// 3. runs deploy/chaos/vote-storm.js (k6): member votes and share-link visitor votes at CHAOS_RATE per second;
// 4. meanwhile, one after another with recovery and a quiet spell between: kill -9 of polls; kill -9 of the gateway;
//    restart of NATS; restart of Redis; restart of the MongoDB-wire server; kill -9 of notifications;
// 5. stops the storm, waits for the vote consumer, then for every poll compares the accepted (2xx) votes with
//    MongoDB's votes, Redis's counter and voters, and GET /api/polls/{id}; and per voter: none lost, none twice.
// Prints one table (fault, window, failed requests in it, time to recover, votes checked, lost, doubled) and exits
// non-zero on any lost or doubled vote, any disagreement, or any 5xx outside a fault's window.
//
// Env: CHAOS_RATE (votes/s, default 20), CHAOS_QUIET_S (quiet spell between faults, default 8), CHAOS_STORM_S
// (length of the storm, default 150), CHAOS_KEEP (keep
// the temp dir with every process's log), LOG_LEVEL of the processes (default warn).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedMembers } from '../local/members.mjs';
import { freePort } from '../local/servers.mjs';
import { SERVICES, startThrowawayStack } from '../local/stack.mjs';
import { ensureK6 } from '../tools/ensure-tools.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RATE = Number(process.env.CHAOS_RATE || 20);
const QUIET_MS = Number(process.env.CHAOS_QUIET_S || 8) * 1000;
/** How long the storm lasts: the six faults with their recoveries and quiet spells fit in it with room to spare. */
const STORM_S = Number(process.env.CHAOS_STORM_S || 150);
/** After a fault has recovered, its window stays open this long: requests already in flight may still fail. */
const GRACE_MS = 2000;
const RECOVERY_TIMEOUT_MS = 60_000;
const LOG_LEVEL = process.env.LOG_LEVEL || 'warn';
const MEMBER_POLLS = 3;
/** Members kept for the recovery probes (one vote each). */
const PROBES = 400;
const SHARE_POLLS = 2;

const say = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stamp = (ms, t0) => `${((ms - t0) / 1000).toFixed(1)}`;
let workDir;
let stack;
/** Every process as it starts: what Ctrl-C stops while the stack is still coming up. */
const started = [];

async function stopAll() {
  if (stack) await stack.stop();
  else for (const handle of started.reverse()) await handle.stop(5000).catch(() => {});
  if (workDir && !process.env.CHAOS_KEEP) rmSync(workDir, { recursive: true, force: true });
}

async function until(what, check, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return Date.now();
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/**
 * The launcher's throw-away stack with Redis on its append-only file, every service and the gateway under the
 * supervisor (a killed one is started again soon), all of them needed and /api/health waited for.
 */
async function startChaosStack() {
  workDir = mkdtempSync(join(tmpdir(), 'meydan-chaos-'));
  stack = await startThrowawayStack({
    workDir,
    persist: true,
    logLevel: LOG_LEVEL,
    required: SERVICES,
    health: true,
    supervise: { backoffFirstMs: 200 },
    started,
  });
  say(`stack up (logs in ${workDir})`);
}

/** Members (one per member vote of the storm, the probes' and the creator), the polls, and the files k6 reads. */
async function seed() {
  const { base, urls } = stack;
  const memberCount = Math.ceil((RATE / 2) * STORM_S) + 10;
  say(`seeding ${memberCount} members…`);
  const { sids, ids } = await seedMembers(memberCount + PROBES + 1, { mongoUrl: urls.mongo, redisUrl: urls.redis });
  const creator = sids[sids.length - 1];
  const post = (path, body) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `sid=${creator}` }, body: JSON.stringify(body) });
  const pollBody = (n) => ({ title: `Kaos anketi ${n}`, category: 'genel', options: ['Bir', 'İki', 'Üç'], type: 'public', description: null, durationHours: 24 });
  const polls = { member: [], share: [], shareIds: [] };
  for (let n = 0; n < MEMBER_POLLS; n++) {
    const res = await post('/api/polls', pollBody(n));
    if (res.status !== 201) throw new Error(`poll not created: ${res.status} ${await res.text()}`);
    polls.member.push((await res.json()).id);
  }
  for (let n = 0; n < SHARE_POLLS; n++) {
    const res = await post('/api/polls/shareable', pollBody(`paylaşım ${n}`));
    if (res.status !== 201) throw new Error(`share poll not created: ${res.status} ${await res.text()}`);
    const body = await res.json();
    polls.share.push(body.shareUrl.split('/').pop());
    polls.shareIds.push(body.poll.id);
  }
  const sidsFile = join(workDir, 'members.json');
  writeFileSync(sidsFile, JSON.stringify(sids.slice(0, memberCount).map((sid, i) => ({ sid, userId: ids[i] }))));
  const probeRes = await post('/api/polls', pollBody('yoklama'));
  if (probeRes.status !== 201) throw new Error(`probe poll not created: ${probeRes.status}`);
  const probePoll = (await probeRes.json()).id;
  const pollsFile = join(workDir, 'polls.json');
  writeFileSync(pollsFile, JSON.stringify(polls));
  say(`seeded ${memberCount} members, ${MEMBER_POLLS} member polls and ${SHARE_POLLS} share-link polls`);
  return { creator, probeSids: sids.slice(memberCount, memberCount + PROBES), polls, probePoll, sidsFile, pollsFile };
}

/** deploy/chaos/vote-storm.js in k6, its answers into votes.log; resolves once it has started, with its end. */
async function startStorm(k6, { sidsFile, pollsFile }) {
  const consoleFile = join(workDir, 'votes.log');
  const storm = spawn(k6, ['run', '--quiet', '--no-color', '--address', `127.0.0.1:${await freePort()}`, '--console-output', consoleFile, join(root, 'deploy/chaos/vote-storm.js')], {
    env: { ...process.env, BASE_URL: stack.base, SIDS_FILE: sidsFile, POLLS_FILE: pollsFile, RATE: String(RATE), DURATION_S: String(STORM_S) },
    stdio: ['ignore', 'ignore', openSync(join(workDir, 'k6.log'), 'a')],
  });
  const exited = new Promise((resolve) => storm.once('exit', resolve));
  say(`vote storm: ${RATE}/s (half member votes, half share-link votes) on ${MEMBER_POLLS + SHARE_POLLS} polls`);
  return { consoleFile, exited };
}

/**
 * The faults, one after another with a quiet spell between; each one's window lasts until it has recovered (plus
 * GRACE_MS). Recovered: votes go through again — a probe vote (a member of its own, on a poll of its own) accepted
 * through the gateway — and the faulted process, when one was killed, is ready. /api/health is stricter than that: it
 * calls a service unready when one MongoDB ping takes over a second, which FerretDB under the storm on a shared
 * machine often does while every vote still goes through.
 */
async function runFaults({ probeSids, probePoll }, t0) {
  const { base, handles, gateway, ports, servers } = stack;
  const supervised = (name) => (name === 'gateway' ? gateway : handles[name]);
  let probes = 0;
  const healthy = async () => {
    const sid = probeSids[probes++ % probeSids.length];
    const res = await fetch(`${base}/api/polls/${probePoll}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${sid}` },
      body: JSON.stringify({ optionIndex: 0 }),
      signal: AbortSignal.timeout(5000),
    });
    return res.ok;
  };
  const killed = (name) => async () => {
    const before = supervised(name).restarts;
    process.kill(supervised(name).proc.pid, 'SIGKILL');
    await until(`${name} restarted`, () => supervised(name).restarts > before);
    await until(`${name} ready`, async () => (await fetch(`http://127.0.0.1:${ports[name]}/readyz`, { signal: AbortSignal.timeout(5000) })).ok, RECOVERY_TIMEOUT_MS);
  };
  const restarted = (name) => () => servers.restart(name);
  const faults = [
    ['kill -9 polls', killed('polls')],
    ['kill -9 gateway', killed('gateway')],
    ['restart NATS', restarted('nats')],
    ['restart Redis', restarted('redis')],
    ['restart MongoDB-wire', restarted('mongo')],
    ['kill -9 notifications', killed('notifications')],
  ];
  const windows = [];
  await sleep(QUIET_MS);
  for (const [name, act] of faults) {
    const start = Date.now();
    say(`  ${stamp(start, t0)} s: ${name}`);
    await act().catch((err) => say(`    ${err.message}`));
    const recovered = await until(`recovery from ${name}`, async () => (await healthy()) && (await healthy()), RECOVERY_TIMEOUT_MS).catch(() => null);
    if (!recovered) say(`    not recovered within ${RECOVERY_TIMEOUT_MS / 1000} s`);
    windows.push({ name, start, recovered, end: (recovered ?? Date.now()) + GRACE_MS });
    await sleep(QUIET_MS);
  }
  return windows;
}

/** Every answer the storm got, from k6's console lines. */
function readAnswers(consoleFile) {
  return readFileSync(consoleFile, 'utf8')
    .split('\n')
    .map((line) => /V,(\d+),([ms]\d+),([^,]+),(\w+)/.exec(line))
    .filter(Boolean)
    .map(([, t, poll, voter, status]) => ({ t: Number(t), poll, voter, status: Number(status) || 0 }));
}

/**
 * What the stores hold, once the vote consumer has caught up: per poll, the accepted votes against MongoDB's votes,
 * Redis's counter and voters, and GET /api/polls/{id}; per voter, how often MongoDB holds their vote.
 */
async function checkStores({ polls, creator }, accepted, cutOff) {
  const { base, urls } = stack;
  const pollIds = Object.fromEntries([...polls.member.map((id, i) => [`m${i}`, id]), ...polls.shareIds.map((id, i) => [`s${i}`, id])]);
  const { MongoClient, ObjectId } = await import('mongodb');
  const { Redis } = await import('ioredis');
  const client = await new MongoClient(urls.mongo).connect();
  const votes = client.db('meydan_polls').collection('votes');
  const expected = (key) => accepted.filter((a) => a.poll === key).length;
  // Once a second, one count: asking more often only slows the consumer it waits for (FerretDB scans to count).
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && (await votes.countDocuments({})) < accepted.length) await sleep(1000);
  const redis = new Redis(urls.redis);
  const stored = new Map();
  const perPoll = [];
  let mismatch = false;
  for (const [key, id] of Object.entries(pollIds)) {
    const docs = await votes.find({ pollId: new ObjectId(id) }, { projection: { voter: 1 } }).toArray();
    for (const doc of docs) stored.set(`${key}|${doc.voter}`, (stored.get(`${key}|${doc.voter}`) ?? 0) + 1);
    const redisTotal = Number((await redis.hget(`polls:poll:{${id}}:c`, 't')) ?? 0);
    const redisVoters = await redis.hlen(`polls:poll:{${id}}:v`);
    const api = await (await fetch(`${base}/api/polls/${id}`, { headers: { cookie: `sid=${creator}` } })).json();
    // Votes whose connection was cut (no answer) and that were counted all the same belong to the expected total.
    const counted = expected(key) + docs.filter((d) => cutOff(`${key}|${d.voter}`)).length;
    const row = { poll: key, accepted: counted, mongo: docs.length, redisTotal, redisVoters, api: api.totalVotes ?? api.poll?.totalVotes };
    if (new Set([row.accepted, row.mongo, row.redisTotal, row.redisVoters, row.api]).size !== 1) mismatch = true;
    perPoll.push(row);
  }
  redis.disconnect();
  await client.close();
  return { stored, perPoll, mismatch };
}

/** One row per fault window (and one for the time outside them): failed requests, recovery, votes checked, lost, doubled. */
function sayTable({ windows, answers, accepted, lost, doubled, attempted, inWindow }, t0, stormEnd) {
  const rows = [];
  const spans = [...windows, { name: 'outside faults', start: t0, end: stormEnd, outside: true }];
  for (const w of spans) {
    const mine = (a) => (w.outside ? !inWindow(a) : a.t >= w.start && a.t <= w.end);
    rows.push([
      w.name,
      w.outside ? '-' : `${stamp(w.start, t0)}–${stamp(w.end, t0)} s`,
      answers.filter((a) => mine(a) && (a.status >= 500 || a.status === 0)).length,
      w.outside ? '-' : w.recovered ? `${((w.recovered - w.start) / 1000).toFixed(1)} s` : 'not recovered',
      accepted.filter(mine).length,
      lost.filter(mine).length,
      doubled.filter((k) => attempted.get(k) && mine(attempted.get(k))).length,
    ]);
  }
  const header = ['fault', 'window', 'failed in it', 'time to recover', 'votes checked', 'lost', 'doubled'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  say('');
  say(line(header));
  say(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) say(line(row));
  say('');
}

/** Compares what the storm was told with what the stores hold, prints the table and the verdict; 0 when all is well. */
async function verdict(seeded, windows, consoleFile, t0, stormEnd) {
  const answers = readAnswers(consoleFile);
  const accepted = answers.filter((a) => a.status >= 200 && a.status < 300);
  const inWindow = (a) => windows.find((w) => a.t >= w.start && a.t <= w.end);
  const outsideFailures = answers.filter((a) => (a.status >= 500 || a.status === 0) && !inWindow(a));
  const acceptedKeys = new Map(accepted.map((a) => [`${a.poll}|${a.voter}`, a]));
  const attempted = new Map(answers.map((a) => [`${a.poll}|${a.voter}`, a]));
  const cutOff = (key) => !acceptedKeys.has(key) && (attempted.get(key)?.status ?? 0) === 0;
  const { stored, perPoll, mismatch } = await checkStores(seeded, accepted, cutOff);

  // Per voter: an accepted vote missing from MongoDB is lost; one stored twice (or stored without a 2xx) is doubled.
  const lost = [...acceptedKeys.values()].filter((a) => !stored.has(`${a.poll}|${a.voter}`));
  // Doubled: stored twice, or stored although the voter was told it was not (4xx/5xx). A vote whose connection was
  // cut (no answer) may or may not count: either is honest.
  const doubled = [...stored.entries()]
    .filter(([k, n]) => n > 1 || (!acceptedKeys.has(k) && (attempted.get(k)?.status ?? 0) !== 0))
    .map(([k]) => k);
  const unanswered = [...stored.keys()].filter(cutOff);

  sayTable({ windows, answers, accepted, lost, doubled, attempted, inWindow }, t0, stormEnd);
  say(`requests ${answers.length}, accepted ${accepted.length}, 409 ${answers.filter((a) => a.status === 409).length}, 5xx/no answer ${answers.filter((a) => a.status >= 500 || a.status === 0).length} (outside the fault windows: ${outsideFailures.length})`);
  const supervised = { ...Object.fromEntries(SERVICES.map((name) => [name, stack.handles[name]])), gateway: stack.gateway };
  say(`restarts by the supervisor: ${Object.entries(supervised).map(([n, s]) => `${n} ${s.restarts}`).join(', ')}`);
  say(`votes cut off by a fault (no answer) and counted: ${unanswered.length}`);
  say('per poll: accepted (and cut off but counted) = MongoDB = Redis counter = Redis voters = GET /api/polls/{id}');
  for (const r of perPoll) say(`  ${r.poll}: ${r.accepted} = ${r.mongo} = ${r.redisTotal} = ${r.redisVoters} = ${r.api}`);
  const ok = windows.every((w) => w.recovered) && !mismatch && lost.length === 0 && doubled.length === 0 && outsideFailures.length === 0 && accepted.length > 0;
  say(ok ? 'chaos: nothing lost, nothing doubled' : 'chaos: FAILED (see above)');
  if (lost.length) say(`  lost, e.g.: ${lost.slice(0, 5).map((a) => `${a.poll} ${a.voter} at ${stamp(a.t, t0)} s`).join('; ')}`);
  if (doubled.length) say(`  doubled, e.g.: ${doubled.slice(0, 5).join('; ')}`);
  return ok ? 0 : 1;
}

async function main() {
  const k6 = ensureK6();
  say('building the workspaces (tsc -b)…');
  if (spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('tsc -b failed');
  await startChaosStack();
  const seeded = await seed();
  const storm = await startStorm(k6, seeded);
  const t0 = Date.now();
  const windows = await runFaults(seeded, t0);
  // The storm ends by itself (an interrupted k6 drops the answers of the votes in flight, and a vote stored without
  // its line would look counted without an answer); faults that took longer than it happen without the storm.
  if (Date.now() - t0 > STORM_S * 1000) say(`  the faults outlasted the ${STORM_S} s storm: raise CHAOS_STORM_S`);
  await storm.exited;
  return verdict(seeded, windows, storm.consoleFile, t0, Date.now());
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`chaos: ${err.stack ?? err.message}\n`);
    await stopAll();
    process.exit(1);
  });
