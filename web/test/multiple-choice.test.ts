/** Multiple choice in the web app's rules: the create body, the maximum against the options, the viewer's ballot. */
import { describe, expect, it } from 'vitest';
import type { Poll } from '@meydan/proto';
import { draftBody, emptyDraft } from '../src/features/create-poll/draft';
import { clampMaxChoices } from '../src/features/create-poll/MultipleChoiceField';
import { applyCounts, choicesOf, votersOf } from '../src/lib/polls';

describe('multiple choice rules', () => {
  it('sends maxChoices only when more than one option may be marked', () => {
    expect(draftBody(emptyDraft())).not.toHaveProperty('maxChoices');
    expect(draftBody({ ...emptyDraft(), maxChoices: 3 })).toMatchObject({ maxChoices: 3 });
  });

  it('keeps the maximum within the options, and 1 (single choice) as it is', () => {
    expect(clampMaxChoices(4, 3)).toBe(3);
    expect(clampMaxChoices(2, 6)).toBe(2);
    expect(clampMaxChoices(1, 2)).toBe(1);
  });

  it("reads the viewer's ballot from userChoices, or from userChoice in an older answer", () => {
    expect(choicesOf({ userChoice: 0, userChoices: [0, 2] })).toEqual([0, 2]);
    expect(choicesOf({ userChoice: 1 })).toEqual([1]);
    expect(choicesOf({ userChoice: null })).toEqual([]);
  });

  it('takes percentages of the ballots on a multiple-choice poll, of the option votes otherwise', () => {
    expect(votersOf({ maxChoices: 2, totalVotes: 3 }, [3, 2, 1])).toBe(3);
    expect(votersOf({ maxChoices: 1, totalVotes: 5 }, [3, 2])).toBe(5);
    expect(votersOf({ totalVotes: 4 }, [1, 2])).toBe(3);
    const poll = {
      options: [
        { id: 0, text: 'A', votes: 0 },
        { id: 1, text: 'B', votes: 0 },
      ],
      totalVotes: 0,
      votesCount: 0,
    } as unknown as Poll;
    applyCounts(poll, { voteCounts: { '0': 2, '1': 1 }, totalVotes: 2 });
    expect(poll).toMatchObject({ totalVotes: 2, votersCount: 2 });
  });
});
