// The verdict of both chaos runs (`npm run chaos`, `npm run chaos:cluster`): what the storm was told against what the
// stores hold, per voter and per poll, one table of the fault windows, and the exit code.
import { readFileSync } from 'node:fs';
import { diagnoseVoters } from './diagnose.mjs';
import { say, stamp } from './storm.mjs';

/** @import { StackProcess } from '../local/stack.mjs' */
/** @import { Supervised } from '../local/supervisor.mjs' */
/** @import { FaultWindow } from './storm.mjs' */
/**
 * One answer of the chaos storm: when it came (`t`), when its request was sent, the poll key, the voter, the status (0: none).
 * @typedef {{ t: number, sent: number, poll: string, voter: string, status: number }} StormAnswer
 */
/**
 * One change or take-back of the storm after an accepted vote: the option moved to (null: a take-back), and a refusal's
 * error code (null when none was read).
 * @typedef {StormAnswer & { kind: 'change' | 'take', option: number | null, error: string | null }} StormChange
 */
/** @typedef {'present' | 'absent' | 'either'} BallotState */

/**
 * Every answer the storm got, from k6's console lines: when it came (`t`) and when its request was sent (`sent`).
 * @param {string} consoleFile
 * @returns {StormAnswer[]}
 */
export function readAnswers(consoleFile) {
  return /** @type {RegExpExecArray[]} */ (
    readFileSync(consoleFile, 'utf8')
      .split('\n')
      .map((line) => /V,(\d+),([ms]\d+),([^,]+),(\w+)(?:,(\d+))?/.exec(line))
      .filter(Boolean)
  ).map(
    ([, t, poll, voter, status, sent]) =>
      /** @type {StormAnswer} */ ({ t: Number(t), sent: Number(sent ?? t), poll, voter, status: Number(status) || 0 }),
  );
}

/**
 * The storm's changes and take-backs after accepted votes (issue 38), from its `C,…` lines: when answered (`t`), when
 * sent, the poll key, the voter, the status (0: none), the kind (`change` or `take`), the option moved to, and a
 * refusal's error code (null when none was read).
 * @param {string} consoleFile
 * @returns {StormChange[]}
 */
export function readChanges(consoleFile) {
  return /** @type {RegExpExecArray[]} */ (
    readFileSync(consoleFile, 'utf8')
      .split('\n')
      .map((line) => /C,(\d+),([ms]\d+),([^,]+),(\w+),(\d+),(change|take),([\d-]+)(?:,([a-z_-]+))?/.exec(line))
      .filter(Boolean)
  ).map(
    ([, t, poll, voter, status, sent, kind, option, error]) =>
      /** @type {StormChange} */ ({
        t: Number(t),
        sent: Number(sent),
        poll,
        voter,
        status: Number(status) || 0,
        kind,
        option: option === '-' ? null : Number(option),
        error: error && error !== '-' ? error : null,
      }),
  );
}

/**
 * Where each voter's ballot must end, per `<poll>|<voter>` key whose vote was accepted: 'present', 'absent' (taken
 * back, and told so: a 2xx, or the 503 `event_not_published` that says it was made and is announced later) or
 * 'either' (a take-back whose answer was cut off: it may or may not have been made). A change leaves a ballot present
 * whatever its answer; a refused take-back changes nothing.
 * @param {StormAnswer[]} accepted
 * @param {StormChange[]} changes
 */
export function expectedBallots(accepted, changes) {
  /** @type {Map<string, BallotState>} */
  const expected = new Map(accepted.map((a) => [`${a.poll}|${a.voter}`, 'present']));
  for (const c of [...changes].sort((a, b) => a.sent - b.sent)) {
    const key = `${c.poll}|${c.voter}`;
    if (!expected.has(key) || c.kind !== 'take') continue;
    if ((c.status >= 200 && c.status < 300) || madeNotAnnounced(c)) expected.set(key, 'absent');
    else if (outcomeUnknown(c.status)) expected.set(key, 'either');
  }
  return expected;
}

/**
 * Whether an answer belongs to a fault's window: its request was in flight at some time in it. A request sent during
 * the fault may be answered (or time out, after k6's 10 s) once the window has closed; it still met the fault.
 */
export const inFlightDuring = (
  /** @type {{ sent: number, t: number }} */ a,
  /** @type {{ start: number, end: number }} */ w,
) => a.sent <= w.end && a.t >= w.start;

/** A poll's ballots per option, from its stored votes (a ballot of several options counts in each). */
const optionCounts = (/** @type {import('mongodb').Document[]} */ docs, optionsCount = 3) => {
  const counts = Array.from({ length: optionsCount }, () => 0);
  for (const d of docs)
    for (const o of d.optionIndexes?.length ? d.optionIndexes : [d.optionIndex]) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
};

/**
 * What the stores hold, once the vote consumers have caught up: per poll, the ballots expected (accepted votes less
 * those taken back, a range where a take-back's or a vote's answer was cut off) against MongoDB's votes, Redis's
 * counter and voters, and GET /api/polls/{id}, and per option MongoDB's ballots = Redis's counters = the API's; per
 * voter, how often MongoDB holds their vote. `urls.redis` may name one server, Sentinel's master or a Cluster (the
 * kit's client follows each).
 */
/** The storm's polls by their keys in the storm's lines (m0…, s0…). */
const pollIdsOf = (/** @type {{ member: string[], shareIds: string[] }} */ polls) =>
  Object.fromEntries([...polls.member.map((id, i) => [`m${i}`, id]), ...polls.shareIds.map((id, i) => [`s${i}`, id])]);

/** How long the verdict waits for MongoDB to hold what Redis counted (the consumers' backlog after the storm). */
const CATCH_UP_MS = Number(process.env.CHAOS_CATCH_UP_S || 90) * 1000;

/**
 * @param {{ base: string, urls: { mongo: string, redis: string } }} stack
 * @param {{ polls: { member: string[], shareIds: string[] }, creator: string | undefined }} seeded
 * @param {Map<string, BallotState>} expectedBallot
 * @param {(key: string) => boolean} cutOff
 */
async function checkStores({ base, urls }, { polls, creator }, expectedBallot, cutOff) {
  const pollIds = pollIdsOf(polls);
  const { MongoClient, ObjectId } = await import('mongodb');
  const { createRedisClient } = await import('@meydan/kit');
  // A MongoDB-wire server that stops answering fails the verdict (a network timeout), not a verdict that never comes.
  const client = await new MongoClient(urls.mongo, {
    serverSelectionTimeoutMS: 30_000,
    socketTimeoutMS: 60_000,
  }).connect();
  const votes = client.db('meydan_polls').collection('votes');
  const expectedOf = (/** @type {string} */ key) => {
    const states = [...expectedBallot].filter(([k]) => k.startsWith(`${key}|`)).map(([, state]) => state);
    const present = states.filter((s) => s === 'present').length;
    return { min: present, max: present + states.filter((s) => s === 'either').length };
  };
  const redis = createRedisClient(urls.redis);
  const redisOptions = async (/** @type {string} */ id) => {
    const hash = await redis.hgetall(`polls:poll:{${id}}:c`);
    return [0, 1, 2].map((i) => Number(hash[String(i)] ?? 0));
  };
  // Once a second, one count, until MongoDB holds at least the ballots expected (asking more often only slows the
  // consumer it waits for: FerretDB scans to count); then every two seconds, until every poll's stored ballots match
  // its Redis counters option by option (the changes' consumer caught up too). Only the storm's polls: the probes'
  // votes would make up for storm votes still on their way (a batch redelivered).
  const stormPolls = { pollId: { $in: Object.values(pollIds).map((id) => new ObjectId(id)) } };
  const least = Object.keys(pollIds).reduce((n, key) => n + expectedOf(key).min, 0);
  const waitFrom = Date.now();
  const deadline = waitFrom + CATCH_UP_MS;
  while (Date.now() < deadline && (await votes.countDocuments(stormPolls)) < least)
    await new Promise((r) => setTimeout(r, 1000));
  const caughtUp = async () => {
    for (const [key, id] of Object.entries(pollIds)) {
      const docs = await votes
        .find({ pollId: new ObjectId(id) }, { projection: { optionIndex: 1, optionIndexes: 1 } })
        .toArray();
      if (docs.length < expectedOf(key).min || optionCounts(docs).join() !== (await redisOptions(id)).join())
        return false;
    }
    return true;
  };
  let caught = false;
  while (Date.now() < deadline) {
    caught = await caughtUp();
    if (caught) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  say(
    caught
      ? `MongoDB caught up with Redis ${((Date.now() - waitFrom) / 1000).toFixed(0)} s after the storm`
      : `MongoDB still behind Redis ${CATCH_UP_MS / 1000} s after the storm (CHAOS_CATCH_UP_S)`,
  );
  /** @type {Map<string, number>} */
  const stored = new Map();
  const perPoll = [];
  let mismatch = false;
  for (const [key, id] of Object.entries(pollIds)) {
    const docs = await votes
      .find({ pollId: new ObjectId(id) }, { projection: { voter: 1, optionIndex: 1, optionIndexes: 1 } })
      .toArray();
    for (const doc of docs) stored.set(`${key}|${doc.voter}`, (stored.get(`${key}|${doc.voter}`) ?? 0) + 1);
    const redisTotal = Number((await redis.hget(`polls:poll:{${id}}:c`, 't')) ?? 0);
    const redisVoters = await redis.hlen(`polls:poll:{${id}}:v`);
    // A stack that no longer answers is a disagreement, not a verdict that never comes.
    const api = await fetch(`${base}/api/polls/${id}`, {
      headers: { cookie: `sid=${creator}` },
      signal: AbortSignal.timeout(30_000),
    })
      .then((res) => res.json())
      .catch((err) => ({ totalVotes: `no answer (${err.message})` }));
    // Votes whose connection was cut (no answer) and that were counted all the same belong to the expected total.
    const range = expectedOf(key);
    const cut = docs.filter((d) => cutOff(`${key}|${d.voter}`)).length;
    const [min, max] = [range.min + cut, range.max + cut];
    const options = {
      mongo: optionCounts(docs).join('/'),
      redis: (await redisOptions(id)).join('/'),
      api: (api.options ?? []).map((/** @type {{ votes: number }} */ o) => o.votes).join('/') || 'none',
    };
    const row = {
      poll: key,
      accepted: min === max ? min : `${min}–${max}`,
      mongo: docs.length,
      redisTotal,
      redisVoters,
      api: api.totalVotes ?? api.poll?.totalVotes,
      options,
    };
    if (new Set([row.mongo, row.redisTotal, row.redisVoters, row.api]).size !== 1 || row.mongo < min || row.mongo > max)
      mismatch = true;
    if (new Set(Object.values(options)).size !== 1) mismatch = true;
    perPoll.push(row);
  }
  redis.disconnect();
  await client.close();
  return { stored, perPoll, mismatch };
}

/** A vote the storm was refused or not answered: anything but a 2xx (every storm vote is a new voter's on its poll). */
export const failed = (/** @type {{ status: number }} */ a) => !(a.status >= 200 && a.status < 300);

/**
 * How a fault went for the storm's votes in flight during its window `w`: how many failed, the longest run of
 * failures among them in the order they were sent, and when votes flowed again (`recoveredAt`): the first accepted vote
 * answered after the last failure, or with no failure the first answered after the fault began; null if none was.
 * @param {StormAnswer[]} answers
 * @param {{ start: number, end: number }} w
 */
export function recoveryOf(answers, w) {
  const mine = answers.filter((a) => inFlightDuring(a, w)).sort((a, b) => a.sent - b.sent || a.t - b.t);
  let run = 0;
  let longestRun = 0;
  /** @type {number | null} */
  let lastFailure = null;
  for (const a of mine) {
    run = failed(a) ? run + 1 : 0;
    longestRun = Math.max(longestRun, run);
    if (failed(a) && (lastFailure === null || a.t > lastFailure)) lastFailure = a.t;
  }
  /** @type {number | null} */
  let recoveredAt = null;
  for (const a of answers) {
    if (failed(a) || (lastFailure === null ? a.t < w.start : a.t <= lastFailure)) continue;
    if (recoveredAt === null || a.t < recoveredAt) recoveredAt = a.t;
  }
  return { failed: mine.filter(failed).length, longestRun, recoveredAt };
}

/**
 * One row per fault window (and one for the time outside them): failed requests, the longest run of them, the time to
 * recover (see recoveryOf), votes checked, lost, doubled. Returns the faults' rows' figures.
 * @param {Pick<ReturnType<typeof tally>, 'answers' | 'accepted' | 'attempted' | 'inWindow'> & { lost: StormAnswer[], doubled: string[], windows: FaultWindow[] }} tallied
 * @param {number} t0
 * @param {number} stormEnd
 */
function sayTable({ windows, answers, accepted, lost, doubled, attempted, inWindow }, t0, stormEnd) {
  /** @type {unknown[][]} */
  const rows = [];
  /** @type {Parameters<typeof faultProblems>[0]} */
  const figures = [];
  /** @type {{ name: string, start: number, end: number, outside?: boolean }[]} */
  const spans = [...windows, { name: 'outside faults', start: t0, end: stormEnd, outside: true }];
  for (const w of spans) {
    const mine = (/** @type {StormAnswer} */ a) => (w.outside ? !inWindow(a) : inFlightDuring(a, w));
    const outcome = w.outside ? null : recoveryOf(answers, w);
    const checked = accepted.filter(mine).length;
    if (outcome)
      figures.push({
        window: /** @type {FaultWindow} */ (w),
        ...outcome,
        recoveryMs: outcome.recoveredAt === null ? null : outcome.recoveredAt - w.start,
        checked,
      });
    rows.push([
      w.name,
      w.outside ? '-' : `${stamp(w.start, t0)}–${stamp(w.end, t0)} s`,
      outcome ? outcome.failed : answers.filter((a) => mine(a) && failed(a)).length,
      outcome ? outcome.longestRun : '-',
      !outcome
        ? '-'
        : outcome.recoveredAt === null
          ? 'not recovered'
          : `${((outcome.recoveredAt - w.start) / 1000).toFixed(1)} s`,
      checked,
      lost.filter(mine).length,
      doubled.filter((k) => attempted.get(k) && mine(/** @type {StormAnswer} */ (attempted.get(k)))).length,
    ]);
  }
  const header = [
    'fault',
    'window',
    'failed in it',
    'longest run failed',
    'time to recover',
    'votes checked',
    'lost',
    'doubled',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (/** @type {unknown[]} */ cells) =>
    `| ${cells.map((c, i) => String(c).padEnd(/** @type {number} */ (widths[i]))).join(' | ')} |`;
  say('');
  say(line(header));
  say(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) say(line(row));
  say('');
  return figures;
}

/**
 * Whether an answer leaves the vote's outcome open: no answer at all (the connection was cut), or the gateway's 502
 * `answer_lost` (the vote reached polls, whose connection then broke: it may have been counted).
 */
export const outcomeUnknown = (/** @type {number} */ status) => status === 0 || status === 502;

/** A change answered 503 `event_not_published`: made (counted, pending), its event published later by the pending-votes job. */
export const madeNotAnnounced = (/** @type {{ status: number, error: string | null }} */ c) =>
  c.status === 503 && c.error === 'event_not_published';

/**
 * What the storm was told: its answers, the accepted ones, and per poll and voter what was asked and accepted; its
 * changes and take-backs, and where each voter's ballot must end.
 * @param {string} consoleFile
 * @param {FaultWindow[]} windows
 */
function tally(consoleFile, windows) {
  const answers = readAnswers(consoleFile);
  const changes = readChanges(consoleFile);
  const accepted = answers.filter((a) => a.status >= 200 && a.status < 300);
  const inWindow = (/** @type {StormAnswer} */ a) => windows.find((w) => inFlightDuring(a, w));
  const acceptedKeys = new Map(accepted.map((a) => [`${a.poll}|${a.voter}`, a]));
  const attempted = new Map(answers.map((a) => [`${a.poll}|${a.voter}`, a]));
  const cutOff = (/** @type {string} */ key) =>
    !acceptedKeys.has(key) && outcomeUnknown(attempted.get(key)?.status ?? 0);
  return {
    answers,
    accepted,
    inWindow,
    acceptedKeys,
    attempted,
    cutOff,
    changes,
    expectedBallot: expectedBallots(accepted, changes),
  };
}

/**
 * What fails a fault beside a lost or doubled vote: no vote checked in its window (the storm was over), votes not
 * flowing again within `recoveryBoundS` of it (when given), a graceful one that failed any vote, or the probes never
 * getting through. One line per problem.
 * @param {{ window: FaultWindow, failed: number, checked: number, recoveryMs: number | null }[]} figures
 * @param {{ recoveryBoundS?: number }} [options]
 */
export function faultProblems(figures, { recoveryBoundS } = {}) {
  /** @type {string[]} */
  const problems = [];
  for (const { window: w, failed: n, checked, recoveryMs } of figures) {
    if (!w.recovered) problems.push(`${w.name}: the probe votes never got through`);
    if (checked === 0) problems.push(`${w.name}: no vote checked (the storm did not meet it)`);
    if (recoveryMs === null) problems.push(`${w.name}: votes never flowed again`);
    else if (recoveryBoundS !== undefined && recoveryMs > recoveryBoundS * 1000)
      problems.push(
        `${w.name}: votes flowed again after ${(recoveryMs / 1000).toFixed(1)} s, over ${recoveryBoundS} s`,
      );
    if (w.graceful && n > 0) problems.push(`${w.name}: ${n} votes failed in a graceful stop`);
  }
  return problems;
}

/**
 * Compares what the storm was told with what the stores hold, prints the table and the verdict; 0 when all is well.
 * `stack`: { base, urls, handles, gateway } (the supervised processes, whose restarts are told); `storm`: what
 * `stormUnderFaults` resolved to; `recoveryBoundS`: the longest a fault may keep votes from flowing (none: not judged).
 * @param {{ base: string, urls: { mongo: string, redis: string }, handles: Record<string, StackProcess>, gateway: StackProcess }} stack
 * @param {{ polls: { member: string[], shareIds: string[] }, creator: string | undefined }} seeded
 * @param {{ windows: FaultWindow[], consoleFile: string, t0: number, stormEnd: number, outlasted?: boolean }} storm
 * @param {{ recoveryBoundS?: number }} [options]
 */
export async function verdict(
  stack,
  seeded,
  { windows, consoleFile, t0, stormEnd, outlasted = false },
  { recoveryBoundS } = {},
) {
  const { answers, accepted, inWindow, acceptedKeys, attempted, cutOff, changes, expectedBallot } = tally(
    consoleFile,
    windows,
  );
  // A change or take-back refused outside every fault window is a failure too.
  const outsideFailures = [...answers, ...changes].filter((a) => failed(a) && !inWindow(a));
  const { stored, perPoll, mismatch } = await checkStores(stack, seeded, expectedBallot, cutOff);

  // Per voter: an accepted vote (not taken back) missing from MongoDB is lost; one stored twice, stored without a
  // 2xx, or stored after its take-back was accepted is doubled.
  const lost = [...acceptedKeys.values()].filter(
    (a) => expectedBallot.get(`${a.poll}|${a.voter}`) === 'present' && !stored.has(`${a.poll}|${a.voter}`),
  );
  // Doubled: stored twice, or stored although the voter was told it was not (4xx, 503…) or told it was taken back. A
  // vote whose connection was cut (no answer, or the gateway's 502 saying it may have been made) may or may not count:
  // either is honest.
  const doubled = [...stored.entries()]
    .filter(([k, n]) => n > 1 || (!acceptedKeys.has(k) && !cutOff(k)) || expectedBallot.get(k) === 'absent')
    .map(([k]) => k);
  const unanswered = [...stored.keys()].filter(cutOff);

  const figures = sayTable({ windows, answers, accepted, lost, doubled, attempted, inWindow }, t0, stormEnd);
  say(
    `requests ${answers.length}, accepted ${accepted.length}, refused or unanswered ${answers.filter(failed).length} (5xx or none ${answers.filter((a) => a.status >= 500 || a.status === 0).length}; outside the fault windows: ${outsideFailures.length})`,
  );
  const supervised = { ...stack.handles, gateway: stack.gateway };
  say(
    `restarts by the supervisor: ${Object.entries(supervised)
      .map(([n, s]) => `${n} ${/** @type {Supervised} */ (s).restarts}`)
      .join(', ')}`,
  );
  say(`votes cut off by a fault (no answer, or 502 answer_lost) and counted: ${unanswered.length}`);
  const changed = (/** @type {StormChange['kind']} */ kind) => changes.filter((c) => c.kind === kind);
  say(
    `changes after accepted votes: ${changed('change').length} moved (${changed('change').filter((c) => !failed(c)).length} accepted), ${changed('take').length} taken back (${changed('take').filter((c) => !failed(c)).length} accepted)`,
  );
  say(
    'per poll: accepted less taken back (and cut off but counted) = MongoDB = Redis counter = Redis voters = GET /api/polls/{id}; per option MongoDB = Redis = API',
  );
  for (const r of perPoll)
    say(
      `  ${r.poll}: ${r.accepted} = ${r.mongo} = ${r.redisTotal} = ${r.redisVoters} = ${r.api}; ${r.options.mongo} = ${r.options.redis} = ${r.options.api}`,
    );
  const problems = faultProblems(figures, { recoveryBoundS });
  if (outlasted) problems.push('the faults outlasted the storm');
  const ok =
    problems.length === 0 &&
    !mismatch &&
    lost.length === 0 &&
    doubled.length === 0 &&
    outsideFailures.length === 0 &&
    accepted.length > 0;
  say(ok ? 'chaos: nothing lost, nothing doubled' : 'chaos: FAILED (see above)');
  for (const problem of problems) say(`  ${problem}`);
  if (lost.length)
    say(
      `  lost, e.g.: ${lost
        .slice(0, 5)
        .map((a) => `${a.poll} ${a.voter} at ${stamp(a.t, t0)} s`)
        .join('; ')}`,
    );
  if (doubled.length) say(`  doubled, e.g.: ${doubled.slice(0, 5).join('; ')}`);
  if (lost.length || doubled.length) {
    const pollIds = pollIdsOf(seeded.polls);
    const lostKeys = lost.map((a) => `${a.poll}|${a.voter}`);
    await diagnoseVoters(stack, pollIds, [...lostKeys, ...doubled], [...answers, ...changes], t0).catch((err) =>
      say(`  (voters not diagnosed: ${err.message})`),
    );
  }
  if (outsideFailures.length)
    say(
      `  failed outside the fault windows, e.g.: ${outsideFailures
        .slice(0, 5)
        .map(
          (a) =>
            `${a.poll} ${a.voter} ${a.status || 'no answer'} sent ${stamp(a.sent, t0)} s, answered ${stamp(a.t, t0)} s`,
        )
        .join('; ')}`,
    );
  return ok ? 0 : 1;
}
