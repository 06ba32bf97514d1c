// @vitest-environment jsdom
import type { User } from '@meydan/proto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useVote, type VoteVia } from '../src/features/polls/useVote';
import { pollsReceived, selectPoll } from '../src/store/pollsSlice';
import { fakeApi, json, member, testStore } from './helpers';
import { testPoll } from './pollFixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

const poll = testPoll('p1', [3, 1], { allowVoteChange: true });

const counted = {
  pollId: 'p1',
  voteCounts: { '0': 3, '1': 2 },
  totalVotes: 5,
  hasVoted: true,
  userChoice: 1,
  message: 'Oyun kaydedildi, teşekkürler!',
};

/** useVote on p1 (held in the store) for `user`, through `via`. */
function voteOn(user: User | null, via?: VoteVia) {
  const store = testStore({ user });
  store.dispatch(pollsReceived([poll]));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useVote(poll, via), { wrapper });
  const toasts = () => store.getState().toasts.items.map((t) => [t.title, t.description]);
  return { store, result, toasts, held: () => selectPoll(store.getState(), 'p1')! };
}

describe('useVote: one way every card and page votes', () => {
  it('casts a member’s vote by id, the option pending while it is on its way, the answer in the poll held', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { requests } = fakeApi({
      'POST /api/polls/p1/vote': async () => {
        await answered;
        return counted;
      },
    });
    const { result, held } = voteOn(member);
    await act(async () => void (await result.current.cast(1)));
    await waitFor(() => expect(result.current.pending).toBe(1));
    expect(result.current.voting).toBe(true);
    expect(held()).toMatchObject({ hasVoted: true, userChoice: 1, totalVotes: 5 });
    release();
    await waitFor(() => expect(result.current.voting).toBe(false));
    expect(result.current.pending).toBeNull();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls/p1/vote',
      body: { optionIndex: 1 },
    });
    expect(held().options.map((o) => o.votes)).toEqual([3, 2]);
  });

  it('sends a multiple-choice ballot as optionIndexes', async () => {
    const { requests } = fakeApi({ 'POST /api/polls/p1/vote': { ...counted, userChoices: [0, 1] } });
    const { result, held } = voteOn(member);
    await act(async () => void (await result.current.cast(0, [0, 1])));
    await waitFor(() => expect(held().userChoices).toEqual([0, 1]));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ optionIndexes: [0, 1] });
  });

  it('asks a visitor to sign in instead of voting by id', async () => {
    const { requests } = fakeApi();
    const { result, store } = voteOn(null);
    await act(async () => void (await result.current.cast(0)));
    await waitFor(() => expect(store.getState().ui.dialog).toEqual({ kind: 'signInRequired', reason: 'vote' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('votes through a share link without an account and says so in a toast', async () => {
    const { requests } = fakeApi({
      'POST /api/s/AbCdEfGhIj/vote': { ...counted, feedback: 'Çoğunlukla aynı fikirdesin' },
    });
    const { result, toasts, held } = voteOn(null, { code: 'AbCdEfGhIj' });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.cast(1);
    });
    expect(answer).toMatchObject({ feedback: 'Çoğunlukla aynı fikirdesin' });
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/s/AbCdEfGhIj/vote',
      body: { optionIndex: 1 },
    });
    expect(toasts()).toEqual([['Oyunuz kaydedildi! 🎉', 'Oyun kaydedildi, teşekkürler!']]);
    expect(held()).toMatchObject({ hasVoted: true, userChoice: 1, totalVotes: 5 });
  });

  it('tells the embed’s line, not a toast: the server’s refusal, or that the vote counted', async () => {
    fakeApi({
      'POST /api/s/AbCdEfGhIj/vote': () => json({ error: 'already_voted', message: 'Bu ankete zaten oy verdin.' }, 409),
    });
    const lines: string[] = [];
    const { result, toasts } = voteOn(null, { code: 'AbCdEfGhIj', line: (text) => lines.push(text) });
    await act(async () => void (await result.current.cast(0)));
    fakeApi({ 'POST /api/s/AbCdEfGhIj/vote': counted });
    await act(async () => void (await result.current.cast(0)));
    expect(lines).toEqual(['Bu ankete zaten oy verdin.', 'Oyun kaydedildi.']);
    expect(toasts()).toEqual([]);
  });

  it('changes and takes back a member’s vote, each told with the server’s message', async () => {
    const { requests } = fakeApi({
      'PUT /api/polls/p1/vote': { ...counted, userChoice: 0, message: 'Oyun değiştirildi.' },
      'DELETE /api/polls/p1/vote': {
        pollId: 'p1',
        voteCounts: { '0': 2, '1': 1 },
        totalVotes: 3,
        hasVoted: false,
        userChoice: null,
        message: 'Oyun geri çekildi.',
      },
    });
    const { result, toasts, held } = voteOn(member);
    await act(() => result.current.change([0]));
    expect(held()).toMatchObject({ hasVoted: true, userChoices: [0] });
    await act(() => result.current.change(null));
    expect(held()).toMatchObject({ hasVoted: false, userChoices: [], totalVotes: 3 });
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/polls/p1/vote',
      'DELETE /api/polls/p1/vote',
    ]);
    expect(toasts()).toEqual([['Oyun geri çekildi', 'Oyun geri çekildi.']]);
    expect(result.current.changing).toBe(false);
  });

  it('says a refused change through a link in the server’s words', async () => {
    fakeApi({
      'PUT /api/s/AbCdEfGhIj/vote': () => json({ error: 'vote_final', message: 'Bu ankette oy değiştirilemez.' }, 409),
    });
    const { result, toasts } = voteOn(null, { code: 'AbCdEfGhIj' });
    await act(() => result.current.change([1]));
    expect(toasts()).toEqual([['Oyun değiştirilemedi', 'Bu ankette oy değiştirilemez.']]);
  });
});
