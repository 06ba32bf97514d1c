// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowSentence } from '../src/features/polls/FlowsPanel';
import { pollsApi } from '../src/features/polls/pollsApi';
import { voteChangeApi } from '../src/features/polls/voteChangeApi';
import { canChangeVote } from '../src/features/polls/voteChangeRule';
import { pollsReceived, selectPoll } from '../src/store/pollsSlice';
import { fakeApi, json, member, testStore } from './helpers';
import { testPoll } from './pollFixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Tea or coffee, 3 to 1, the viewer's vote on tea, a vote that may be changed. */
const poll = testPoll('p1', [3, 1], {
  title: 'Çay mı kahve mi?',
  options: [
    { id: 0, text: 'Çay', votes: 3 },
    { id: 1, text: 'Kahve', votes: 1 },
  ],
  isShareable: false,
  shortUrl: null,
  hasVoted: true,
  userChoice: 0,
  userChoices: [0],
  allowVoteChange: true,
});

async function storeWithPoll() {
  const store = testStore({ user: member });
  store.dispatch(pollsReceived([poll]));
  await store.dispatch(pollsApi.util.upsertQueryData('poll', 'p1', 'p1'));
  store.dispatch(pollsApi.endpoints.poll.initiate('p1'));
  return store;
}

const cached = (store: ReturnType<typeof testStore>) => selectPoll(store.getState(), 'p1')!;

describe('changing or taking back a vote in the web app', () => {
  it('offers it only on a poll that allows it, to a voter, while it is open', () => {
    expect(canChangeVote(poll, true)).toBe(true);
    expect(canChangeVote(poll, false)).toBe(false);
    expect(canChangeVote({ ...poll, allowVoteChange: false }, true)).toBe(false);
    expect(canChangeVote({ ...poll, expiresAt: '2020-01-01T00:00:00.000Z' }, true)).toBe(false);
  });

  it('puts the moved ballot and the server’s counts in the poll’s cache, then takes the ballot out', async () => {
    fakeApi({
      'GET /api/polls/p1': poll,
      'PUT /api/polls/p1/vote': json({
        pollId: 'p1',
        voteCounts: { '0': 2, '1': 2 },
        totalVotes: 4,
        hasVoted: true,
        userChoice: 1,
        userChoices: [1],
        message: 'Oyun değiştirildi.',
        resultsVisible: true,
      }),
      'DELETE /api/polls/p1/vote': json({
        pollId: 'p1',
        voteCounts: { '0': 2, '1': 1 },
        totalVotes: 3,
        hasVoted: false,
        userChoice: null,
        userChoices: [],
        message: 'Oyun geri çekildi.',
        resultsVisible: true,
      }),
    });
    const store = await storeWithPoll();
    await store.dispatch(voteChangeApi.endpoints.changeVote.initiate({ pollId: 'p1', optionIndexes: [1] }));
    expect(cached(store)).toMatchObject({ hasVoted: true, userChoice: 1, userChoices: [1], totalVotes: 4 });
    expect(cached(store).options.map((o) => o.votes)).toEqual([2, 2]);
    await store.dispatch(voteChangeApi.endpoints.changeVote.initiate({ pollId: 'p1', optionIndexes: null }));
    expect(cached(store)).toMatchObject({ hasVoted: false, userChoice: null, userChoices: [], totalVotes: 3 });
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('tells a refused change in the server’s Turkish words, the ballot left as it was', async () => {
    fakeApi({
      'GET /api/polls/p1': poll,
      'PUT /api/polls/p1/vote': () =>
        new Response(
          JSON.stringify({ error: 'vote_change_rate_limited', message: 'Oyunu kısa sürede çok sık değiştirdin.' }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '30' } },
        ),
    });
    const store = await storeWithPoll();
    await store.dispatch(voteChangeApi.endpoints.changeVote.initiate({ pollId: 'p1', optionIndexes: [1] }));
    expect(cached(store)).toMatchObject({ hasVoted: true, userChoice: 0 });
    expect(store.getState().toasts.items.at(-1)).toMatchObject({
      variant: 'error',
      title: 'Oyun değiştirilemedi',
      description: 'Oyunu kısa sürede çok sık değiştirdin. Lütfen 30 saniye sonra tekrar dene.',
    });
  });

  it('says each flow as a sentence: a move, a take-back, a vote again, a ballot of several options', () => {
    const three = { options: [...poll.options, { id: 2, text: 'Ayran', votes: 0 }] };
    expect(flowSentence(three, { from: [0], to: [1], count: 312 })).toBe(
      '«Çay» seçeneğinden «Kahve» seçeneğine 312 kişi geçti',
    );
    expect(flowSentence(three, { from: [1], to: [], count: 2 })).toBe('«Kahve» seçeneğinden 2 kişi oyunu geri çekti');
    expect(flowSentence(three, { from: [], to: [2], count: 1 })).toBe(
      '1 kişi oyunu geri çektikten sonra yeniden «Ayran» seçeneğine verdi',
    );
    expect(flowSentence(three, { from: [0, 2], to: [1], count: 4 })).toBe(
      '«Çay + Ayran» seçeneğinden «Kahve» seçeneğine 4 kişi geçti',
    );
  });
});
