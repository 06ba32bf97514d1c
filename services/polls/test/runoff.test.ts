/**
 * The instant runoff of ranked-choice polls (issue 41, 1: 'Sıralamalı oy', domain/runoff.ts): known ballot sets with
 * their rounds worked out by hand, and random ballot sets against a plain reference written here, one ballot at a
 * time, from the rules in the module's comment.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantRunoff, rankedBallotsOf, rankingKey, type Runoff } from '../src/domain/runoff.js';

/** Ballots as "ranking" → count, the way Redis keeps them. */
const runoffOf = (optionsCount: number, counts: Record<string, number>) =>
  instantRunoff(optionsCount, rankedBallotsOf(counts));

describe('instant runoff on known ballots', () => {
  it('has no rounds and no winner without ballots', () => {
    expect(runoffOf(3, {})).toEqual({ firstPreferences: [0, 0, 0], rounds: [], winner: null, share: null });
  });

  it('ends in the first round on a majority of first preferences', () => {
    expect(runoffOf(3, { '1,0': 3, '0': 1 })).toEqual({
      firstPreferences: [1, 3, 0],
      rounds: [{ tallies: [1, 3, 0], eliminated: null, exhausted: 0 }],
      winner: 1,
      share: 0.75,
    });
  });

  it('lets the first-preference leader lose once the last option’s ballots move on', () => {
    // 4 × A alone; 3 × B then C; 2 × C then B. Round 1: 4, 3, 2 of 9, no majority, C out; its 2 go to B: 4, 5.
    expect(runoffOf(3, { '0': 4, '1,2': 3, '2,1': 2 })).toEqual({
      firstPreferences: [4, 3, 2],
      rounds: [
        { tallies: [4, 3, 2], eliminated: 2, exhausted: 0 },
        { tallies: [4, 5, 0], eliminated: null, exhausted: 0 },
      ],
      winner: 1,
      share: 5 / 9,
    });
  });

  it('stops counting a partial ballot whose options are all out, and shares over the rest', () => {
    // 4 × A; 3 × B; 2 × C then B; 1 × D alone. D out (1); its ballot is exhausted; C out (2) and moves to B: 4, 5 of 9.
    expect(runoffOf(4, { '0': 4, '1': 3, '2,1': 2, '3': 1 })).toEqual({
      firstPreferences: [4, 3, 2, 1],
      rounds: [
        { tallies: [4, 3, 2, 1], eliminated: 3, exhausted: 0 },
        { tallies: [4, 3, 2, 0], eliminated: 2, exhausted: 1 },
        { tallies: [4, 5, 0, 0], eliminated: null, exhausted: 1 },
      ],
      winner: 1,
      share: 5 / 9,
    });
  });

  it('breaks a tie for fewest by the earlier rounds, then by the highest index', () => {
    // Round 1: C and D tie with 1 and no round before: D (the higher index) out; D's ballot moves to C.
    // Round 2: B and C tie with 2; in round 1 B had 2 and C 1: C out, both its ballots exhausted.
    expect(runoffOf(4, { '0': 4, '1': 2, '2': 1, '3,2': 1 })).toEqual({
      firstPreferences: [4, 2, 1, 1],
      rounds: [
        { tallies: [4, 2, 1, 1], eliminated: 3, exhausted: 0 },
        { tallies: [4, 2, 2, 0], eliminated: 2, exhausted: 0 },
        { tallies: [4, 2, 0, 0], eliminated: null, exhausted: 2 },
      ],
      winner: 0,
      share: 4 / 6,
    });
  });

  it('decides a final tie as an elimination would: by the earlier rounds, else the lower index wins', () => {
    // Round 1: 2, 3, 1; C out and moves to A: 3, 3. In round 1 A had fewer: A goes out, B wins with half.
    expect(runoffOf(3, { '0': 2, '1': 3, '2,0': 1 })).toMatchObject({
      rounds: [
        { tallies: [2, 3, 1], eliminated: 2, exhausted: 0 },
        { tallies: [3, 3, 0], eliminated: null, exhausted: 0 },
      ],
      winner: 1,
      share: 0.5,
    });
    // Tied from the start: the higher index goes out, so option 0 wins.
    expect(runoffOf(2, { '0,1': 2, '1,0': 2 })).toMatchObject({ winner: 0, share: 0.5 });
  });

  it('takes ballots as counts per ranking and keeps their order', () => {
    expect(rankingKey([2, 0, 1])).toBe('2,0,1');
    expect(rankedBallotsOf({ '2,0,1': 3, '1': 0, '0,2': 1 })).toEqual([
      [[2, 0, 1], 3],
      [[0, 2], 1],
    ]);
  });
});

/** The reference: every ballot on its own, the tie-break as a sort on (tallies from the latest round back, -index). */
function referenceRunoff(optionsCount: number, ballots: readonly (readonly number[])[]): Runoff {
  const options = [...Array(optionsCount).keys()];
  const firstPreferences = options.map((o) => ballots.filter((b) => b[0] === o).length);
  const rounds: Runoff['rounds'] = [];
  const out: number[] = [];
  if (ballots.length === 0) return { firstPreferences, rounds, winner: null, share: null };
  while (true) {
    const racing = options.filter((o) => !out.includes(o));
    const tops = ballots.map((b) => b.filter((o) => !out.includes(o))[0]);
    const tallies = options.map((o) => tops.filter((t) => t === o).length);
    const exhausted = tops.filter((t) => t === undefined).length;
    const history = [tallies, ...rounds.map((r) => r.tallies).reverse()];
    const loser = [...racing].sort((a, b) => {
      for (const t of history) if (t[a] !== t[b]) return t[a]! - t[b]!;
      return b - a;
    })[0]!;
    const active = ballots.length - exhausted;
    const leader = racing.find((o) => tallies[o]! > active / 2);
    if (leader !== undefined || racing.length <= 2) {
      const winner = leader ?? racing.find((o) => o !== loser) ?? loser;
      rounds.push({ tallies, eliminated: null, exhausted });
      return { firstPreferences, rounds, winner, share: tallies[winner]! / active };
    }
    rounds.push({ tallies, eliminated: loser, exhausted });
    out.push(loser);
  }
}

describe('instant runoff on random ballots', () => {
  it('agrees with the plain reference, ballot by ballot', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 7 })
          .chain((optionsCount) =>
            fc.tuple(
              fc.constant(optionsCount),
              fc.array(fc.shuffledSubarray([...Array(optionsCount).keys()], { minLength: 1 }), { maxLength: 60 }),
            ),
          ),
        ([optionsCount, ballots]) => {
          const counts: Record<string, number> = {};
          for (const b of ballots) counts[rankingKey(b)] = (counts[rankingKey(b)] ?? 0) + 1;
          const runoff = runoffOf(optionsCount, counts);
          expect(runoff).toEqual(referenceRunoff(optionsCount, ballots));
          for (const round of runoff.rounds)
            expect(round.tallies.reduce((a, b) => a + b, 0) + round.exhausted).toBe(ballots.length);
          if (runoff.rounds.length) expect(runoff.rounds[0]!.tallies).toEqual(runoff.firstPreferences);
        },
      ),
      { numRuns: 500 },
    );
  });
});
