// The verdict of both chaos runs (`npm run chaos`, `npm run chaos:cluster`): what the storm was told against what the
// stores hold, per voter and per poll, one table of the fault windows, and the exit code.
import { readFileSync } from 'node:fs';
import { diagnoseVoters } from './diagnose.mjs';
import { say, stamp } from './storm.mjs';
import { checkStores, pollIdsOf } from './verify-stores.mjs';

/** @import { StackProcess } from '../local/stack.mjs' */
/** @import { Supervised } from '../local/supervisor.mjs' */
/** @import { FaultWindow } from './storm.mjs' */
/** @import { BallotState } from './verify-stores.mjs' */
/**
 * One answer of the chaos storm: when it came (`t`), when its request was sent, the poll key, the voter, the status (0: none).
 * @typedef {{ t: number, sent: number, poll: string, voter: string, status: number }} StormAnswer
 */
/**
 * One change or take-back of the storm after an accepted vote: the option moved to (null: a take-back), and a refusal's
 * error code (null when none was read).
 * @typedef {StormAnswer & { kind: 'change' | 'take', option: number | null, error: string | null }} StormChange
 */

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

/** A vote the storm was refused or not answered: anything but a 2xx (every storm vote is a new voter's on its poll). */
export const failed = (/** @type {{ status: number }} */ a) => !(a.status >= 200 && a.status < 300);

/**
 * How a fault went for the storm's votes in flight during its window `w`: how many failed, the longest run of
 * failures among them in the order they were sent, and when votes flowed again (`recoveredAt`): the first accepted vote
 * answered after the last failure, or with no failure the first answered after the fault began; null if none was.
 * A failure of a vote sent once the probes got through again (`w.recovered`) and answered once the next fault had
 * begun (`nextStart`) is that fault's, not this one's: on a saturated machine a vote sent in this window's grace can
 * wait seconds and be failed by the next fault (member votes sent as a NATS node caught up, answered 503 once the
 * Redis master was killed 2 s after the window closed). A vote sent while this fault still held votes stays its own.
 * @param {StormAnswer[]} answers
 * @param {{ start: number, end: number, recovered?: number | null }} w
 * @param {number} [nextStart] when the next fault began (none: no fault after this one)
 */
export function recoveryOf(answers, w, nextStart = Number.POSITIVE_INFINITY) {
  const recovered = w.recovered ?? Number.POSITIVE_INFINITY;
  const nextFaults = (/** @type {StormAnswer} */ a) => failed(a) && a.sent >= recovered && a.t >= nextStart;
  const mine = answers
    .filter((a) => inFlightDuring(a, w) && !nextFaults(a))
    .sort((a, b) => a.sent - b.sent || a.t - b.t);
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
  /** @type {{ name: string, start: number, end: number, recovered?: number | null, outside?: boolean }[]} */
  const spans = [...windows, { name: 'outside faults', start: t0, end: stormEnd, outside: true }];
  for (const [i, w] of spans.entries()) {
    const mine = (/** @type {StormAnswer} */ a) => (w.outside ? !inWindow(a) : inFlightDuring(a, w));
    const outcome = w.outside ? null : recoveryOf(answers, w, windows[i + 1]?.start);
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
 * @param {{ polls: import('./storm.mjs').StormPolls, creator: string | undefined }} seeded
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
  for (const r of perPoll) {
    say(
      `  ${r.poll}: ${r.accepted} = ${r.mongo} = ${r.redisTotal} = ${r.redisVoters} = ${r.api}; ${r.options.mongo} = ${r.options.redis} = ${r.options.api}`,
    );
    if (r.rankings)
      say(
        `  ${r.poll} (ranked), ballots per ranking, MongoDB = Redis: ${r.rankings.mongo === r.rankings.redis ? 'equal' : `${r.rankings.mongo} ≠ ${r.rankings.redis}`}; runoff of the API = MongoDB's ballots': ${r.rankings.runoff === null ? 'not compared (no answer from the API)' : r.rankings.runoff ? 'equal' : 'DIFFERENT'}`,
      );
  }
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
