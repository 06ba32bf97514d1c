// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollsApi } from '../src/features/polls/pollsApi';
import { retryAfterSeconds, voteRefusedToast } from '../src/features/polls/voteRefused';
import { pollsReceived, selectPoll } from '../src/store/pollsSlice';
import { fakeApi, json, member, testStore } from './helpers';
import { testPoll } from './pollFixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Tea or coffee, 3 to 1, not voted by the viewer. */
const poll = testPoll('p1', [3, 1], {
  title: 'Çay mı kahve mi?',
  options: [
    { id: 0, text: 'Çay', votes: 3 },
    { id: 1, text: 'Kahve', votes: 1 },
  ],
  isShareable: false,
  shortUrl: null,
});

/** An answer the test lets go when it wants (to look at the card while the vote is on its way). */
function held(response: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: async () => {
      await gate;
      return response();
    },
    release,
  };
}

async function storeWithPoll() {
  const store = testStore({ user: member });
  store.dispatch(pollsReceived([poll]));
  await store.dispatch(pollsApi.util.upsertQueryData('poll', 'p1', 'p1'));
  // The poll query has a subscriber, as on a screen (a refused vote reads it again).
  store.dispatch(pollsApi.endpoints.poll.initiate('p1'));
  return store;
}

const cached = (store: ReturnType<typeof testStore>) => selectPoll(store.getState(), 'p1')!;

describe('a vote is never refused silently', () => {
  it('shows the vote at once, then rolls it back and says how long to wait on a 429 with retry-after', async () => {
    const answer = held(
      () =>
        new Response(JSON.stringify({ error: 'rate_limited', message: 'Çok fazla istek' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '12' },
        }),
    );
    fakeApi({ 'GET /api/polls/p1': poll, 'POST /api/polls/p1/vote': answer.handler });
    const store = await storeWithPoll();

    const voting = store.dispatch(pollsApi.endpoints.vote.initiate({ pollId: 'p1', optionIndex: 1 }));
    await vi.waitFor(() => expect(cached(store).hasVoted).toBe(true));
    expect(cached(store).userChoice).toBe(1);
    expect(cached(store).options[1]!.votes).toBe(2);
    expect(cached(store).totalVotes).toBe(5);

    answer.release();
    await voting;
    expect(cached(store)).toMatchObject({ hasVoted: false, userChoice: null, totalVotes: 4 });
    expect(cached(store).options.map((o) => o.votes)).toEqual([3, 1]);
    const toast = store.getState().toasts.items.at(-1);
    expect(toast).toMatchObject({
      title: 'Çok hızlı oy veriyorsun',
      description: 'Lütfen 12 saniye sonra tekrar dene.',
      variant: 'error',
    });
  });

  it('rolls back a 503 and says the vote could not be taken now', async () => {
    fakeApi({
      'GET /api/polls/p1': poll,
      'POST /api/polls/p1/vote': () =>
        new Response(JSON.stringify({ error: 'service_unavailable', message: 'Hizmet şu an yanıt vermiyor' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '3' },
        }),
    });
    const store = await storeWithPoll();
    await store.dispatch(pollsApi.endpoints.vote.initiate({ pollId: 'p1', optionIndex: 0 }));
    expect(cached(store).hasVoted).toBe(false);
    expect(store.getState().toasts.items.at(-1)).toMatchObject({
      title: 'Oylama şu an yoğun',
      description: 'Lütfen 3 saniye sonra tekrar dene.',
    });
  });

  it('keeps a counted vote with the server’s counts', async () => {
    fakeApi({
      'GET /api/polls/p1': poll,
      'POST /api/polls/p1/vote': json({
        pollId: 'p1',
        voteCounts: { '0': 3, '1': 5 },
        totalVotes: 8,
        hasVoted: true,
        userChoice: 1,
        message: 'Oyun kaydedildi, teşekkürler!',
      }),
    });
    const store = await storeWithPoll();
    await store.dispatch(pollsApi.endpoints.vote.initiate({ pollId: 'p1', optionIndex: 1 }));
    expect(cached(store)).toMatchObject({ hasVoted: true, userChoice: 1, totalVotes: 8 });
    expect(cached(store).options.map((o) => o.votes)).toEqual([3, 5]);
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('reads retry-after as seconds or as a date, and gives the server’s text for other refusals', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 10:00:45 GMT', now)).toBe(45);
    expect(retryAfterSeconds('yarın', now)).toBeNull();
    expect(voteRefusedToast({ status: 429, data: {} }, null).description).toBe(
      'Lütfen birkaç saniye sonra tekrar dene.',
    );
    expect(
      voteRefusedToast(
        {
          status: 409,
          data: { error: 'poll_closed', message: 'Bu anket sahibi tarafından sonlandırıldı, artık oy verilemez.' },
        },
        null,
      ),
    ).toMatchObject({
      title: 'Oyun kaydedilemedi',
      description: 'Bu anket sahibi tarafından sonlandırıldı, artık oy verilemez.',
    });
  });
});
