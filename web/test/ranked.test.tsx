// @vitest-environment jsdom
/**
 * Ranked choice in the web app (issue 41, 1: 'Sıralamalı oy'): the card orders the options with 'Yukarı taşı' and
 * 'Aşağı taşı' buttons and sends the order as the ballot; after the vote it shows the runoff's rounds as the server sent
 * them ('1. tur', 'elendi', 'Kazanan'), and none where the counts are hidden; the create dialog's switch sends kind
 * 'ranked'.
 */
import type { PollRunoff, VoteResult } from '@meydan/proto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollsTab } from '../src/features/admin/PollsTab';
import { PollCard } from '../src/features/polls/PollCard';
import { liveCountsArrived, pollsReceived, selectPoll } from '../src/store/pollsSlice';
import { useAppSelector } from '../src/store/store';
import { fakeApi, json, member, openCreatePollDialog, renderAppAt, renderWithStore, stubLayout } from './helpers';
import { adminPollRow, testPoll } from './pollFixture';

beforeEach(stubLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ranked = testPoll('r1', [2, 2, 1], {
  title: 'Hafta sonu nereye gidelim?',
  options: [
    { id: 0, text: 'Kapadokya', votes: 0 },
    { id: 1, text: 'Ege', votes: 0 },
    { id: 2, text: 'Karadeniz', votes: 0 },
  ],
  totalVotes: 4,
  resultsVisible: false,
  isShareable: false,
  shortUrl: null,
  kind: 'ranked',
});

/** Five ballots with this one: Karadeniz out after the first round, its ballot moves to Ege, who wins 3 of 5. */
const runoff: PollRunoff = {
  firstPreferences: [2, 2, 1],
  rounds: [
    { tallies: [2, 2, 1], eliminated: 2, exhausted: 0 },
    { tallies: [2, 3, 0], eliminated: null, exhausted: 0 },
  ],
  winner: 1,
  share: 0.6,
};

const answer = (ranking: number[], shown: boolean): VoteResult => ({
  pollId: 'r1',
  voteCounts: shown ? { '0': 2, '1': 2, '2': 1 } : { '0': 0, '1': 0, '2': 0 },
  totalVotes: 5,
  hasVoted: true,
  userChoice: ranking[0]!,
  userChoices: ranking,
  message: 'Oyunuz kaydedildi! 🎉',
  resultsVisible: shown,
  ...(shown ? { runoff } : {}),
});

function HeldCard() {
  const poll = useAppSelector((state) => selectPoll(state, 'r1'));
  return poll ? <PollCard poll={poll} /> : null;
}

/** The poll as the server reads it after a sixth ballot arrived elsewhere: Ege 4 of 6. */
const sixth: PollRunoff = {
  firstPreferences: [2, 3, 1],
  rounds: [
    { tallies: [2, 3, 1], eliminated: 2, exhausted: 0 },
    { tallies: [2, 4, 0], eliminated: null, exhausted: 0 },
  ],
  winner: 1,
  share: 4 / 6,
};

function renderRanked(reply: VoteResult) {
  const { requests } = fakeApi({
    'POST /api/polls/r1/vote': json(reply),
    'GET /api/polls/r1': () =>
      json({ ...ranked, totalVotes: 6, resultsVisible: true, hasVoted: true, userChoices: [1, 0, 2], runoff: sixth }),
  });
  const view = renderWithStore(<HeldCard />, { user: member });
  act(() => void view.store.dispatch(pollsReceived([ranked])));
  return { ...view, requests };
}

const order = () =>
  [...document.querySelectorAll('[data-ranked-ballot] ol > li')].map((li) => li.getAttribute('data-option'));
const leftOut = () =>
  [...document.querySelectorAll('[data-ranked-ballot] [data-left-out] li')].map((li) => li.getAttribute('data-option'));

describe('a ranked poll on the card', () => {
  it('orders the options with buttons, says each move, and sends the order as the ballot', async () => {
    const { requests, store } = renderRanked(answer([1, 0, 2], true));
    const up = await screen.findByRole('button', { name: 'Yukarı taşı: Ege' });
    expect(screen.getByRole('button', { name: 'Yukarı taşı: Kapadokya' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Aşağı taşı: Karadeniz' })).toHaveProperty('disabled', true);
    expect(order()).toEqual(['0', '1', '2']);
    fireEvent.click(up);
    expect(order()).toEqual(['1', '0', '2']);
    expect(screen.getByText('Ege artık 1. sırada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aşağı taşı: Karadeniz' })); // the last: nothing moves
    expect(order()).toEqual(['1', '0', '2']);

    fireEvent.click(screen.getByRole('button', { name: 'Oy ver' }));
    await waitFor(() => expect(document.querySelector('[data-ranked-result]')).not.toBeNull());
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls/r1/vote',
      body: { ranking: [1, 0, 2] },
    });
    const result = document.querySelector('[data-ranked-result]') as HTMLElement;
    expect(within(result).getByRole('heading', { name: '1. tur' })).toBeTruthy();
    expect(within(result).getByRole('heading', { name: '2. tur' })).toBeTruthy();
    expect(result.querySelector('[data-round="1"] [data-eliminated]')!.textContent).toBe('Karadeniz: 1 oy — elendi');
    // An option out of the race is not listed in later rounds.
    expect(result.querySelector('[data-round="2"]')!.textContent).not.toContain('Karadeniz');
    expect(within(result).getByRole('status').textContent).toBe('Kazanan: Ege (%60,0)');
    expect(result.textContent).toContain('Senin sıralaman: Ege › Kapadokya › Karadeniz');

    // A live frame counts a ballot the runoff does not hold: the card asks the poll again and shows its runoff.
    act(
      () =>
        void store.dispatch(liveCountsArrived({ pollId: 'r1', voteCounts: { '0': 2, '1': 3, '2': 1 }, totalVotes: 6 })),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-ranked-result] [role="status"]')?.textContent).toBe('Kazanan: Ege (%66,7)'),
    );
    expect(requests.some((r) => r.method === 'GET' && r.path === '/api/polls/r1')).toBe(true);
  });

  it('leaves options out of the ranking and back in, sends only those ranked, and needs one', async () => {
    const { requests } = renderRanked(answer([2, 0], true));
    fireEvent.click(await screen.findByRole('button', { name: 'Sıralamadan çıkar: Ege' }));
    expect(order()).toEqual(['0', '2']);
    expect(leftOut()).toEqual(['1']);
    expect(screen.getByText('Ege sıralamadan çıkarıldı')).toBeTruthy();
    // Out of the ranking, nothing is ranked at all: the vote waits for one.
    fireEvent.click(screen.getByRole('button', { name: 'Sıralamadan çıkar: Kapadokya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sıralamadan çıkar: Karadeniz' }));
    expect(order()).toEqual([]);
    expect(screen.getByText('Oy vermek için en az bir şıkkı sırala.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Oy ver' })).toHaveProperty('disabled', true);
    // Ranked again, each at the end: Karadeniz first, then Kapadokya; Ege stays out.
    fireEvent.click(screen.getByRole('button', { name: 'Sıralamaya ekle: Karadeniz' }));
    expect(screen.getByText('Karadeniz 1. sıraya eklendi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sıralamaya ekle: Kapadokya' }));
    expect(order()).toEqual(['2', '0']);
    expect(leftOut()).toEqual(['1']);

    fireEvent.click(screen.getByRole('button', { name: 'Oy ver' }));
    await waitFor(() => expect(document.querySelector('[data-ranked-result]')).not.toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/polls/r1/vote', body: { ranking: [2, 0] } }),
    ]);
  });

  it('shows no rounds where the counts are hidden from the voter', async () => {
    renderRanked(answer([0, 1, 2], false));
    fireEvent.click(await screen.findByRole('button', { name: 'Oy ver' }));
    await waitFor(() => expect(document.querySelector('[data-ranked-ballot]')).toBeNull());
    expect(document.body.textContent).not.toContain('1. tur');
    expect(document.body.textContent).not.toContain('Kazanan');
  });
});

describe('a ranked poll on its share page', () => {
  it('takes a visitor’s ranking through the link and shows the rounds the vote answered', async () => {
    const shared = { ...ranked, isShareable: true, shortUrl: 'SiRaLaMa01' };
    const { requests } = fakeApi({
      'GET /api/s/SiRaLaMa01': {
        poll: shared,
        creator: shared.creator,
        voteCounts: { '0': 0, '1': 0, '2': 0 },
        hasVoted: false,
        userChoice: null,
      },
      'POST /api/s/SiRaLaMa01/vote': json(answer([2, 1, 0], true)),
    });
    renderAppAt('/s/SiRaLaMa01', { user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Yukarı taşı: Karadeniz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yukarı taşı: Karadeniz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Oy ver' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/s/SiRaLaMa01/vote',
      body: { ranking: [2, 0, 1] },
    });
    await waitFor(() =>
      expect(document.querySelector('[data-ranked-winner]')?.textContent).toBe('Kazanan: Ege (%60,0)'),
    );
  });
});

describe('a ranked poll in the create dialog', () => {
  it('sends kind ranked, single choice with final votes', async () => {
    const { requests } = fakeApi({ 'POST /api/polls': () => json({ ...ranked, id: 'new' }, 201) });
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), {
      target: { value: 'Hafta sonu nereye gidelim?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Ne Yesek/ }));
    for (const [i, text] of ['Kapadokya', 'Ege'].entries())
      fireEvent.change(within(dialog).getByRole('textbox', { name: `${i + 1}. şık` }), { target: { value: text } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Oyunu değiştirebilsin' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Sıralamalı oy' }));
    expect(within(dialog).queryByRole('switch', { name: 'Oyunu değiştirebilsin' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent).toMatchObject({ path: '/api/polls', body: { kind: 'ranked' } });
    expect(sent.body).not.toHaveProperty('allowVoteChange');
    expect(sent.body).not.toHaveProperty('maxChoices');
  });
});

describe('a ranked poll on the presenter’s screen', () => {
  it('shows the rounds, the eliminated option and the winner, and follows a ballot that arrives', async () => {
    // Four ballots so far (Ege and Kapadokya 2 each, a tie for the win); a fifth, then a sixth, arrive live.
    const four: PollRunoff = {
      firstPreferences: [2, 2, 0],
      rounds: [{ tallies: [2, 2, 0], eliminated: null, exhausted: 0 }],
      winner: 1,
      share: 0.5,
    };
    let served = { ...ranked, resultsVisible: true, totalVotes: 4, runoff: four };
    const { requests } = fakeApi({ 'GET /api/polls/r1': () => json(served) });
    const { store } = renderAppAt('/sunum/r1', { user: member });
    const result = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-presenter-ranked]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(within(result).getByRole('heading', { name: '1. tur' })).toBeTruthy();
    expect(result.querySelector('[data-ranked-winner]')!.textContent).toBe('Kazanan: Ege (%50,0)');

    served = { ...ranked, resultsVisible: true, totalVotes: 5, runoff };
    act(
      () =>
        void store.dispatch(liveCountsArrived({ pollId: 'r1', voteCounts: { '0': 2, '1': 2, '2': 1 }, totalVotes: 5 })),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-presenter-ranked] [data-ranked-winner]')?.textContent).toBe(
        'Kazanan: Ege (%60,0)',
      ),
    );
    const rounds = document.querySelector<HTMLElement>('[data-presenter-ranked]')!;
    expect(within(rounds).getByRole('heading', { name: '2. tur' })).toBeTruthy();
    expect(rounds.querySelector('[data-round="1"] [data-eliminated]')!.textContent).toBe(
      'Karadeniz — elendi1 oy · %20',
    );
    expect(rounds.querySelector('[data-round="2"]')!.textContent).not.toContain('Karadeniz');
    expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/polls/r1').length).toBeGreaterThan(1);
  });

  it('shows no rounds where the counts are hidden from the viewer', async () => {
    fakeApi({ 'GET /api/polls/r1': () => json(ranked) });
    renderAppAt('/sunum/r1', { user: member });
    await screen.findByRole('heading', { level: 1, name: 'Hafta sonu nereye gidelim?' });
    expect(document.querySelector('[data-presenter-ranked]')).toBeNull();
    expect(document.body.textContent).not.toContain('Kazanan');
  });
});

describe('a ranked poll in the admin panel', () => {
  it('is marked with a ‘Sıralamalı oy’ badge in the polls list, a standard poll with none', async () => {
    fakeApi({
      'GET /api/admin/polls': {
        items: [adminPollRow('p1', { kind: 'ranked' }), adminPollRow('p2')],
        totalCount: 2,
        page: 1,
        pageSize: 20,
      },
    });
    renderWithStore(<PollsTab />, { user: { ...member, role: 'admin' } });
    await screen.findByText('Anket p2');
    expect(document.querySelector('[data-poll="p1"] [data-kind="ranked"]')?.textContent).toBe('Sıralamalı oy');
    expect(document.querySelector('[data-poll="p2"] [data-kind]')).toBeNull();
  });
});
