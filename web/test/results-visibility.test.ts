import { resultsHiddenMessages, type Poll } from '@meydan/proto';
import { describe, expect, it } from 'vitest';
import { draftBody, emptyDraft } from '../src/features/create-poll/draft';
import { groupAnalysisAvailable } from '../src/features/polls/FriendsPollCard';
import { drawsResults, resultsHiddenNote } from '../src/features/polls/resultsVisibility';
import { applyCounts } from '../src/lib/polls';

type Facts = Pick<Poll, 'resultsVisible' | 'resultsVisibility' | 'hasVoted' | 'expiresAt'>;
const facts = (over: Partial<Facts>): Facts => ({
  resultsVisible: true,
  resultsVisibility: 'after-vote',
  hasVoted: false,
  expiresAt: null,
  ...over,
});

describe('result visibility on the cards', () => {
  it('draws results exactly where the server sent them: after the vote, before it for always and the creator', () => {
    // after-vote (the default): hidden before the vote, shown after it.
    expect(drawsResults(facts({ resultsVisible: false }), true)).toBe(false);
    expect(drawsResults(facts({ hasVoted: true }), true)).toBe(true);
    // The creator's own poll, and an always poll, before voting.
    expect(drawsResults(facts({}), true)).toBe(true);
    expect(drawsResults(facts({ resultsVisibility: 'always' }), true)).toBe(true);
    expect(drawsResults(facts({ resultsVisibility: 'creator', resultsVisible: false }), true)).toBe(false);
    // Never what the server hid, voted or ended.
    expect(
      drawsResults(facts({ resultsVisibility: 'after-close', resultsVisible: false, hasVoted: true }), false),
    ).toBe(false);
    // A poll without the flag: once voted or ended.
    expect(drawsResults(facts({ resultsVisible: undefined }), true)).toBe(false);
    expect(drawsResults(facts({ resultsVisible: undefined }), false)).toBe(true);
  });

  it('says why and when the results show, only where the mode hides them', () => {
    expect(
      resultsHiddenNote(
        facts({ resultsVisibility: 'after-close', resultsVisible: false, expiresAt: '2030-01-01T00:00:00.000Z' }),
      ),
    ).toBe('Sonuçlar anket bitince görünecek');
    expect(resultsHiddenNote(facts({ resultsVisibility: 'after-close', resultsVisible: false }))).toBe(
      resultsHiddenMessages.afterCloseOpenEnded,
    );
    expect(resultsHiddenNote(facts({ resultsVisibility: 'creator', resultsVisible: false }))).toBe(
      resultsHiddenMessages.creator,
    );
    // A Dost Meclisi poll hidden until the vote has its own note; shown results need none.
    expect(resultsHiddenNote(facts({ resultsVisible: false }))).toBeNull();
    expect(resultsHiddenNote(facts({ resultsVisibility: 'creator' }))).toBeNull();
  });

  it('takes a counts-free live update as the total only, and the counts at the end as shown', () => {
    const poll = {
      options: [
        { id: 0, text: 'A', votes: 0 },
        { id: 1, text: 'B', votes: 0 },
      ],
      totalVotes: 0,
      votesCount: 0,
      resultsVisible: false,
    } as unknown as Poll;
    applyCounts(poll, { voteCounts: {}, totalVotes: 3, countsHidden: true });
    expect([poll.totalVotes, poll.resultsVisible, poll.options.map((o) => o.votes)]).toEqual([3, false, [0, 0]]);
    applyCounts(poll, { voteCounts: { '0': 1, '1': 2 }, totalVotes: 3 });
    expect([poll.resultsVisible, poll.options.map((o) => o.votes)]).toEqual([true, [1, 2]]);
    // A vote's answer says whether its counts are the voter's to see.
    applyCounts(poll, { voteCounts: { '0': 0, '1': 0 }, totalVotes: 4, resultsVisible: false });
    expect(poll.resultsVisible).toBe(false);
  });

  it('offers no group analysis while the results are hidden', () => {
    expect(groupAnalysisAvailable({ hasVoted: true, totalVotes: 3, resultsVisible: true })).toBe(true);
    expect(groupAnalysisAvailable({ hasVoted: true, totalVotes: 3, resultsVisible: false })).toBe(false);
  });

  it('sends the choice only when it is not the default', () => {
    expect(draftBody(emptyDraft())).not.toHaveProperty('resultsVisibility');
    expect(draftBody({ ...emptyDraft(), resultsVisibility: 'after-close' }).resultsVisibility).toBe('after-close');
  });
});
