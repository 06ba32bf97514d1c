/** How the chaos runs' verdict (deploy/chaos/verify.mjs) reads the storm's answers and places them in fault windows. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inFlightDuring, readAnswers } from '../chaos/verify.mjs';

const dir = mkdtempSync(join(tmpdir(), 'meydan-chaos-verdict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
});
