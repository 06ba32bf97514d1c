// @vitest-environment jsdom
import { heldTexts, type Poll, type PollComment, type UserProfile } from '@meydan/proto';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardHead } from '../src/features/polls/cardParts';
import { CommentsThread } from '../src/features/polls/CommentsThread';
import { tr } from '../src/i18n/tr';
import { fakeApi, member, renderAppAt, renderWithStore, memberProfile } from './helpers';
import { testPoll } from './pollFixture';

/* The author's notices on what the word filter holds for review: a poll, a comment, a display name or bio. */

beforeEach(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const poll = (over: Partial<Poll> = {}): Poll =>
  testPoll('p1', [0, 0], {
    title: 'Kiro modası geri mi?',
    category: 'serbest-kursu',
    options: [
      { id: 0, text: 'Evet', votes: 0 },
      { id: 1, text: 'Hayır', votes: 0 },
    ],
    creatorId: member.id,
    creator: { id: member.id, username: member.username, displayName: member.displayName, avatarUrl: null },
    isShareable: false,
    shortUrl: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    ...over,
  });

describe('held for review: the author’s notices', () => {
  it('says so on a held poll’s card only, in the services’ words', () => {
    expect(tr.poll.held).toBe(heldTexts.notice);
    renderWithStore(<CardHead poll={poll({ held: true })} />, { user: member });
    expect(screen.getByRole('note').textContent).toBe(heldTexts.notice);
    cleanup();
    renderWithStore(<CardHead poll={poll()} />, { user: member });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says so under the author’s held comment, not under the others', async () => {
    const comments: PollComment[] = [
      {
        id: 'c1',
        pollId: 'p1',
        text: 'Tam bir kiro sorusu',
        createdAt: '2026-11-28T10:05:00.000Z',
        author: { id: member.id, username: member.username, displayName: member.displayName, avatarUrl: null },
        held: true,
      },
      {
        id: 'c2',
        pollId: 'p1',
        text: 'Güzel soru',
        createdAt: '2026-11-28T10:04:00.000Z',
        author: { id: 'u7', username: 'mert', displayName: 'Mert', avatarUrl: null },
      },
    ];
    fakeApi({ 'GET /api/polls/p1/comments': { comments, totalCount: 2, nextCursor: null } });
    renderWithStore(<CommentsThread pollId="p1" />, { user: member });
    await screen.findByText('Tam bir kiro sorusu');
    const notes = screen.getAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual([heldTexts.notice]);
    expect(notes[0]!.closest('li')!.textContent).toContain('Tam bir kiro sorusu');
  });

  it('shows a display name waiting for review in settings, and says so when a save is held', async () => {
    const profile = memberProfile({ bio: 'Merhaba', email: member.email });
    // The server keeps the held bio apart: the profile keeps the old one and, to the member, says what waits.
    let current: UserProfile = profile;
    fakeApi({
      'GET /api/auth/session': member,
      'GET /api/users/u1': () => current,
      'GET /api/tokens': { tokens: [] },
      'GET /api/users/me/settings': {
        isProfilePublic: true,
        followRequestsEnabled: true,
        notifyVotes: true,
        notifyLikes: true,
        notifyComments: true,
        notifyPollResults: true,
      },
      'GET /api/users/me/blocks': [],
      'GET /api/users/me/mutes': [],
      'PATCH /api/users/u1/profile': () => {
        current = { ...profile, pendingProfile: { bio: 'Tam bir kiro' } };
        return current;
      },
    });
    renderAppAt('/ayarlar', { user: member });
    fireEvent.change(await screen.findByLabelText('Biyografi'), { target: { value: 'Tam bir kiro' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Değişiklikleri Kaydet' }));
    });
    expect((await screen.findAllByText(heldTexts.profileNotice)).length).toBeGreaterThan(0);
    expect(await screen.findByText('Bekleyen "hakkında" metni: Tam bir kiro')).toBeTruthy();
  });
});
