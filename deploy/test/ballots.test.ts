/** The vote benches' mix of single choices, multiple-choice and ranked ballots (deploy/k6/lib/ballots.js). */
import { describe, expect, it } from 'vitest';
import { changedBody, followUpOf, optionsMarked, rankingOf, voteBody } from '../k6/lib/ballots.js';

describe('the vote mix with ballots of two options', () => {
  it('makes every n-th vote a ballot of two distinct options in order, the others single choices', () => {
    expect([0, 1, 2, 3, 4, 7].map((i) => voteBody(i, 4, 4))).toEqual([
      { optionIndex: 0 },
      { optionIndex: 1 },
      { optionIndex: 2 },
      { optionIndexes: [0, 3] },
      { optionIndex: 0 },
      { optionIndexes: [0, 3] },
    ]);
    for (let i = 0; i < 200; i++) {
      const body = voteBody(i, 4, 4);
      const marked = 'optionIndexes' in body ? body.optionIndexes : [body.optionIndex];
      expect(new Set(marked).size).toBe(marked.length);
      expect(marked.every((o) => o >= 0 && o < 4)).toBe(true);
      expect(marked.length).toBe(optionsMarked(i, 4));
    }
    // 0 leaves every vote a single choice, as the mixes were before multiple choice.
    expect(Array.from({ length: 8 }, (_, i) => voteBody(i, 4, 0))).toEqual(
      Array.from({ length: 8 }, (_, i) => ({ optionIndex: i % 4 })),
    );
    expect(Array.from({ length: 100 }, (_, i) => optionsMarked(i, 4)).reduce((a, b) => a + b, 0)).toBe(125);
  });

  it('moves one vote in n to an option its ballot does not mark and takes one in n back, none with 0', () => {
    expect(Array.from({ length: 10 }, (_, i) => followUpOf(i, 5))).toEqual([
      null,
      'change',
      'take',
      null,
      null,
      null,
      'change',
      'take',
      null,
      null,
    ]);
    expect(Array.from({ length: 20 }, (_, i) => followUpOf(i, 0)).every((f) => f === null)).toBe(true);
    for (let i = 0; i < 200; i++) {
      const body = voteBody(i, 4, 4);
      const marked = 'optionIndexes' in body ? body.optionIndexes : [body.optionIndex];
      expect(marked).not.toContain(changedBody(i, 4).optionIndex);
    }
  });
});

describe('the ranked ballots of the chaos storm and the bench', () => {
  it('ranks each option at most once, every length from one option to all, each first choice, both directions', () => {
    expect(Array.from({ length: 9 }, (_, i) => rankingOf(i, 3))).toEqual([
      [0],
      [1],
      [2],
      [0, 1],
      [1, 2],
      [2, 0],
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
    expect(rankingOf(9 + 7, 3)).toEqual([1, 0, 2]);
    const seen = new Set<string>();
    for (let i = 0; i < 18; i++) {
      const ranking = rankingOf(i, 3);
      expect(new Set(ranking).size).toBe(ranking.length);
      expect(ranking.every((o) => o >= 0 && o < 3)).toBe(true);
      seen.add(ranking.join(','));
    }
    // Every ranking of one, two or three of the three options: 3 + 6 + 6.
    expect(seen.size).toBe(15);
  });
});
