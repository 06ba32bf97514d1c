// @vitest-environment jsdom
/**
 * Quiz mode in the web app (issue 41, 3: 'Bilgi yarışması'): the card tells a voter after their vote whether they were
 * right (from the vote's answer), naming every correct option when they were not, and the create dialog marks the
 * correct option or options and sends them (none, or every option, told without a request).
 */
import type { Poll, VoteResult } from '@meydan/proto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { correctOptionSent, emptyDraft, withCorrectOption, withoutOption } from '../src/features/create-poll/draft';
import { PollCard } from '../src/features/polls/PollCard';
import { quizVerdict } from '../src/features/polls/QuizVerdict';
import { PresenterQuiz } from '../src/features/reach/PresenterQuiz';
import { pollsReceived, selectPoll } from '../src/store/pollsSlice';
import { useAppSelector } from '../src/store/store';
import { fakeApi, json, member, openCreatePollDialog, renderWithStore, stubLayout } from './helpers';
import { testPoll } from './pollFixture';

beforeEach(stubLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A capital-city quiz, one vote on each option so far, its answer not sent (the viewer has not voted). */
const quiz = testPoll('q1', [1, 1, 1], {
  title: 'Türkiye’nin başkenti neresidir?',
  options: [
    { id: 0, text: 'İstanbul', votes: 0 },
    { id: 1, text: 'Ankara', votes: 0 },
    { id: 2, text: 'İzmir', votes: 0 },
  ],
  totalVotes: 3,
  resultsVisible: false,
  isShareable: false,
  shortUrl: null,
  kind: 'quiz',
});

const answer = (choice: number, correct: boolean): VoteResult => ({
  pollId: 'q1',
  voteCounts: { '0': 1, '1': 2, '2': 1 },
  totalVotes: 4,
  hasVoted: true,
  userChoice: choice,
  userChoices: [choice],
  message: 'Oyunuz kaydedildi! 🎉',
  resultsVisible: true,
  correct,
  correctOptionIndexes: [1],
  correctVotesCount: 2,
});

/** A quiz with two correct options (Merkür and Mars, told only with the vote's answer). */
const planets: Poll = {
  ...quiz,
  title: 'Hangileri iç gezegendir?',
  options: [
    { id: 0, text: 'Merkür', votes: 0 },
    { id: 1, text: 'Jüpiter', votes: 0 },
    { id: 2, text: 'Mars', votes: 0 },
  ],
};

/** The card of the poll the store holds, as a feed shows it: it follows the vote's answer. */
function HeldCard() {
  const poll = useAppSelector((state) => selectPoll(state, 'q1'));
  return poll ? <PollCard poll={poll} /> : null;
}

/** The quiz's card for a member whose vote the server answers with `reply`. */
function renderQuiz(reply: VoteResult, poll: Poll = quiz) {
  const { requests } = fakeApi({ 'POST /api/polls/q1/vote': json(reply) });
  const view = renderWithStore(<HeldCard />, { user: member });
  act(() => void view.store.dispatch(pollsReceived([poll])));
  return { ...view, requests };
}

const verdictLine = () => document.querySelector('[data-quiz-verdict]') as HTMLElement | null;

describe('a quiz on the card', () => {
  it('says before the vote that the answer comes with it, and names no answer', async () => {
    renderQuiz(answer(2, false));
    await waitFor(() => expect(verdictLine()?.dataset['quizVerdict']).toBe('hidden'));
    expect(verdictLine()!.textContent).toContain('Bilgi yarışması');
    expect(verdictLine()!.textContent).toContain('Oy verince doğru bilip bilmediğini göreceksin.');
    expect(verdictLine()!.textContent).not.toContain('Ankara');
  });

  it('tells a wrong voter the correct answer after the vote', async () => {
    const { requests } = renderQuiz(answer(2, false));
    fireEvent.click(await screen.findByRole('button', { name: 'İzmir' }));
    await waitFor(() => expect(verdictLine()?.dataset['quizVerdict']).toBe('wrong'));
    expect(verdictLine()!.textContent).toContain('Yanlış — doğru cevap: Ankara');
    expect(verdictLine()!.textContent).toContain('Doğru bilenler: %50,0');
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls/q1/vote',
      body: { optionIndex: 2 },
    });
  });

  it('tells a right voter so', async () => {
    renderQuiz(answer(1, true));
    fireEvent.click(await screen.findByRole('button', { name: 'Ankara' }));
    await waitFor(() => expect(verdictLine()?.dataset['quizVerdict']).toBe('right'));
    expect(verdictLine()!.textContent).toContain('Doğru bildin!');
    expect(verdictLine()!.textContent).not.toContain('Yanlış');
  });

  it('names every correct option to a wrong voter of a quiz with several, and adds them up for the right share', async () => {
    renderQuiz({ ...answer(1, false), correctOptionIndexes: [0, 2], correctVotesCount: 2 }, planets);
    await waitFor(() => expect(verdictLine()?.dataset['quizVerdict']).toBe('hidden'));
    expect(verdictLine()!.textContent).not.toMatch(/Merkür|Mars/);
    fireEvent.click(await screen.findByRole('button', { name: 'Jüpiter' }));
    await waitFor(() => expect(verdictLine()?.dataset['quizVerdict']).toBe('wrong'));
    expect(verdictLine()!.textContent).toContain('Yanlış — doğru cevaplar: Merkür, Mars');
    // One vote on Merkür and one on Mars of four: half answered right.
    expect(verdictLine()!.textContent).toContain('Doğru bilenler: %50,0');
  });

  it('tells a voter of either correct option that they were right', async () => {
    renderQuiz({ ...answer(2, true), correctOptionIndexes: [0, 2], correctVotesCount: 2 }, planets);
    fireEvent.click(await screen.findByRole('button', { name: 'Mars' }));
    await waitFor(() => expect(verdictLine()?.dataset['quizVerdict']).toBe('right'));
    expect(verdictLine()!.textContent).toContain('Doğru bildin!');
  });

  it('judges a ballot against the answer only once both are there', () => {
    const voted: Poll = { ...quiz, hasVoted: true, userChoice: 1, userChoices: [1] };
    expect(quizVerdict(voted)).toBeNull();
    expect(quizVerdict({ ...voted, correctOptionIndexes: [1] })).toBe(true);
    expect(quizVerdict({ ...voted, correctOptionIndexes: [0] })).toBe(false);
    expect(quizVerdict({ ...voted, correctOptionIndexes: [1, 2] })).toBe(true);
    expect(quizVerdict({ ...voted, correctOptionIndexes: [0, 2] })).toBe(false);
    expect(quizVerdict({ ...quiz, correctOptionIndexes: [1] })).toBeNull();
  });
});

describe('a quiz on the presenter’s screen', () => {
  it('keeps the answer from the room until the presenter reveals it', () => {
    const answered = { ...quiz, correctOptionIndexes: [1], resultsVisible: true };
    answered.options = [
      { id: 0, text: 'İstanbul', votes: 1 },
      { id: 1, text: 'Ankara', votes: 2 },
      { id: 2, text: 'İzmir', votes: 1 },
    ];
    answered.totalVotes = 4;
    renderWithStore(<PresenterQuiz poll={answered} />);
    const reveal = screen.getByRole('button', { name: 'Doğru cevabı göster' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    expect(document.body.textContent).not.toContain('Ankara');
    fireEvent.click(reveal);
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Doğru cevap: Ankara · Doğru bilenler: %50');
  });

  it('reveals every correct option of a quiz with several, and the share who chose any of them', () => {
    const answered: Poll = {
      ...planets,
      correctOptionIndexes: [0, 2],
      resultsVisible: true,
      totalVotes: 4,
      options: [
        { id: 0, text: 'Merkür', votes: 1 },
        { id: 1, text: 'Jüpiter', votes: 1 },
        { id: 2, text: 'Mars', votes: 2 },
      ],
    };
    renderWithStore(<PresenterQuiz poll={answered} />);
    expect(document.body.textContent).not.toMatch(/Merkür|Mars/);
    fireEvent.click(screen.getByRole('button', { name: 'Doğru cevapları göster', pressed: false }));
    expect(screen.getByRole('status').textContent).toBe('Doğru cevaplar: Merkür, Mars · Doğru bilenler: %75');
  });
});

describe('a quiz in the create dialog', () => {
  const fill = (dialog: HTMLElement) => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), {
      target: { value: 'Türkiye’nin başkenti neresidir?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Ne Yesek/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Şık ekle' }));
    for (const [i, text] of ['İstanbul', 'Ankara', 'İzmir'].entries())
      fireEvent.change(within(dialog).getByRole('textbox', { name: `${i + 1}. şık` }), { target: { value: text } });
  };

  it('marks the correct options beside the options and sends them as the quiz’s answer, never all of them', async () => {
    const { requests } = fakeApi({ 'POST /api/polls': () => json({ ...quiz, id: 'new' }, 201) });
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    fill(dialog);
    expect(within(dialog).queryByRole('checkbox', { name: /doğru cevap/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Bilgi yarışması' }));
    // A quiz is single choice with final votes: those switches step aside.
    expect(within(dialog).queryByRole('switch', { name: 'Oyunu değiştirebilsin' })).toBeNull();
    expect(within(dialog).getAllByRole('checkbox', { name: /\d\. şık doğru cevap/ })).toHaveLength(3);

    // Not marked: told in Turkish, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(await within(dialog).findByText('Bilgi yarışmasında doğru şıkkı işaretlemelisin')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // Every option marked: no question left, told in Turkish, nothing sent.
    const mark = (n: number) => within(dialog).getByRole('checkbox', { name: `${n}. şık doğru cevap` });
    for (const n of [1, 2, 3]) fireEvent.click(mark(n));
    expect((mark(2) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(
      await within(dialog).findByText(
        'Bilgi yarışmasında en az bir şık yanlış olmalıdır: bütün şıkları doğru işaretleyemezsin',
      ),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // Two of three marked: sent as the answer.
    fireEvent.click(mark(1));
    expect((mark(1) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent).toMatchObject({ path: '/api/polls', body: { kind: 'quiz', correctOptionIndexes: [1, 2] } });
    expect(sent.body).not.toHaveProperty('maxChoices');
    expect(sent.body).not.toHaveProperty('allowVoteChange');
  });

  it('keeps the marks on their options when a blank or an earlier option goes', () => {
    const draft = { ...emptyDraft(), quiz: true, options: ['A', '', 'C', 'D'], correctOptions: [2] };
    expect(correctOptionSent(draft)).toEqual([1]);
    expect(correctOptionSent({ ...draft, correctOptions: [1] })).toEqual([]);
    expect(correctOptionSent({ ...draft, correctOptions: [0, 1, 3] })).toEqual([0, 2]);
    expect(withoutOption(draft, 0)).toEqual({ options: ['', 'C', 'D'], correctOptions: [1], images: [] });
    expect(withoutOption(draft, 2)).toEqual({ options: ['A', '', 'D'], correctOptions: [], images: [] });
    expect(withoutOption(draft, 3)).toEqual({ options: ['A', '', 'C'], correctOptions: [2], images: [] });
    const two = { ...draft, correctOptions: [0, 3] };
    expect(withoutOption(two, 1).correctOptions).toEqual([0, 2]);
    expect(withoutOption(two, 0).correctOptions).toEqual([2]);
    expect(withCorrectOption(two, 2, true)).toEqual([0, 2, 3]);
    expect(withCorrectOption(two, 3, true)).toEqual([0, 3]);
    expect(withCorrectOption(two, 0, false)).toEqual([3]);
  });
});
