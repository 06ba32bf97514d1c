// @vitest-environment jsdom
/**
 * Counts and time left as Turkish reads them on the screens: grouped counts ('12.345 oy', the profile's 'Oylarım
 * (12.345)'), time left in days, hours and minutes ('6 gün 23 saat kaldı', never '167s 53dk'), each feed screen under
 * its own heading, failures in Turkish; and every text of the catalogue that prints a count, grouped the same way.
 */
import type { Poll } from '@meydan/proto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeopleList } from '../src/features/follow/FollowersDialog';
import { ProfileTabs } from '../src/features/profile/ProfileTabs';
import { othersTabs, ownTabs } from '../src/features/profile/tabs';
import { tr } from '../src/i18n/tr';
import { trAdmin } from '../src/i18n/tr-admin';
import { trInfo } from '../src/i18n/tr-info';
import { trPolls } from '../src/i18n/tr-polls';
import { trProfile } from '../src/i18n/tr-profile';
import { cardTimeLeft } from '../src/lib/time';
import { fakeApi, json, member, renderAppAt, renderWithStore, memberProfile } from './helpers';

const HOUR = 3_600_000;

beforeEach(() => {
  window.scrollTo = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function poll(id: string, overrides: Partial<Poll> = {}): Poll {
  return {
    id,
    title: `Soru ${id}`,
    description: null,
    category: 'oyun-geek',
    type: 'public',
    options: [
      { id: 0, text: 'Evet', votes: 12000 },
      { id: 1, text: 'Hayır', votes: 345 },
    ],
    expiresAt: new Date(Date.now() + 3 * 24 * HOUR + 60_000).toISOString(),
    creatorId: 'u9',
    creator: { id: 'u9', username: 'deniz', displayName: 'Deniz Kaya', avatarUrl: null },
    isShareable: false,
    shortUrl: null,
    createdAt: new Date().toISOString(),
    totalVotes: 12345,
    votesCount: 12345,
    publicVotesCount: 0,
    likesCount: 2500,
    commentsCount: 1200,
    shareCount: 0,
    isLiked: false,
    hasVoted: false,
    userChoice: null,
    ...overrides,
  };
}

describe('Turkish formatting on the screens', () => {
  it('groups a card’s votes, comments and likes and the feed’s count', async () => {
    fakeApi({ 'GET /api/polls': { polls: [poll('p1')], totalCount: 12345, nextCursor: null } });
    renderAppAt('/');
    const card = await screen.findByRole('article', { name: 'Soru p1' });
    expect(screen.getByText('12.345 anket')).toBeTruthy();
    expect(card.querySelector('[data-count="votes"]')?.textContent).toBe('12.345 oy');
    expect(card.querySelector('[data-count="comments"]')?.textContent).toBe('1.200 yorum');
    expect(card.querySelector('[data-count="likes"]')?.textContent).toBe('2.500');
    expect(within(card).getByRole('button', { name: /2\.500 beğeni$/ })).toBeTruthy();
  });

  it('tells the friends card’s time left in days and hours, and heads Dost Meclisi with its own name', async () => {
    const circle = poll('p2', {
      type: 'friends',
      friends: [],
      friendsCount: 1200,
      friendsVotedCount: 1001,
      expiresAt: new Date(Date.now() + 167 * HOUR + 53 * 60_000 + 30_000).toISOString(),
    });
    fakeApi({ 'GET /api/polls': { polls: [circle], totalCount: 1, nextCursor: null } });
    renderAppAt('/dost-meclisi', { user: member });
    const card = await screen.findByRole('article', { name: 'Soru p2' });
    expect(within(card).getByText('6 gün 23 saat kaldı')).toBeTruthy();
    expect(card.textContent).not.toMatch(/\d+s \d+dk/);
    expect(card.querySelector('[data-friends="tally"]')?.textContent).toBe('1.001/1.200 oy verdi');
    expect(document.getElementById('page-title')?.textContent).toBe('Dost Meclisi');
  });

  it.each([
    ['followers', 'Takipçiler yüklenemedi'],
    ['following', 'Takip edilenler yüklenemedi'],
  ] as const)(
    'says in Turkish when the %s list fails to load, whether the server fails or the network',
    async (direction, text) => {
      fakeApi({ [`GET /api/users/u9/${direction}`]: () => json({ error: 'internal', message: 'x' }, 500) });
      renderWithStore(<PeopleList userId="u9" direction={direction} />);
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      cleanup();
      fakeApi({
        [`GET /api/users/u9/${direction}`]: () => {
          throw new TypeError('Failed to fetch');
        },
      });
      renderWithStore(<PeopleList userId="u9" direction={direction} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(text);
      expect(alert.textContent).not.toMatch(/Failed|fetch/);
    },
  );

  const profile = memberProfile({ pollsCount: 13545, votesCount: 12345 });
  const many = (n: number, overrides: Partial<Poll> = {}) =>
    Array.from({ length: n }, (_, i) => poll(`m${i}`, { creatorId: member.id, ...overrides }));
  const loaded = (data: Poll[]) => ({ data, isError: false, isLoading: false });

  it('groups the counts in the profile’s tabs and its list’s pages: Oylarım (12.345), Sayfa 1 / 1.235', () => {
    fakeApi();
    const polls = loaded([...many(12345), ...many(1200, { isShareable: true })]);
    renderWithStore(
      <ProfileTabs profile={profile} own tabs={ownTabs} tab="anketler" polls={polls} onSelect={() => {}} />,
      { user: member },
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(0, 3)).toEqual(['Anketlerim (12.345)', 'Paylaşılabilir Anketler (1.200)', 'Oylarım (12.345)']);
    expect(screen.getByText('Sayfa 1 / 1.235')).toBeTruthy();
    cleanup();

    renderWithStore(
      <ProfileTabs
        profile={profile}
        own={false}
        tabs={othersTabs}
        tab="takip"
        polls={loaded(many(1001))}
        onSelect={() => {}}
      />,
    );
    expect(screen.getAllByRole('tab')[0]?.textContent).toBe('Anketleri (1.001)');
  });

  it.each([
    ['Oylarım (12.345)', trProfile.profile.withCount(trProfile.profile.tabs.votes, 12345)],
    ['1.200 gün kaldı', cardTimeLeft(new Date(Date.now() + 1200 * 24 * HOUR + 60_000).toISOString())],
    ['1.500 saat kaldı', tr.time.hoursLeft(1500)],
    ['Sayfa 1.000 / 2.500', tr.common.pageOf(1000, 2500)],
    ['1.234/5.000', tr.common.charCount(1234, 5000)],
    ['Lütfen 3.600 saniye sonra tekrar dene.', tr.poll.voteRetryIn(3600)],
    ['Son 1.000 gün', trAdmin.admin.trend.title(1000)],
    ['Sayfa 1.500 / 2.500', trAdmin.admin.pages.position(1500, 2500)],
    ['1.000 dk okuma', trInfo.info.blog.readTime(1000)],
    ['En fazla 1.000 seçenek', trPolls.create.maxChoices(1000)],
    ['En fazla 1.000 seçenek işaretleyebilirsin.', trPolls.ballot.hint(1000)],
    ['1.000/2.000 seçenek işaretlendi', trPolls.ballot.count(1000, 2000)],
  ])('prints %s, grouped', (grouped, text) => {
    expect(text).toBe(grouped);
  });
});
