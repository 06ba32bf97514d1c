/** How the chaos runs' verdict (deploy/chaos/verify.mjs) reads the storm's answers and places them in fault windows. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lameDuckSettings } from '../chaos/cluster-servers.mjs';
import { MEMBER_POLLS, stormMembers } from '../chaos/storm.mjs';
import {
  expectedBallots,
  faultProblems,
  inFlightDuring,
  readAnswers,
  readChanges,
  recoveryOf,
  type StormAnswer,
} from '../chaos/verify.mjs';

const dir = mkdtempSync(join(tmpdir(), 'meydan-chaos-verdict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A storm vote on m0 sent at `sent`, answered at `t` with `status`, by a voter of its own. */
const vote = (sent: number, t: number, status: number): StormAnswer => ({
  sent,
  t,
  poll: 'm0',
  voter: `u:${sent}`,
  status,
});

describe('the chaos verdict', () => {
  it('reads when each answer came and when its request was sent, and skips what is not an answer', () => {
    const file = join(dir, 'votes.log');
    writeFileSync(
      file,
      [
        'time="…" level=info msg="V,1700000012000,m0,u:abc,200,1700000011500" source=console',
        'V,1700000013000,s1,v:xyz,0,1700000003000',
        'V,1700000014000,s0,-,nocookie,1700000013900',
        // A line of a storm from before `sent` was printed: sent is taken to be when it was answered.
        'V,1700000015000,m2,u:def,503',
        'running (0m10.0s), 60/200 VUs',
      ].join('\n'),
    );
    expect(readAnswers(file)).toEqual([
      { t: 1700000012000, sent: 1700000011500, poll: 'm0', voter: 'u:abc', status: 200 },
      { t: 1700000013000, sent: 1700000003000, poll: 's1', voter: 'v:xyz', status: 0 },
      { t: 1700000014000, sent: 1700000013900, poll: 's0', voter: '-', status: 0 },
      { t: 1700000015000, sent: 1700000015000, poll: 'm2', voter: 'u:def', status: 503 },
    ]);
  });

  it('reads the changes and take-backs after accepted votes, and where each ballot must end', () => {
    const file = join(dir, 'changes.log');
    writeFileSync(
      file,
      [
        'V,1700000010000,m0,u:a,200,1700000009000',
        'C,1700000010500,m0,u:a,200,1700000010100,change,1',
        'C,1700000011000,m0,u:a,200,1700000010600,take,-',
        'V,1700000012000,m1,u:b,200,1700000011000',
        'C,1700000013000,m1,u:b,0,1700000012100,take,-',
        'V,1700000014000,s0,v:c,200,1700000013000',
        'C,1700000015000,s0,v:c,503,1700000014100,take,-',
        'C,1700000015500,s0,v:c,0,1700000015100,change,2',
        'V,1700000016000,m2,u:d,409,1700000015000',
        'V,1700000017000,s1,v:e,200,1700000016000',
        'C,1700000018000,s1,v:e,503,1700000017100,take,-,event_not_published',
        'V,1700000019000,s1,v:f,200,1700000018000',
        'C,1700000020000,s1,v:f,503,1700000019100,take,-,service_unavailable',
      ].join('\n'),
    );
    const changes = readChanges(file);
    expect(changes.map((c) => [c.poll, c.voter, c.status, c.kind, c.option])).toEqual([
      ['m0', 'u:a', 200, 'change', 1],
      ['m0', 'u:a', 200, 'take', null],
      ['m1', 'u:b', 0, 'take', null],
      ['s0', 'v:c', 503, 'take', null],
      ['s0', 'v:c', 0, 'change', 2],
      ['s1', 'v:e', 503, 'take', null],
      ['s1', 'v:f', 503, 'take', null],
    ]);
    expect(changes.map((c) => c.error)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'event_not_published',
      'service_unavailable',
    ]);
    // The votes' lines are read as before, the changes' lines not among them.
    expect(readAnswers(file).map((a) => a.voter)).toEqual(['u:a', 'u:b', 'v:c', 'u:d', 'v:e', 'v:f']);
    const accepted = readAnswers(file).filter((a) => a.status === 200);
    expect(Object.fromEntries(expectedBallots(accepted, changes))).toEqual({
      // Moved, then taken back and told so.
      'm0|u:a': 'absent',
      // A take-back cut off: it may or may not have been made.
      'm1|u:b': 'either',
      // A refused take-back changes nothing, nor does a change however it went.
      's0|v:c': 'present',
      // A take-back made and announced later (503 event_not_published says so): gone.
      's1|v:e': 'absent',
      // Any other 503 says it was not made.
      's1|v:f': 'present',
    });
  });

  it('places a request in a window when it was in flight at any time in it, even if answered after it closed', () => {
    const window = { start: 10_000, end: 20_000 };
    const answer = (sent: number, t: number) => ({ sent, t, poll: 'm0', voter: 'u:a', status: 0 });
    // Sent during the fault, timed out 10 s later: the fault's.
    expect(inFlightDuring(answer(19_000, 29_000), window)).toBe(true);
    // Sent before the fault, answered during it.
    expect(inFlightDuring(answer(8_000, 11_000), window)).toBe(true);
    expect(inFlightDuring(answer(12_000, 13_000), window)).toBe(true);
    // Over before the fault, or sent after the window closed: outside.
    expect(inFlightDuring(answer(5_000, 9_999), window)).toBe(false);
    expect(inFlightDuring(answer(20_001, 21_000), window)).toBe(false);
  });

  it("times a fault's recovery from the first accepted vote after its last failure, and counts the longest run of failures in the order sent", () => {
    const window = { start: 10_000, end: 30_000 };
    const answers = [
      vote(9_500, 9_600, 200),
      // Cut off by the fault: three in a row, then one through, then two more (a timeout answered late, a 503).
      vote(9_900, 19_900, 0),
      vote(10_100, 17_000, 503),
      vote(10_300, 17_100, 503),
      vote(12_000, 16_000, 200),
      vote(12_500, 20_500, 0),
      vote(13_000, 17_200, 503),
      // Flowing again: the first accepted answer after the last failure (20.5 s) is at 20.6 s.
      vote(19_000, 20_600, 200),
      vote(20_400, 20_700, 200),
      vote(31_000, 31_100, 200),
    ];
    expect(recoveryOf(answers, window)).toEqual({ failed: 5, longestRun: 3, recoveredAt: 20_600 });
    // No failure at all: votes flowed again with the first answer after the fault began.
    expect(recoveryOf([vote(9_000, 9_100, 200), vote(9_900, 10_400, 200), vote(11_000, 11_200, 200)], window)).toEqual({
      failed: 0,
      longestRun: 0,
      recoveredAt: 10_400,
    });
    // Failures and nothing accepted after them: never.
    expect(recoveryOf([vote(10_500, 10_600, 200), vote(11_000, 21_000, 0)], window).recoveredAt).toBeNull();
  });

  it('leaves to the next fault a failure it caused: a vote sent after the probes got through again and failed once the next fault had begun', () => {
    // The fault began at 10 s, the probes got through at 12 s, its window closed at 20 s, the next fault began at 22 s.
    const window = { start: 10_000, end: 20_000, recovered: 12_000 };
    const answers = [
      vote(10_200, 11_500, 503),
      vote(11_000, 12_100, 200),
      // Sent in the grace, slow on a saturated machine, failed by the next fault (a Redis master killed at 22 s).
      vote(19_500, 24_000, 503),
      vote(19_600, 21_000, 200),
      vote(23_000, 25_500, 200),
    ];
    expect(recoveryOf(answers, window, 22_000)).toEqual({ failed: 1, longestRun: 1, recoveredAt: 12_100 });
    // Without a next fault, or answered before it began, the failure is this window's.
    expect(recoveryOf(answers, window)).toEqual({ failed: 2, longestRun: 1, recoveredAt: 25_500 });
    expect(recoveryOf(answers, window, 24_500)).toEqual({ failed: 2, longestRun: 1, recoveredAt: 25_500 });
    // A vote sent while the fault still held votes stays its own, however late it failed.
    const hung = [...answers, vote(11_800, 23_000, 0)];
    expect(recoveryOf(hung, window, 22_000)).toEqual({ failed: 2, longestRun: 1, recoveredAt: 25_500 });
  });

  it('fails a fault that kept votes from flowing past the bound, met no vote, or failed votes in a graceful stop', () => {
    const window = (name: string, graceful = false) => ({ name, start: 0, end: 20_000, recovered: 5_000, graceful });
    expect(
      faultProblems(
        [
          { window: window('kill -9 a'), failed: 40, checked: 900, recoveryMs: 9_900 },
          { window: window('kill -9 b'), failed: 40, checked: 900, recoveryMs: 10_100 },
          { window: window('kill -9 c'), failed: 0, checked: 0, recoveryMs: 0 },
          { window: window('rolling restart', true), failed: 1, checked: 900, recoveryMs: 2_000 },
          { window: { ...window('kill -9 d'), recovered: null }, failed: 900, checked: 1, recoveryMs: null },
        ],
        { recoveryBoundS: 10 },
      ),
    ).toEqual([
      'kill -9 b: votes flowed again after 10.1 s, over 10 s',
      'kill -9 c: no vote checked (the storm did not meet it)',
      'rolling restart: 1 votes failed in a graceful stop',
      'kill -9 d: the probe votes never got through',
      'kill -9 d: votes never flowed again',
    ]);
    // Without a bound (`npm run chaos`), the time is only told.
    expect(faultProblems([{ window: window('kill -9 b'), failed: 40, checked: 900, recoveryMs: 30_000 }])).toEqual([]);
  });

  it('seeds members the storm never reuses on one poll for its longest, coprime with the member polls', () => {
    for (const [rate, stormS] of [
      [300, 600],
      [60, 240],
      [7, 11],
    ]) {
      const members = stormMembers(rate!, stormS!);
      const memberVotes = Math.ceil((rate! / 2) * stormS!);
      // The storm's n-th member vote: member n mod M on poll n mod MEMBER_POLLS (deploy/chaos/vote-storm.js).
      const pairs = new Set(Array.from({ length: memberVotes }, (_, n) => `${n % members}|${n % MEMBER_POLLS}`));
      expect(pairs.size).toBe(memberVotes);
      expect(members % MEMBER_POLLS).not.toBe(0);
    }
  });

  it("runs the cluster's NATS servers on the lame duck settings Kubernetes and Compose run", () => {
    expect(lameDuckSettings()).toEqual(['lame_duck_duration: 30s', 'lame_duck_grace_period: 10s']);
    expect(() => lameDuckSettings('port: 4222\nlame_duck_duration: 30s\n')).toThrow(
      /expected lame_duck_duration and lame_duck_grace_period, found 1/,
    );
  });
});
