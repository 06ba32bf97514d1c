// What both chaos runs (`npm run chaos`, `npm run chaos:cluster`) share before the verdict: the seeding of members and
// polls, the k6 vote storm (deploy/chaos/vote-storm.js), and the faults run one after another, each with its recovery
// probe and a quiet spell between, the storm going on until the last of them has healed and a quiet tail has passed.
import { spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedMembers } from '../local/members.mjs';
import { freePort } from '../local/servers.mjs';

/**
 * A fault of a chaos run: `act` does it, `heal` (when given) puts back what it took; `graceful`: a stop that must fail
 * no vote at all.
 * @typedef {{ name: string, act: () => Promise<unknown>, heal?: () => Promise<unknown>, graceful?: boolean }} Fault
 */
/**
 * A fault window as the chaos run records it (ms since epoch; `recovered` null: never).
 * @typedef {{ name: string, start: number, end: number, recovered: number | null, graceful?: boolean }} FaultWindow
 */
/**
 * What a chaos run is: the gateway, its temp dir, the storm's rate and longest length, the quiet spell between faults.
 * @typedef {{ base: string, workDir: string, rate: number, stormS: number, quietMs: number }} ChaosRun
 */
/** @typedef {(path: string, body: unknown) => Promise<Response>} Post */
/**
 * The storm's polls: member polls by id, share-link polls by code and by id, and which of each (by index) are ranked.
 * @typedef {{ member: string[], share: string[], shareIds: string[], ranked: { member: number[], share: number[] } }} StormPolls
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
/** After a fault has recovered, its window stays open this long: requests already in flight may still fail. */
export const GRACE_MS = 2000;
export const RECOVERY_TIMEOUT_MS = 60_000;
/** The member polls the storm votes on: the last is ranked ('Sıralamalı oy', its ballots final), the others plain. */
export const MEMBER_POLLS = 4;
/** Members kept for the recovery probes (one vote each, ten a second at most while a fault lasts). */
const PROBES = 2000;
/** The share-link polls, the last of them ranked too. */
export const SHARE_POLLS = 3;
/** How often each of the storm's VUs asks whether the storm is over: the longest a vote may start after the stop. */
const CHECK_MS = 2000;
/** How long the storm's last votes may take to be answered (k6 gives each request 10 s, a share-link vote makes two). */
const LAST_ANSWERS_MS = 30_000;

export const say = (/** @type {string} */ line = '') => process.stdout.write(`${line}\n`);
export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
export const stamp = (/** @type {number} */ ms, /** @type {number} */ t0) => `${((ms - t0) / 1000).toFixed(1)}`;

/**
 * Resolves with the time `check` first held (asked every 100 ms; a throw is a no); fails after `timeoutMs`.
 * @param {string} what
 * @param {() => unknown} check
 * @param {number} [timeoutMs]
 * @returns {Promise<number>}
 */
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

/**
 * The storm's plain polls allow changing a vote: the storm moves and takes back votes beside the new ones (issue 38).
 * A ranked poll keeps its ballots final (issue 41): the storm sends it rankings and nothing after them.
 */
const pollBody = (/** @type {number | string} */ n, ranked = false) => ({
  title: `Kaos anketi ${n}`,
  category: 'genel',
  options: ['Bir', 'İki', 'Üç'],
  type: 'public',
  description: null,
  durationHours: 24,
  ...(ranked ? { kind: 'ranked', allowVoteChange: false } : { allowVoteChange: true }),
});

/**
 * Two share-link votes per polls process, one at a time, on a poll of their own, before the storm. The polls service
 * defines its quota script (store/quota.ts, `takeQuota`) on its first use; when an auto-pipeline of the same client
 * is open in that tick, ioredis hands that pipeline's replies to the wrong commands and the process dies ("results[i]
 * is not iterable", ioredis issue 1931): under a storm, at the first share-link vote each process sees. Defined once
 * here, it stays defined until the process restarts.
 * @param {string} base
 * @param {Post} post
 * @param {number} processes
 */
async function warmUp(base, post, processes) {
  const res = await post('/api/polls/shareable', pollBody('ısınma'));
  if (res.status !== 201) throw new Error(`warm-up poll not created: ${res.status} ${await res.text()}`);
  const code = (await res.json()).shareUrl.split('/').pop();
  // Every visitor's cookie first, then the votes back to back: the gateway takes turns among a service's processes
  // over all its requests, so a page and a vote each in turn would send every vote to the same process.
  /** @type {string[]} */
  const cookies = [];
  for (let i = 0; i < processes * 2; i++) {
    const page = await fetch(`${base}/api/s/${code}`);
    cookies.push(
      page.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  for (const cookie of cookies) {
    const vote = await fetch(`${base}/api/s/${code}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ optionIndex: 0 }),
    });
    if (vote.status !== 200) throw new Error(`warm-up vote refused: ${vote.status} ${await vote.text()}`);
  }
}

/** @param {Post} post */
async function createPolls(post) {
  /** @type {StormPolls} */
  const polls = {
    member: [],
    share: [],
    shareIds: [],
    ranked: { member: [MEMBER_POLLS - 1], share: [SHARE_POLLS - 1] },
  };
  for (let n = 0; n < MEMBER_POLLS; n++) {
    const res = await post('/api/polls', pollBody(n, polls.ranked.member.includes(n)));
    if (res.status !== 201) throw new Error(`poll not created: ${res.status} ${await res.text()}`);
    polls.member.push((await res.json()).id);
  }
  for (let n = 0; n < SHARE_POLLS; n++) {
    const res = await post('/api/polls/shareable', pollBody(`paylaşım ${n}`, polls.ranked.share.includes(n)));
    if (res.status !== 201) throw new Error(`share poll not created: ${res.status} ${await res.text()}`);
    const body = await res.json();
    polls.share.push(body.shareUrl.split('/').pop());
    polls.shareIds.push(body.poll.id);
  }
  const probeRes = await post('/api/polls', pollBody('yoklama'));
  if (probeRes.status !== 201) throw new Error(`probe poll not created: ${probeRes.status}`);
  return { polls, probePoll: (await probeRes.json()).id };
}

/** @type {(a: number, b: number) => number} */
const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));

/**
 * How many members the storm needs at `rate` for at most `stormS` seconds: the storm's n-th member vote is member
 * n mod M's on member poll n mod MEMBER_POLLS, so with M and MEMBER_POLLS coprime no member votes twice on one poll
 * before M × MEMBER_POLLS member votes (half the votes are members').
 * @param {number} rate
 * @param {number} stormS
 */
export function stormMembers(rate, stormS) {
  let count = Math.ceil(((rate / 2) * stormS) / MEMBER_POLLS) + 10;
  while (gcd(count, MEMBER_POLLS) !== 1) count++;
  return count;
}

/**
 * Members (enough for a storm at `rate` for `stormS` seconds at most, see stormMembers; the probes' and the creator),
 * the polls, and the files k6 reads, in `workDir`.
 * @param {{ base: string, urls: { mongo: string, redis: string }, instances: { service: string }[] }} stack
 * @param {string} workDir
 * @param {{ rate: number, stormS: number }} run
 */
export async function seed({ base, urls, instances }, workDir, { rate, stormS }) {
  const memberCount = stormMembers(rate, stormS);
  say(`seeding ${memberCount} members…`);
  const { sids, ids } = await seedMembers(memberCount + PROBES + 1, { mongoUrl: urls.mongo, redisUrl: urls.redis });
  const creator = sids[sids.length - 1];
  /** @type {Post} */
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${creator}` },
      body: JSON.stringify(body),
    });
  const { polls, probePoll } = await createPolls(post);
  await warmUp(base, post, instances.filter((i) => i.service === 'polls').length);
  const sidsFile = join(workDir, 'members.json');
  writeFileSync(sidsFile, JSON.stringify(sids.slice(0, memberCount).map((sid, i) => ({ sid, userId: ids[i] }))));
  const pollsFile = join(workDir, 'polls.json');
  writeFileSync(pollsFile, JSON.stringify(polls));
  say(
    `seeded ${memberCount} members, ${MEMBER_POLLS} member polls and ${SHARE_POLLS} share-link polls, one of each ranked`,
  );
  return { creator, probeSids: sids.slice(memberCount, memberCount + PROBES), polls, probePoll, sidsFile, pollsFile };
}

/**
 * A counter of the storm's k6 as its REST API tells it (0 before its first sample).
 * @param {string} address
 * @param {string} name
 * @returns {Promise<number>}
 */
async function k6Counter(address, name) {
  const res = await fetch(`http://${address}/v1/metrics/${name}`, { signal: AbortSignal.timeout(3000) });
  if (res.status === 404) return 0;
  if (!res.ok) throw new Error(`k6 metrics: ${res.status}`);
  return (await res.json()).data.attributes.sample.count ?? 0;
}

/**
 * deploy/chaos/vote-storm.js in k6 against `base`, its answers into votes.log, for `stormS` seconds at most; resolves
 * once it has started, with its end (`exited`), whether it is still going (`running()`) and `stop()`: no vote starts
 * after it, and once every vote sent has been answered (k6's counters votes_started = votes_answered), k6 is ended.
 * @param {string} k6
 * @param {Pick<ChaosRun, 'base' | 'workDir' | 'rate' | 'stormS'>} run
 * @param {{ sidsFile: string, pollsFile: string }} files
 */
export async function startStorm(k6, { base, workDir, rate, stormS }, { sidsFile, pollsFile }) {
  const consoleFile = join(workDir, 'votes.log');
  // What the storm's VUs ask for the stop: 0 while it goes on, then the moment it stopped (ms since epoch).
  let stopAt = 0;
  const control = createServer((_req, res) => res.end(String(stopAt)));
  control.keepAliveTimeout = 60_000;
  const controlPort = await freePort();
  await /** @type {Promise<void>} */ (new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve)));
  const address = `127.0.0.1:${await freePort()}`;
  const storm = spawn(
    k6,
    [
      'run',
      '--quiet',
      '--no-color',
      '--address',
      address,
      '--console-output',
      consoleFile,
      join(root, 'deploy/chaos/vote-storm.js'),
    ],
    {
      env: {
        ...process.env,
        BASE_URL: base,
        SIDS_FILE: sidsFile,
        POLLS_FILE: pollsFile,
        RATE: String(rate),
        DURATION_S: String(stormS),
        CONTROL_URL: `http://127.0.0.1:${controlPort}/`,
        CHECK_MS: String(CHECK_MS),
      },
      stdio: ['ignore', 'ignore', openSync(join(workDir, 'k6.log'), 'a')],
    },
  );
  let ended = false;
  const exited = new Promise((resolve) => storm.once('exit', resolve)).then((code) => {
    ended = true;
    control.close();
    control.closeAllConnections();
    return code;
  });
  say(
    `vote storm: ${rate}/s (half member votes, half share-link votes; one in five plain ones moved, three in ten taken back) on ${MEMBER_POLLS + SHARE_POLLS} polls, two of them ranked, until the faults are over (${stormS} s at most)`,
  );
  return {
    consoleFile,
    exited,
    running: () => !ended,
    async stop() {
      if (ended) return exited;
      stopAt = Date.now();
      // Every VU has heard of the stop (none starts a vote after this), then every vote sent has its answer.
      await sleep(CHECK_MS + 500);
      const deadline = Date.now() + LAST_ANSWERS_MS;
      for (let same = 0; same < 2 && !ended && Date.now() < deadline; await sleep(500)) {
        const [sent, answered] = await Promise.all([
          k6Counter(address, 'votes_started'),
          k6Counter(address, 'votes_answered'),
        ]).catch(() => [1, 0]);
        same = sent === answered ? same + 1 : 0;
      }
      if (!ended) storm.kill('SIGINT');
      return exited;
    },
  };
}

/**
 * The faults (`{ name, act, heal, graceful }`), one after another with `quietMs` between. Recovered: `act` is done (what it
 * killed is back, or replaced) and votes go through again — two probe votes in a row (members of their own, on a poll
 * of its own) accepted through the gateway at `base`. Then `heal`, when given, puts back what the fault took (a
 * killed server of a cluster started again and caught up), so that the next fault meets the whole cluster. A fault's
 * window lasts until it has recovered and healed, plus GRACE_MS. /api/health is stricter than the probe: it calls a
 * service unready when one MongoDB ping takes over a second, which the MongoDB-wire server under the storm on a
 * shared machine often does while every vote still goes through. `graceful`: a stop that must fail no vote at all.
 * @param {Fault[]} faults
 * @param {Pick<ChaosRun, 'base' | 'quietMs'>} run
 * @param {{ probeSids: string[], probePoll: string }} seeded
 * @param {number} t0
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
  /** @type {FaultWindow[]} */
  const windows = [];
  await sleep(quietMs);
  for (const { name, act, heal, graceful = false } of faults) {
    const start = Date.now();
    say(`  ${stamp(start, t0)} s: ${name}`);
    await act().catch((err) => say(`    ${err.message}`));
    const recovered = await until(
      `recovery from ${name}`,
      async () => (await healthy()) && (await healthy()),
      RECOVERY_TIMEOUT_MS,
    ).catch(() => null);
    if (!recovered) say(`    not recovered within ${RECOVERY_TIMEOUT_MS / 1000} s`);
    if (heal) {
      await heal().catch((err) => say(`    ${err.message}`));
      say(`  ${stamp(Date.now(), t0)} s: healed`);
    }
    windows.push({ name, start, recovered, end: Math.max(recovered ?? 0, Date.now()) + GRACE_MS, graceful });
    await sleep(quietMs);
  }
  return windows;
}

/**
 * The storm and, meanwhile, the faults; the storm goes on until the last fault has healed and a quiet spell has
 * passed after it, however long the faults took, and then ends without cutting off a vote in flight. `outlasted`: the
 * faults took longer than the storm's longest (`stormS`), and some went without votes.
 * @param {string} k6
 * @param {ChaosRun} run
 * @param {Awaited<ReturnType<typeof seed>>} seeded
 * @param {Fault[]} faults
 */
export async function stormUnderFaults(k6, run, seeded, faults) {
  const storm = await startStorm(k6, run, seeded);
  const t0 = Date.now();
  const windows = await runFaults(faults, run, seeded, t0);
  const outlasted = !storm.running();
  if (outlasted) say(`  the faults outlasted the storm's longest, ${run.stormS} s: raise CHAOS_STORM_S`);
  const stormEnd = Date.now();
  await storm.stop();
  say(`  ${stamp(stormEnd, t0)} s: storm stopped`);
  return { windows, consoleFile: storm.consoleFile, t0, stormEnd, outlasted };
}

/**
 * Runs a chaos run's `main` as this process: what it resolves to is the exit code; after it, an error, Ctrl-C or a
 * SIGTERM (`timeout`, a CI runner), `stopAll`: no server of the run is left behind.
 * @param {string} label
 * @param {() => Promise<number>} main
 * @param {() => Promise<unknown>} stopAll
 */
export function runAsProcess(label, main, stopAll) {
  let stopping = false;
  const stopOn = (/** @type {NodeJS.Signals} */ signal, /** @type {number} */ code) =>
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stopAll().then(() => process.exit(code));
    });
  stopOn('SIGINT', 130);
  stopOn('SIGTERM', 143);
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
