// @vitest-environment jsdom
/**
 * Counts and time left as Turkish reads them on the screens: grouped counts ('12.345 oy'), time left in days, hours
 * and minutes ('6 gün 23 saat kaldı', never '167s 53dk'), each feed screen under its own heading, failures in Turkish.
 */
import type { Poll } from '@meydan/proto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeopleList } from '../src/features/follow/FollowersDialog';
import { fakeApi, json, member, renderAppAt, renderWithStore } from './helpers';

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
  ] as const)('says in Turkish when the %s list fails to load, whether the server fails or the network', async (direction, text) => {
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
  });
});
