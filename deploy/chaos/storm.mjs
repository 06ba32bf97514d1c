// What both chaos runs (`npm run chaos`, `npm run chaos:cluster`) share before the verdict: the seeding of members and
// polls, the k6 vote storm (deploy/chaos/vote-storm.js), and the faults run one after another, each with its recovery
// probe and a quiet spell between.
import { spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedMembers } from '../local/members.mjs';
import { freePort } from '../local/servers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** After a fault has recovered, its window stays open this long: requests already in flight may still fail. */
export const GRACE_MS = 2000;
export const RECOVERY_TIMEOUT_MS = 60_000;
export const MEMBER_POLLS = 3;
/** Members kept for the recovery probes (one vote each). */
const PROBES = 400;
export const SHARE_POLLS = 2;

export const say = (line = '') => process.stdout.write(`${line}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const stamp = (ms, t0) => `${((ms - t0) / 1000).toFixed(1)}`;

/** Resolves with the time `check` first held (asked every 100 ms; a throw is a no); fails after `timeoutMs`. */
export async function until(what, check, timeoutMs = 60_000) {
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

const pollBody = (n) => ({ title: `Kaos anketi ${n}`, category: 'genel', options: ['Bir', 'İki', 'Üç'], type: 'public', description: null, durationHours: 24 });

/**
 * Two share-link votes per polls process, one at a time, on a poll of their own, before the storm. The polls service
 * defines its quota script (store/quota.ts, `takeQuota`) on its first use; when an auto-pipeline of the same client
 * is open in that tick, ioredis hands that pipeline's replies to the wrong commands and the process dies ("results[i]
 * is not iterable", ioredis issue 1931): under a storm, at the first share-link vote each process sees. Defined once
 * here, it stays defined until the process restarts.
 */
async function warmUp(base, post, processes) {
  const res = await post('/api/polls/shareable', pollBody('ısınma'));
  if (res.status !== 201) throw new Error(`warm-up poll not created: ${res.status} ${await res.text()}`);
  const code = (await res.json()).shareUrl.split('/').pop();
  // Every visitor's cookie first, then the votes back to back: the gateway takes turns among a service's processes
  // over all its requests, so a page and a vote each in turn would send every vote to the same process.
  const cookies = [];
  for (let i = 0; i < processes * 2; i++) {
    const page = await fetch(`${base}/api/s/${code}`);
    cookies.push(page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  }
  for (const cookie of cookies) {
    const vote = await fetch(`${base}/api/s/${code}/vote`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ optionIndex: 0 }) });
    if (vote.status !== 200) throw new Error(`warm-up vote refused: ${vote.status} ${await vote.text()}`);
  }
}

async function createPolls(post) {
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
  const probeRes = await post('/api/polls', pollBody('yoklama'));
  if (probeRes.status !== 201) throw new Error(`probe poll not created: ${probeRes.status}`);
  return { polls, probePoll: (await probeRes.json()).id };
}

/**
 * Members (one per member vote of the storm at `rate` for `stormS` seconds, the probes' and the creator), the polls,
 * and the files k6 reads, in `workDir`.
 */
export async function seed({ base, urls, instances }, workDir, { rate, stormS }) {
  const memberCount = Math.ceil((rate / 2) * stormS) + 10;
  say(`seeding ${memberCount} members…`);
  const { sids, ids } = await seedMembers(memberCount + PROBES + 1, { mongoUrl: urls.mongo, redisUrl: urls.redis });
  const creator = sids[sids.length - 1];
  const post = (path, body) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `sid=${creator}` }, body: JSON.stringify(body) });
  const { polls, probePoll } = await createPolls(post);
  await warmUp(base, post, instances.filter((i) => i.service === 'polls').length);
  const sidsFile = join(workDir, 'members.json');
  writeFileSync(sidsFile, JSON.stringify(sids.slice(0, memberCount).map((sid, i) => ({ sid, userId: ids[i] }))));
  const pollsFile = join(workDir, 'polls.json');
  writeFileSync(pollsFile, JSON.stringify(polls));
  say(`seeded ${memberCount} members, ${MEMBER_POLLS} member polls and ${SHARE_POLLS} share-link polls`);
  return { creator, probeSids: sids.slice(memberCount, memberCount + PROBES), polls, probePoll, sidsFile, pollsFile };
}

/** deploy/chaos/vote-storm.js in k6 against `base`, its answers into votes.log; resolves once it has started, with its end. */
export async function startStorm(k6, { base, workDir, rate, stormS }, { sidsFile, pollsFile }) {
  const consoleFile = join(workDir, 'votes.log');
  const storm = spawn(k6, ['run', '--quiet', '--no-color', '--address', `127.0.0.1:${await freePort()}`, '--console-output', consoleFile, join(root, 'deploy/chaos/vote-storm.js')], {
    env: { ...process.env, BASE_URL: base, SIDS_FILE: sidsFile, POLLS_FILE: pollsFile, RATE: String(rate), DURATION_S: String(stormS) },
    stdio: ['ignore', 'ignore', openSync(join(workDir, 'k6.log'), 'a')],
  });
  const exited = new Promise((resolve) => storm.once('exit', resolve));
  say(`vote storm: ${rate}/s (half member votes, half share-link votes) on ${MEMBER_POLLS + SHARE_POLLS} polls`);
  return { consoleFile, exited };
}

/**
 * The faults (`{ name, act, heal }`), one after another with `quietMs` between. Recovered: `act` is done (what it
 * killed is back, or replaced) and votes go through again — two probe votes in a row (members of their own, on a poll
 * of its own) accepted through the gateway at `base`. Then `heal`, when given, puts back what the fault took (a
 * killed server of a cluster started again and caught up), so that the next fault meets the whole cluster. A fault's
 * window lasts until it has recovered and healed, plus GRACE_MS. /api/health is stricter than the probe: it calls a
 * service unready when one MongoDB ping takes over a second, which the MongoDB-wire server under the storm on a
 * shared machine often does while every vote still goes through.
 */
export async function runFaults(faults, { base, quietMs }, { probeSids, probePoll }, t0) {
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
  const windows = [];
  await sleep(quietMs);
  for (const { name, act, heal } of faults) {
    const start = Date.now();
    say(`  ${stamp(start, t0)} s: ${name}`);
    await act().catch((err) => say(`    ${err.message}`));
    const recovered = await until(`recovery from ${name}`, async () => (await healthy()) && (await healthy()), RECOVERY_TIMEOUT_MS).catch(() => null);
    if (!recovered) say(`    not recovered within ${RECOVERY_TIMEOUT_MS / 1000} s`);
    if (heal) {
      await heal().catch((err) => say(`    ${err.message}`));
      say(`  ${stamp(Date.now(), t0)} s: healed`);
    }
    windows.push({ name, start, recovered, end: Math.max(recovered ?? 0, Date.now()) + GRACE_MS });
    await sleep(quietMs);
  }
  return windows;
}

/**
 * The storm and, meanwhile, the faults. The storm ends by itself (an interrupted k6 drops the answers of the votes in
 * flight, and a vote stored without its line would look counted without an answer); faults that took longer than it
 * happen without the storm.
 */
export async function stormUnderFaults(k6, run, seeded, faults) {
  const storm = await startStorm(k6, run, seeded);
  const t0 = Date.now();
  const windows = await runFaults(faults, run, seeded, t0);
  if (Date.now() - t0 > run.stormS * 1000) say(`  the faults outlasted the ${run.stormS} s storm: raise CHAOS_STORM_S`);
  await storm.exited;
  return { windows, consoleFile: storm.consoleFile, t0, stormEnd: Date.now() };
}

/** Runs a chaos run's `main` as this process: what it resolves to is the exit code; after it, an error or Ctrl-C, `stopAll`. */
export function runAsProcess(label, main, stopAll) {
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  main()
    .then(async (code) => {
      await stopAll();
      process.exit(code);
    })
    .catch(async (err) => {
      process.stderr.write(`${label}: ${err.stack ?? err.message}\n`);
      await stopAll();
      process.exit(1);
    });
}
