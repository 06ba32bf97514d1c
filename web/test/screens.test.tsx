// @vitest-environment jsdom
import type { Poll } from '@meydan/proto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/App';
import { NotificationBell } from '../src/features/notifications/NotificationBell';
import { LoginDialog } from '../src/features/session/LoginDialog';
import { RegisterDialog } from '../src/features/session/RegisterDialog';
import { sessionApi } from '../src/features/session/sessionApi';
import { QuickDecision } from '../src/features/quick-decision/QuickDecision';
import { Toaster } from '../src/features/toasts/Toaster';
import { dialogClosed, dialogOpened } from '../src/store/uiSlice';
import { Header } from '../src/layout/Header';
import {
  FakeSocket,
  fakeApi,
  json,
  member,
  openCreatePollDialog,
  renderAppAt,
  renderWithStore,
  stubLayout,
  testStore,
} from './helpers';
import { quietFor } from '../../test/quiet';

beforeEach(stubLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

function poll(id: string, overrides: Partial<Poll> = {}): Poll {
  return {
    id,
    title: `Soru ${id}`,
    description: 'Açıklama',
    category: 'oyun-geek',
    type: 'public',
    options: [
      { id: 0, text: 'Evet', votes: 1 },
      { id: 1, text: 'Hayır', votes: 2 },
    ],
    expiresAt: new Date(Date.now() + 3 * 24 * 3_600_000 + 60_000).toISOString(),
    creatorId: 'u9',
    creator: { id: 'u9', username: 'deniz', displayName: 'Deniz Kaya', avatarUrl: null },
    isShareable: false,
    shortUrl: null,
    createdAt: new Date().toISOString(),
    totalVotes: 3,
    votesCount: 3,
    publicVotesCount: 0,
    likesCount: 2,
    commentsCount: 4,
    shareCount: 0,
    isLiked: false,
    hasVoted: false,
    userChoice: null,
    ...overrides,
  };
}

describe('feed', () => {
  it('shows the cards, the count, time left, the category and the counts', async () => {
    fakeApi({
      'GET /api/polls': {
        polls: [poll('p1'), poll('p2', { category: 'bilinmeyen' })],
        totalCount: 2,
        nextCursor: null,
      },
    });
    renderAppAt('/');
    const first = await screen.findByRole('article', { name: 'Soru p1' });
    expect(screen.getByText('2 anket')).toBeTruthy();
    expect(within(first).getByText('3 gün kaldı')).toBeTruthy();
    expect(within(first).getByText('Oyun & Geek')).toBeTruthy();
    expect(within(first).getByText('Deniz Kaya')).toBeTruthy();
    expect(first.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('DK');
    expect(first.querySelector('[data-count="votes"]')?.textContent).toBe('3 oy');
    expect(first.querySelector('[data-count="comments"]')?.textContent).toBe('4 yorum');
    // An unknown category shows the first topic.
    expect(within(screen.getByRole('article', { name: 'Soru p2' })).getByText('Teknoloji & AI')).toBeTruthy();
    // Visitors get the landing section, not the Dost Meclisi banner.
    expect(screen.getByRole('heading', { name: 'Nasıl Çalışır?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hemen Katıl' })).toBeNull();
  });

  it('filters a topic: the heading names it and the list is asked for that category', async () => {
    const { requests } = fakeApi();
    renderAppAt('/kesfet');
    fireEvent.click(screen.getByRole('button', { name: /Müzik & Playlist/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Müzik & Playlist Soruları' })).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((r) => r.search.includes('category=muzik-playlist') && r.search.includes('feed=new'))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('button', { name: /Müzik & Playlist/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('loads the next page with the cursor (infinite scroll, with a button where there is no observer)', async () => {
    const { requests } = fakeApi({
      'GET /api/polls': (_request: Request, url: URL) =>
        url.searchParams.get('cursor') === 'c2'
          ? { polls: [poll('p2')], totalCount: 2, nextCursor: null }
          : { polls: [poll('p1')], totalCount: 2, nextCursor: 'c2' },
    });
    renderAppAt('/kesfet');
    await screen.findByRole('article', { name: 'Soru p1' });
    fireEvent.click(screen.getByRole('button', { name: 'Daha fazla göster' }));
    expect(await screen.findByRole('article', { name: 'Soru p2' })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/polls' && r.search.includes('cursor=c2'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Daha fazla göster' })).toBeNull();
  });

  it('treats an unreachable session as a visitor rather than waiting forever', async () => {
    fakeApi({ 'GET /api/auth/session': () => json({ error: 'service_unavailable', message: 'x' }, 503) });
    renderAppAt('/trending');
    expect(await screen.findByText('0 anket')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it('has an empty state whose button opens poll creation (sign-in first for visitors)', async () => {
    fakeApi();
    const { store } = renderAppAt('/trending');
    expect(await screen.findByText('Burada kimse sormuş bi şey yok henüz')).toBeTruthy();
    expect(screen.getByText('0 anket')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'İlk Soruyu Fırlat' }));
    await waitFor(() => expect(store.getState().ui.dialog).toEqual({ kind: 'signInRequired', reason: 'create' }));
  });

  it('waits for a session still being restored before deciding what the create button opens', async () => {
    let answer!: () => void;
    const restored = new Promise<void>((resolve) => (answer = resolve));
    fakeApi({
      'GET /api/auth/session': async () => {
        await restored;
        return member;
      },
    });
    // No session in the store yet: the app asks for it, as on a fresh page load.
    window.history.replaceState(null, '', '/trending');
    const store = testStore();
    render(<App store={store} />);
    // Clicked before the session answered: a member must not be taken for a visitor.
    fireEvent.click(screen.getAllByRole('button', { name: /Soru Fırlat/ })[0]!);
    await quietFor(50, 'no dialog before the session is restored');
    expect(store.getState().ui.dialog).toBeNull();
    answer();
    await waitFor(() => expect(store.getState().ui.dialog).toEqual({ kind: 'createPoll' }));
  });

  it('shows members the Dost Meclisi banner on / only', async () => {
    fakeApi();
    renderAppAt('/', { user: member });
    expect((await screen.findByRole('link', { name: 'Hemen Katıl' })).getAttribute('href')).toBe('/dost-meclisi');
    cleanup();
    renderAppAt('/kesfet', { user: member });
    await screen.findByText('0 anket');
    expect(screen.queryByRole('link', { name: 'Hemen Katıl' })).toBeNull();
  });

  it('asks a visitor who votes to sign in', async () => {
    fakeApi({ 'GET /api/polls': { polls: [poll('p1')], totalCount: 1, nextCursor: null } });
    renderAppAt('/');
    const card = await screen.findByRole('article', { name: 'Soru p1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Evet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Oy vermek için giriş yapmalısın.')).toBeTruthy();
  });

  it('turns a member’s options into results with one decimal, the choice marked', async () => {
    const { requests } = fakeApi({
      'GET /api/polls': { polls: [poll('p1')], totalCount: 1, nextCursor: null },
      'POST /api/polls/p1/vote': {
        pollId: 'p1',
        voteCounts: { '0': 1, '1': 3 },
        totalVotes: 4,
        hasVoted: true,
        userChoice: 1,
        message: 'Oyun kaydedildi, teşekkürler!',
      },
    });
    renderAppAt('/', { user: member });
    const card = await screen.findByRole('article', { name: 'Soru p1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Hayır' }));
    await waitFor(() => expect(card.querySelector('[data-results]')).not.toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ optionIndex: 1 });
    const chosen = card.querySelector('[data-chosen]')!;
    expect(chosen.textContent).toContain('Hayır');
    expect(chosen.querySelector('[data-percent]')?.textContent).toBe('%75,0');
    expect(card.querySelector('[data-option="0"] [data-percent]')?.textContent).toBe('%25,0');
    expect(card.querySelector('[data-count="votes"]')?.textContent).toBe('4 oy');
  });

  it('likes, comments and reports from a card', async () => {
    const comments = { comments: [], totalCount: 0, nextCursor: null };
    const { requests } = fakeApi({
      'GET /api/polls': { polls: [poll('p1')], totalCount: 1, nextCursor: null },
      'POST /api/polls/p1/like': { pollId: 'p1', liked: true, likesCount: 3 },
      'GET /api/polls/p1/comments': comments,
      'POST /api/polls/p1/comments': () =>
        json(
          {
            id: 'c1',
            pollId: 'p1',
            text: 'Bence evet',
            createdAt: new Date().toISOString(),
            author: { id: 'u1', username: 'ayse', displayName: 'Ayşe Yılmaz', avatarUrl: null },
          },
          201,
        ),
      'POST /api/polls/p1/report': () =>
        json({ reportId: 'r1', message: 'Şikayetin alındı. İnceleyip gerekeni yapacağız, teşekkürler!' }, 201),
    });
    renderAppAt('/', { user: member });
    const card = await screen.findByRole('article', { name: 'Soru p1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Beğen, 2 beğeni' }));
    await waitFor(() => expect(card.querySelector('[data-count="likes"]')?.textContent).toBe('3'));
    expect(
      within(card).getByRole('button', { name: 'Beğenmekten vazgeç, 3 beğeni' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(within(card).getByRole('button', { name: 'Yorum yap' }));
    expect(await within(card).findByText('Henüz yorum yok. İlk yorumu sen yaz!')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Gönder' }));
    expect(within(card).getByText('Yorum boş olamaz')).toBeTruthy();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Yorumun' }), { target: { value: 'Bence evet' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Gönder' }));
    expect(await within(card).findByText('Bence evet', { selector: '[data-comment] p' })).toBeTruthy();
    expect(card.querySelector('[data-count="comments"]')?.textContent).toBe('5 yorum');

    fireEvent.click(within(card).getByRole('button', { name: 'Şikayet Et' }));
    const report = await screen.findByRole('dialog', { name: 'Şikayet Et' });
    fireEvent.click(within(report).getByRole('button', { name: 'Gönder' }));
    expect(within(report).getByText('Şikayet nedeni gerekli')).toBeTruthy();
    fireEvent.click(within(report).getByRole('radio', { name: 'Yanıltıcı içerik' }));
    fireEvent.click(within(report).getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Şikayetin alındı')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/polls/p1/report')?.body).toEqual({
      reason: 'Yanıltıcı içerik',
      description: null,
    });
  });

  it('shows a friends poll as the friends card: avatars, x/y, whole percentages and Grup Analizi', async () => {
    // The answer names the 5 who voted and 3 who have not that the card shows, and counts all 20 (12 voted).
    const friends = Array.from({ length: 8 }, (_, i) => ({
      id: `f${i}`,
      username: `arkadas${i}`,
      displayName: `Arkadaş ${i}`,
      avatarUrl: null,
      hasVoted: i < 5,
    }));
    const friendsPoll = poll('p3', {
      type: 'friends',
      friends,
      friendsCount: 20,
      friendsVotedCount: 12,
      hasVoted: true,
      userChoice: 0,
      options: [
        { id: 0, text: 'Evet', votes: 1 },
        { id: 1, text: 'Hayır', votes: 2 },
      ],
      expiresAt: new Date(Date.now() + 5 * 3_600_000 + 30 * 60_000 + 30_000).toISOString(),
    });
    fakeApi({ 'GET /api/polls': { polls: [friendsPoll], totalCount: 1, nextCursor: null } });
    renderAppAt('/dost-meclisi', { user: member });
    const card = await screen.findByRole('article', { name: 'Soru p3' });
    expect(card.getAttribute('data-poll-type')).toBe('friends');
    expect(within(card).getByText('5 saat 30 dk kaldı')).toBeTruthy();
    const voted = card.querySelector('[data-friends="voted"]')!;
    expect(voted.querySelectorAll('[role="img"]')).toHaveLength(5);
    expect(voted.textContent).toContain('+7');
    const waiting = card.querySelector('[data-friends="waiting"]')!;
    expect(waiting.querySelectorAll('[role="img"]')).toHaveLength(3);
    expect(waiting.textContent).toContain('+5');
    expect(card.querySelector('[data-friends="tally"]')?.textContent).toBe('12/20 oy verdi');
    expect(card.querySelector('[data-chosen] [data-percent]')?.textContent).toBe('%33');
    expect(within(card).getByRole('button', { name: 'Grup Analizi' })).toBeTruthy();
  });
});

describe('Dost Meclisi card before the vote', () => {
  it('tells the voter that friends will see the vote, and shows no split until they voted', async () => {
    const circle = poll('p4', {
      type: 'friends',
      friends: [{ id: 'f1', username: 'arkadas1', displayName: 'Arkadaş 1', avatarUrl: null, hasVoted: true }],
      options: [
        { id: 0, text: 'Evet', votes: 0 },
        { id: 1, text: 'Hayır', votes: 0 },
      ],
      totalVotes: 1,
    });
    fakeApi({ 'GET /api/polls': { polls: [circle], totalCount: 1, nextCursor: null } });
    renderAppAt('/dost-meclisi', { user: member });
    const card = await screen.findByRole('article', { name: 'Soru p4' });
    const note = card.querySelector('[data-friends="vote-visible"]');
    expect(note?.textContent).toContain('Dost Meclisi anketlerinde oyun arkadaşlarına görünür');
    expect(card.querySelector('[data-percent]')).toBeNull();
    expect((within(card).getByRole('button', { name: 'Evet' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('counts the viewer’s vote among the friends who voted, named on the card or not', async () => {
    const waiting = (id: string) => ({ id, username: id, displayName: null, avatarUrl: null, hasVoted: false });
    const named = poll('p6', {
      type: 'friends',
      friends: [waiting('u1'), waiting('f2')],
      friendsCount: 10,
      friendsVotedCount: 4,
      totalVotes: 4,
    });
    const unnamed = poll('p7', {
      type: 'friends',
      friends: [waiting('f2')],
      friendsCount: 10,
      friendsVotedCount: 4,
      totalVotes: 4,
    });
    const answer = (pollId: string) => ({
      pollId,
      voteCounts: { '0': 5, '1': 0 },
      totalVotes: 5,
      hasVoted: true,
      userChoice: 0,
      message: 'ok',
    });
    fakeApi({
      'GET /api/polls': { polls: [named, unnamed], totalCount: 2, nextCursor: null },
      'POST /api/polls/p6/vote': answer('p6'),
      'POST /api/polls/p7/vote': answer('p7'),
    });
    renderAppAt('/dost-meclisi', { user: member });
    for (const id of ['p6', 'p7']) {
      const card = await screen.findByRole('article', { name: `Soru ${id}` });
      expect(card.querySelector('[data-friends="tally"]')?.textContent).toBe('4/10 oy verdi');
      fireEvent.click(within(card).getByRole('button', { name: 'Evet' }));
      await waitFor(() => expect(card.querySelector('[data-friends="tally"]')?.textContent).toBe('5/10 oy verdi'));
      const waitingRow = card.querySelector('[data-friends="waiting"]')!;
      // Named: the viewer's avatar moves to the voted row; either way 5 of the other 10 are still to vote.
      expect(waitingRow.querySelectorAll('[role="img"]')).toHaveLength(1);
      expect(waitingRow.textContent).toContain('+4');
    }
  });

  it('follows the live counts once the server holds the vote, not while it is on its way (a refusal is final)', async () => {
    const circle = poll('p8', { type: 'friends', friends: [], totalVotes: 1 });
    let answerVote = (_: Response) => {};
    fakeApi({
      'GET /api/polls': { polls: [circle], totalCount: 1, nextCursor: null },
      'POST /api/polls/p8/vote': () => new Promise<Response>((resolve) => (answerVote = resolve)),
    });
    const socket = new FakeSocket();
    renderAppAt('/dost-meclisi', { user: member, socket });
    act(() => socket.open());
    const card = await screen.findByRole('article', { name: 'Soru p8' });
    const followed = () =>
      socket.sentEvents('subscribe_polls').some((s) => (s as { pollIds?: string[] }).pollIds?.includes('p8'));
    fireEvent.click(within(card).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(card.querySelector('[data-chosen]')).toBeTruthy());
    await act(() => quietFor(50, 'no live counts followed while the vote is on its way'));
    expect(followed()).toBe(false);
    answerVote(
      json({
        pollId: 'p8',
        voteCounts: { '0': 2, '1': 0 },
        totalVotes: 2,
        hasVoted: true,
        userChoice: 0,
        message: 'ok',
      }),
    );
    await waitFor(() => expect(followed()).toBe(true));
  });

  it('drops the note once the viewer has voted', async () => {
    const voted = poll('p5', { type: 'friends', friends: [], hasVoted: true, userChoice: 1 });
    fakeApi({ 'GET /api/polls': { polls: [voted], totalCount: 1, nextCursor: null } });
    renderAppAt('/dost-meclisi', { user: member });
    const card = await screen.findByRole('article', { name: 'Soru p5' });
    expect(card.querySelector('[data-friends="vote-visible"]')).toBeNull();
    expect(card.querySelector('[data-chosen] [data-percent]')).toBeTruthy();
  });
});

describe('poll creation dialog', () => {
  it('shows the validation texts of the spec', () => {
    fakeApi();
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog', { name: 'Kafa Açalım' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(within(dialog).getByText('Bi soru sormadan olmaz')).toBeTruthy();
    expect(within(dialog).getByText('Kategori seçimi gerekli')).toBeTruthy();
    expect(within(dialog).getByText('En az 2 tane şık olması lazım')).toBeTruthy();
  });

  it('offers shareable only with public, and choosing private clears it', () => {
    fakeApi();
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    const shareable = within(dialog).getByRole('switch', { name: 'Paylaşılabilir link' });
    fireEvent.click(shareable);
    expect(shareable.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Özel/ }));
    expect(within(dialog).queryByRole('switch', { name: 'Paylaşılabilir link' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Herkese Açık/ }));
    expect(within(dialog).getByRole('switch', { name: 'Paylaşılabilir link' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('adds options up to 6 and removes them down to 2, with a counter on the title', () => {
    fakeApi();
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /şıkkı kaldır/ })).toBeNull();
    for (let i = 0; i < 4; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Şık ekle' }));
    expect(within(dialog).getAllByRole('textbox', { name: /\d\. şık$/ })).toHaveLength(6);
    expect(within(dialog).queryByRole('button', { name: 'Şık ekle' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: /şıkkı kaldır/ })).toHaveLength(6);
    fireEvent.click(within(dialog).getByRole('button', { name: '6. şıkkı kaldır' }));
    expect(within(dialog).getByRole('button', { name: 'Şık ekle' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), { target: { value: 'Merhaba' } });
    expect(within(dialog).getByText('7/200')).toBeTruthy();
  });

  it('starts over when it is closed and opened again', () => {
    fakeApi();
    const { store } = openCreatePollDialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'Soru' }), { target: { value: 'Yarım kalan soru' } });
    act(() => {
      store.dispatch(dialogClosed());
    });
    act(() => {
      store.dispatch(dialogOpened({ kind: 'createPoll' }));
    });
    expect((screen.getByRole('textbox', { name: 'Soru' }) as HTMLInputElement).value).toBe('');
  });

  it('posts a normal poll with its options as a JSON string and says Başarılı!', async () => {
    const { requests } = fakeApi({ 'POST /api/polls': (_: Request) => json(poll('new'), 201) });
    const { store } = openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), {
      target: { value: '  Kahve mi çay mı? ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Ne Yesek/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '1. şık' }), { target: { value: 'Kahve' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '2. şık' }), { target: { value: 'Çay' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(await screen.findByText('Sorun fırlatıldı, artık herkes görebilir!')).toBeTruthy();
    expect(screen.getByText('Başarılı!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls',
      body: {
        title: 'Kahve mi çay mı?',
        description: null,
        category: 'yemek-mekan',
        type: 'public',
        options: '["Kahve","Çay"]',
        durationHours: 24,
      },
    });
    expect(store.getState().ui.dialog).toBeNull();
  });

  it('posts a shareable poll with an array and shows its link, closed with Tamam', async () => {
    const { requests } = fakeApi({
      'POST /api/polls/shareable': () =>
        json(
          {
            shareUrl: 'http://localhost:3000/s/AbCdEfGhIj',
            poll: poll('s1', { isShareable: true, shortUrl: 'AbCdEfGhIj' }),
          },
          201,
        ),
    });
    const { store } = openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('radiogroup', { name: 'Kimler oy verebilir?' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Paylaşılabilir link' }));
    // The share-link vote rule, like StrawPoll's: per browser by default, per IP, or members only.
    const modes = within(dialog).getByRole('radiogroup', { name: 'Kimler oy verebilir?' });
    expect(
      within(modes)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.querySelector('strong')?.textContent),
    ).toEqual(['Tarayıcı başına', 'IP başına', 'Yalnızca üyeler']);
    expect(
      within(modes)
        .getByRole('radio', { name: /Tarayıcı başına/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(modes).getByRole('radio', { name: /IP başına/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), { target: { value: 'Deniz mi dağ mı?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Keşfet \(Seyahat\)/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '1. şık' }), { target: { value: 'Deniz' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '2. şık' }), { target: { value: 'Dağ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    const share = await screen.findByRole('dialog', { name: 'Paylaşılabilir link hazır!' });
    expect((within(share).getByRole('textbox', { name: 'Anket bağlantısı' }) as HTMLInputElement).value).toBe(
      'http://localhost:3000/s/AbCdEfGhIj',
    );
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls/shareable',
      body: { options: ['Deniz', 'Dağ'], shareVoteMode: 'ip' },
    });
    fireEvent.click(within(share).getByRole('button', { name: 'Tamam' }));
    expect(store.getState().ui.dialog).toBeNull();
  });

  it('tells a signed-out user Giriş Gerekli instead of posting', async () => {
    const { requests } = fakeApi();
    openCreatePollDialog(null as never);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(await screen.findByText('Giriş Gerekli')).toBeTruthy();
    expect(screen.getByText('Soru fırlatmak için giriş yapman lazım.', { selector: '[data-toast] *' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says Hata with the server’s message when creation fails', async () => {
    fakeApi({
      'POST /api/polls': () => json({ error: 'validation', message: 'Geçerli bir kategori seçmelisin' }, 400),
    });
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), { target: { value: 'Soru?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Oyun & Geek/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '1. şık' }), { target: { value: 'A' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '2. şık' }), { target: { value: 'B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(await screen.findByText('Hata')).toBeTruthy();
    expect(screen.getByText('Geçerli bir kategori seçmelisin')).toBeTruthy();
  });
});

describe('public share page', () => {
  const shared = poll('p9', { isShareable: true, shortUrl: 'AbCdEfGhIj', category: 'muzik-playlist' });
  const answer = {
    poll: shared,
    creator: shared.creator,
    voteCounts: { '0': 1, '1': 2 },
    hasVoted: false,
    userChoice: null,
  };

  it('shows the poll with its badge, creator, live total, and after voting the results and the feedback', async () => {
    fakeApi({
      'GET /api/s/AbCdEfGhIj': answer,
      'POST /api/s/AbCdEfGhIj/vote': {
        pollId: 'p9',
        voteCounts: { '0': 2, '1': 2 },
        totalVotes: 4,
        hasVoted: true,
        userChoice: 0,
        message: 'Oyun kaydedildi, teşekkürler!',
        feedback: 'Oy verenlerden 2 kişi (%50) bu seçeneği seçti.',
      },
    });
    const { container } = renderAppAt('/s/AbCdEfGhIj');
    expect(await screen.findByRole('heading', { level: 1, name: 'Soru p9' })).toBeTruthy();
    expect(screen.getByText('Müzik')).toBeTruthy();
    expect(screen.getByText('Deniz Kaya sordu')).toBeTruthy();
    expect(container.querySelector('[data-live]')?.textContent).toContain('Canlı');
    expect(container.querySelector('[data-total] strong')?.textContent).toBe('3 oy');
    fireEvent.click(screen.getByRole('button', { name: 'Evet' }));
    expect(await screen.findByText('Oyunuz kaydedildi! 🎉')).toBeTruthy();
    expect(screen.getByText('Oy verenlerden 2 kişi (%50) bu seçeneği seçti.')).toBeTruthy();
    expect(container.querySelector('[data-chosen] [data-percent]')?.textContent).toBe('%50');
    expect(container.querySelector('[data-chosen] [data-votes]')?.textContent).toBe('2 oy');
    expect(container.querySelector('[data-live]')).toBeNull();
  });

  it('tells the rule under the options, and on a members-only link asks a visitor to sign in instead of voting', async () => {
    const membersOnly = { ...answer, poll: { ...shared, shareVoteMode: 'members' as const } };
    const { requests } = fakeApi({ 'GET /api/s/AbCdEfGhIj': membersOnly });
    const { container, store } = renderAppAt('/s/AbCdEfGhIj', { user: null });
    const rule = await waitFor(() => {
      const found = container.querySelector('[data-share-vote-rule="members"]');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(rule.textContent).toContain(
      'Bu ankete yalnızca üyeler oy verebilir. Oy vermek için giriş yap ya da kayıt ol.',
    );
    expect((screen.getByRole('button', { name: 'Evet' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rule as HTMLElement).getByRole('button', { name: 'Giriş Yap' }));
    expect(store.getState().ui.dialog).toEqual({ kind: 'login' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    cleanup();

    fakeApi({ 'GET /api/s/AbCdEfGhIj': { ...answer, poll: { ...shared, shareVoteMode: 'browser' as const } } });
    const view = renderAppAt('/s/AbCdEfGhIj', { user: null });
    await waitFor(() =>
      expect(view.container.querySelector('[data-share-vote-rule="browser"]')?.textContent).toContain(
        'Oy kuralı: tarayıcı başına bir oy',
      ),
    );
    expect((screen.getByRole('button', { name: 'Evet' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says Oy verilemedi with the server’s message when the vote is refused', async () => {
    fakeApi({
      'GET /api/s/AbCdEfGhIj': answer,
      'POST /api/s/AbCdEfGhIj/vote': () => json({ error: 'already_voted', message: 'Bu ankete zaten oy verdin' }, 409),
    });
    renderAppAt('/s/AbCdEfGhIj');
    fireEvent.click(await screen.findByRole('button', { name: 'Hayır' }));
    expect(await screen.findByText('Oy verilemedi')).toBeTruthy();
    expect(screen.getByText('Bu ankete zaten oy verdin')).toBeTruthy();
  });

  it('says Bağlantı hatası when the vote cannot reach the server', async () => {
    fakeApi({
      'GET /api/s/AbCdEfGhIj': answer,
      'POST /api/s/AbCdEfGhIj/vote': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderAppAt('/s/AbCdEfGhIj');
    fireEvent.click(await screen.findByRole('button', { name: 'Hayır' }));
    expect(await screen.findByText('Bağlantı hatası')).toBeTruthy();
    expect(screen.getByText('Oy verme işlemi tamamlanamadı. Tekrar deneyin.')).toBeTruthy();
  });

  it('shows Anket Bulunamadı and its toast for a missing poll, and the load-failure toast otherwise', async () => {
    fakeApi();
    renderAppAt('/s/YokBoyle');
    expect(await screen.findByRole('heading', { name: 'Anket Bulunamadı' })).toBeTruthy();
    expect(screen.getByText('Anket bulunamadı 😔')).toBeTruthy();
    cleanup();
    fakeApi({ 'GET /api/s/Bozuk': () => json({ error: 'internal', message: 'x' }, 500) });
    renderAppAt('/s/Bozuk');
    expect(
      await screen.findByText('Anket yüklenemedi. Lütfen tekrar deneyin.', { selector: '[data-toast] *' }),
    ).toBeTruthy();
  });
});

describe('quick decision widget', () => {
  it('uses the samples when there are no two-option polls, advances 1.5 s after a vote, and ends', async () => {
    fakeApi();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithStore(<QuickDecision />);
    expect(await screen.findByText('Sabah kahvesi mi, sabah çayı mı?')).toBeTruthy();
    expect(screen.getByText('1 / 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Çay' }));
    expect(screen.getByText('Tercihin not edildi!')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1_400);
    });
    expect(screen.getByText('1 / 5')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByText('2 / 5')).toBeTruthy();
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Geç' }));
    expect(screen.getByText('Hepsi bu kadar!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Baştan Başla' }));
    expect(screen.getByText('1 / 5')).toBeTruthy();
  });

  it('votes for real on a real poll for a member', async () => {
    const { requests } = fakeApi({
      'GET /api/polls': { polls: [poll('q1', { title: 'Kedi mi köpek mi?' })], totalCount: 1, nextCursor: null },
      'POST /api/polls/q1/vote': {
        pollId: 'q1',
        voteCounts: { '0': 2, '1': 2 },
        totalVotes: 4,
        hasVoted: true,
        userChoice: 0,
        message: 'ok',
      },
    });
    renderWithStore(<QuickDecision />, { user: member });
    expect(await screen.findByText('Kedi mi köpek mi?')).toBeTruthy();
    expect(screen.getByText('1 / 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Evet' }));
    expect(await screen.findByText('Oyun alındı!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls/q1/vote',
      body: { optionIndex: 0 },
    });
    expect(screen.getAllByText('%50')).toHaveLength(2);
  });

  it('checks the add form: sign-in, both options, and posts a quick question', async () => {
    const { requests } = fakeApi({ 'POST /api/polls/quick': () => json(poll('q2'), 201) });
    const visitor = renderWithStore(<QuickDecision />);
    fireEvent.click(await screen.findByRole('button', { name: 'Yeni Soru Ekle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Soruyu Ekle' }));
    expect(screen.getByText('Soru sormak için giriş yapmalısın.')).toBeTruthy();
    visitor.unmount();

    renderWithStore(
      <>
        <QuickDecision />
        <Toaster />
      </>,
      { user: member },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Yeni Soru Ekle' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Soru' }), { target: { value: 'Pizza mı burger mi?' } });
    fireEvent.change(screen.getByRole('textbox', { name: '1. seçenek' }), { target: { value: 'Pizza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Soruyu Ekle' }));
    expect(screen.getByText('Soruyu ve iki seçeneği de yazman lazım.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '2. seçenek' }), { target: { value: 'Burger' } });
    fireEvent.click(screen.getByRole('button', { name: 'Soruyu Ekle' }));
    expect(await screen.findByText('Sorun eklendi!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/polls/quick',
      body: { question: 'Pizza mı burger mi?', options: ['Pizza', 'Burger'] },
    });
  });
});

describe('notification bell', () => {
  it('caps the badge at 99+ and shows the pulsing dot and Bağlantı Yok while disconnected', async () => {
    fakeApi({ 'GET /api/notifications/unread-count': { count: 120 } });
    renderWithStore(<NotificationBell />, { user: member });
    const bell = await screen.findByRole('button', { name: 'Bildirimler, 99+ okunmamış' });
    expect(bell.querySelector('[data-offline-dot]')).not.toBeNull();
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Bildirimler' });
    expect(within(panel).getByText('Bağlantı Yok')).toBeTruthy();
    expect(within(panel).getByText('Henüz bildirim yok')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Tümünü Okundu İşaretle' })).toBeTruthy();
  });
});

describe('sign-in and registration', () => {
  function dialogs() {
    const view = renderWithStore(
      <>
        <LoginDialog />
        <RegisterDialog />
        <Toaster />
      </>,
    );
    act(() => {
      view.store.dispatch(dialogOpened({ kind: 'login' }));
    });
    return view;
  }

  it('checks the login form, and says Giriş Başarısız with the server’s message', async () => {
    fakeApi({
      'POST /api/login': () => json({ error: 'wrong_credentials', message: 'E-posta ya da şifre hatalı' }, 401),
    });
    dialogs();
    const dialog = screen.getByRole('dialog', { name: 'Giriş Yap' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Giriş Yap' }));
    expect(within(dialog).getByText('E-posta adresi gerekli')).toBeTruthy();
    expect(within(dialog).getByText('Şifre gerekli')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('E-posta'), { target: { value: 'ayse@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Şifre'), { target: { value: 'yanlis' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByText('Giriş Başarısız')).toBeTruthy();
    expect(screen.getByText('E-posta ya da şifre hatalı')).toBeTruthy();
  });

  it('signs in: Giriş Başarılı!, Hoş geldin and the name, the dialog closes and the session is the user', async () => {
    const { requests } = fakeApi({ 'POST /api/login': member });
    const { store } = dialogs();
    const dialog = screen.getByRole('dialog', { name: 'Giriş Yap' });
    fireEvent.change(within(dialog).getByLabelText('E-posta'), { target: { value: ' ayse@example.com ' } });
    fireEvent.change(within(dialog).getByLabelText('Şifre'), { target: { value: 'gizli1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByText('Giriş Başarılı!')).toBeTruthy();
    expect(screen.getByText('Hoş geldin Ayşe Yılmaz')).toBeTruthy();
    expect(store.getState().ui.dialog).toBeNull();
    expect(sessionApi.endpoints.session.select()(store.getState()).data?.id).toBe('u1');
    // The server decides who the user is: the body carries nothing but the credentials.
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'ayse@example.com', password: 'gizli1' });
  });

  it('signs out: the session is gone and, with the logged-out flag, the next start asks the server nothing', async () => {
    const { requests } = fakeApi({ 'POST /api/logout': { message: 'Çıkış yapıldı' } });
    renderWithStore(
      <>
        <Header />
        <Toaster />
      </>,
      { user: member },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Çıkış Yap' }));
    expect(await screen.findByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Dost Meclisi' })).toBeNull();
    expect(localStorage.getItem('loggedOut')).toBe('true');
    const next = testStore({ user: undefined });
    const session = await next.dispatch(sessionApi.endpoints.session.initiate());
    expect(session.data).toBeNull();
    expect(requests.filter((r) => r.path === '/api/auth/session')).toHaveLength(0);

    // Signing in again clears the flag.
    fakeApi({ 'POST /api/login': member });
    await next.dispatch(sessionApi.endpoints.login.initiate({ email: 'ayse@example.com', password: 'gizli1' }));
    expect(localStorage.getItem('loggedOut')).toBeNull();
  });

  it('switches between login and registration, one dialog closing as the other opens', () => {
    fakeApi();
    const { store } = dialogs();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kayıt Ol' }));
    expect(store.getState().ui.dialog).toEqual({ kind: 'register' });
    const register = screen.getByRole('dialog', { name: 'Kayıt Ol' });
    expect(within(register).getByLabelText('Kullanıcı adı')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(within(register).getByRole('button', { name: 'Giriş Yap' }));
    expect(store.getState().ui.dialog).toEqual({ kind: 'login' });
  });

  it('registers: all five fields, matching passwords, then the e-mail-sent state with a home button', async () => {
    const { requests } = fakeApi({
      'POST /api/register': () => json({ message: 'Kayıt başarılı! E-postanı kontrol et.' }, 201),
    });
    const { store } = dialogs();
    act(() => {
      store.dispatch(dialogOpened({ kind: 'register' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Kayıt Ol' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Kullanıcı adı', 'ayse');
    fill('E-posta', 'ayse@example.com');
    fill('Görünen ad', 'Ayşe');
    fill('Şifre', 'gizli1');
    fill('Şifre (tekrar)', 'gizli2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kayıt Ol' }));
    expect(within(dialog).getByText('Şifreler eşleşmiyor!')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fill('Şifre (tekrar)', 'gizli1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kayıt Ol' }));
    expect(await within(dialog).findByText('E-postanı kontrol et')).toBeTruthy();
    expect(within(dialog).getByText(/24 saat geçerlidir/)).toBeTruthy();
    expect(screen.getByText('Kayıt Başarılı!')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).toBe('/');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'ayse',
      email: 'ayse@example.com',
      displayName: 'Ayşe',
      password: 'gizli1',
    });
  });

  it('says Kayıt Başarısız with the server’s message', async () => {
    fakeApi({
      'POST /api/register': () => json({ error: 'username_taken', message: 'Bu kullanıcı adı alınmış' }, 409),
    });
    renderAppAt('/register');
    // The registration screen is loaded lazily.
    fireEvent.change(await screen.findByLabelText('Kullanıcı adı'), { target: { value: 'ayse' } });
    fireEvent.change(screen.getByLabelText('E-posta'), { target: { value: 'ayse@example.com' } });
    fireEvent.change(screen.getByLabelText('Görünen ad'), { target: { value: 'Ayşe' } });
    fireEvent.change(screen.getByLabelText('Şifre'), { target: { value: 'gizli1' } });
    fireEvent.change(screen.getByLabelText('Şifre (tekrar)'), { target: { value: 'gizli1' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Kayıt Ol' })).getByRole('button', { name: 'Kayıt Ol' }));
    expect(await screen.findByText('Kayıt Başarısız')).toBeTruthy();
    expect(screen.getByText('Bu kullanıcı adı alınmış')).toBeTruthy();
  });
});
