import { topics, type Poll } from '@meydan/proto';
import { describe, expect, it } from 'vitest';
import { canAddOption, canRemoveOption, draftBody, emptyDraft, withType } from '../src/features/create-poll/draft';
import { unreadBadge } from '../src/features/notifications/notificationsApi';
import { friendsCircle, friendsRow, groupAnalysisAvailable } from '../src/features/polls/FriendsPollCard';
import { pollShareUrl } from '../src/features/polls/share';
import { quickQuestionsFrom, sampleQuestions, withLocalVote } from '../src/features/quick-decision/quickQuestions';
import { registrationErrors } from '../src/features/session/RegisterForm';
import { avatarColor, avatarPalette, initialsOf, leadingLettersOf, nameOf } from '../src/lib/avatar';
import { feedCategory, pageBadge, profileCategory } from '../src/lib/categories';
import { cardPercent, formatPercent, percentOf, wholePercent } from '../src/lib/percent';
import { applyCounts, normalizeOptions, normalizePoll, votesFromCounts } from '../src/lib/polls';
import { cardTimeLeft, isOpen, relativeTime } from '../src/lib/time';
import { formatDuration, shortTimeLeft } from '../src/lib/duration';
import { formatCount } from '../src/lib/format';
import { tr } from '../src/i18n/tr';
import { testPoll } from './pollFixture';

const NOW = Date.parse('2025-03-05T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW + ms).toISOString();

function poll(overrides: Partial<Poll> = {}): Poll {
  return testPoll('p1', [1, 2], {
    title: 'Soru',
    category: 'oyun-geek',
    options: [
      { id: 0, text: 'A', votes: 1 },
      { id: 1, text: 'B', votes: 2 },
    ],
    creatorId: 'u1',
    creator: { id: 'u1', username: 'ayse', displayName: 'Ayşe', avatarUrl: null },
    isShareable: false,
    shortUrl: null,
    createdAt: at(-HOUR),
    ...overrides,
  });
}

describe('time left on a card', () => {
  it.each([
    [-1, 'Süresi dolmuş'],
    [0, 'Süresi dolmuş'],
    [DAY, '1 gün kaldı'],
    [3 * DAY + 5 * HOUR, '3 gün kaldı'],
    [DAY - 1, '23 saat kaldı'],
    [HOUR, '1 saat kaldı'],
    [HOUR - 1, '1 saatten az'],
    [MINUTE, '1 saatten az'],
  ])('%i ms before expiry reads %s', (left, text) => {
    expect(cardTimeLeft(at(left), NOW)).toBe(text);
  });

  it('says Süresiz for a poll without expiry, which is always open', () => {
    expect(cardTimeLeft(null, NOW)).toBe('Süresiz');
    expect(isOpen(null, NOW)).toBe(true);
    expect(isOpen(at(1), NOW)).toBe(true);
    expect(isOpen(at(0), NOW)).toBe(false);
  });
});

describe('time left on the friends card and in the creation dialog, in days, hours and minutes', () => {
  it.each([
    [5 * HOUR + 30 * MINUTE, '5 saat 30 dk kaldı'],
    [48 * HOUR, '2 gün kaldı'],
    [167 * HOUR + 53 * MINUTE, '6 gün 23 saat kaldı'],
    [59 * MINUTE + 59_000, '59 dk kaldı'],
    [53 * MINUTE, '53 dk kaldı'],
    [30_000, '1 dakikadan az kaldı'],
    [0, 'Süre doldu'],
    [-HOUR, 'Süre doldu'],
  ])('%i ms left reads %s', (left, text) => {
    expect(shortTimeLeft(at(left), NOW)).toBe(text);
  });

  it('accepts a timestamp (the dialog previews now + duration)', () => {
    expect(shortTimeLeft(NOW + 24 * HOUR, NOW)).toBe('1 gün kaldı');
  });
});

describe('durations in Turkish', () => {
  it.each([
    [DAY + HOUR + MINUTE, '1 gün 1 saat'],
    [400 * DAY + 5 * HOUR, '400 gün 5 saat'],
    [1500 * DAY, '1.500 gün'],
    [HOUR, '1 saat'],
    [2 * HOUR + 5 * MINUTE + 59_000, '2 saat 5 dk'],
    [MINUTE, '1 dk'],
    [59_999, '1 dakikadan az'],
    [0, '1 dakikadan az'],
  ])('%i ms reads %s, never "s" for hours', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(formatDuration(ms)).not.toMatch(/\d+s\b/);
  });
});

describe('counts in Turkish', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1234, '1.234'],
    [12345, '12.345'],
    [1_234_567, '1.234.567'],
  ])('%i reads %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('groups the counts of the catalogue’s texts', () => {
    expect(tr.poll.votes(12345)).toBe('12.345 oy');
    expect(tr.poll.comments(1000)).toBe('1.000 yorum');
    expect(tr.poll.likeButton('Beğen', 2500)).toBe('Beğen, 2.500 beğeni');
    expect(tr.feed.count(1200)).toBe('1.200 anket');
  });
});

describe('relative time in Turkish', () => {
  it.each([
    [-10_000, 'şimdi'],
    [-5 * MINUTE, '5 dakika önce'],
    [-3 * HOUR, '3 saat önce'],
    [-DAY, 'dün'],
    [-3 * DAY, '3 gün önce'],
    [-14 * DAY, '2 hafta önce'],
  ])('%i ms ago reads %s', (diff, text) => {
    expect(relativeTime(at(diff), NOW)).toBe(text);
  });
});

describe('percentages', () => {
  it('have one decimal on poll cards and are whole on the public page and friends card', () => {
    expect(percentOf(1, 3, 1)).toBe(33.3);
    expect(percentOf(2, 3, 1)).toBe(66.7);
    expect(percentOf(2, 3, 0)).toBe(67);
    expect(cardPercent(1, 3)).toEqual({ value: 33.3, label: '%33,3' });
    expect(cardPercent(1, 1).label).toBe('%100,0');
    expect(wholePercent(1, 3)).toEqual({ value: 33, label: '%33' });
    expect(formatPercent(50, 0)).toBe('%50');
  });

  it('are 0 when nobody voted', () => {
    expect(percentOf(0, 0, 1)).toBe(0);
    expect(cardPercent(0, 0).label).toBe('%0,0');
  });
});

describe('avatars', () => {
  it('use up to two initials, upper-cased the Turkish way', () => {
    expect(initialsOf('ayşe yılmaz')).toBe('AY');
    expect(initialsOf('ibrahim')).toBe('İ');
    expect(initialsOf('  Çağla  Işık  Öztürk ')).toBe('ÇI');
    expect(initialsOf('@deniz')).toBe('D');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });

  it("on the welcome card are the name's first two letters, upper-cased the Turkish way", () => {
    expect(leadingLettersOf('ibrahim')).toBe('İB');
    expect(leadingLettersOf('Çağla Işık')).toBe('ÇA');
    expect(leadingLettersOf('ıi')).toBe('Iİ');
    expect(leadingLettersOf('@d')).toBe('D');
    expect(leadingLettersOf(' - ')).toBe('?');
  });

  it('get a colour from the name: always the same one, from the palette', () => {
    expect(avatarColor('Ayşe Yılmaz')).toBe(avatarColor('Ayşe Yılmaz'));
    expect(avatarPalette).toContain(avatarColor('Ayşe Yılmaz'));
    const colours = new Set(['ayse', 'mert', 'deniz', 'zeynep', 'can', 'elif', 'burak', 'selin'].map(avatarColor));
    expect(colours.size).toBeGreaterThan(3);
  });

  it('show the display name, falling back to the username', () => {
    expect(nameOf({ displayName: 'Ayşe', username: 'ayse' })).toBe('Ayşe');
    expect(nameOf({ displayName: null, username: 'ayse' })).toBe('ayse');
    expect(nameOf({ displayName: '  ', username: 'ayse' })).toBe('ayse');
  });
});

describe('categories', () => {
  it('show a topic on the feed, with its colour', () => {
    const look = feedCategory('muzik-playlist');
    expect(look).toEqual({
      slug: 'muzik-playlist',
      label: 'Müzik & Playlist',
      color: '#10b981',
      topic: 'muzik-playlist',
    });
  });

  it('fall back to the first topic on the feed for an unknown category; genel keeps its badge', () => {
    expect(feedCategory('uydurma').slug).toBe(topics[0].slug);
    expect(feedCategory(null).label).toBe('Teknoloji & AI');
    expect(feedCategory('genel')).toEqual({ slug: 'genel', label: 'Genel', color: '#6b7280', topic: null });
  });

  it("on the profile wear the profile's category colours, named as on the feed", () => {
    expect(profileCategory('spor')).toMatchObject({ color: '#22c55e' });
    expect(profileCategory('yaşam').color).toBe('#ec4899');
    expect(profileCategory('eglence').color).toBe('#8b5cf6');
    expect(profileCategory('muzik-playlist')).toEqual({ ...feedCategory('muzik-playlist'), color: '#10b981' });
    expect(profileCategory('teknoloji-ai').color).toBe('#3b82f6');
    expect(profileCategory('uydurma').color).toBe('#6b7280');
  });

  it('map to a badge on the public page; unknown is genel, the misspelt teknologi has a colour', () => {
    expect(pageBadge('film-dizi-anime').label).toBe('Film & Dizi');
    expect(pageBadge('yasam').label).toBe('Yaşam');
    expect(pageBadge('teknologi').color).toBe('#3b82f6');
    expect(pageBadge('uydurma').slug).toBe('genel');
  });
});

describe('poll options from the server', () => {
  it('keeps option objects, and gives texts (array or JSON string) positional ids and zero votes', () => {
    expect(normalizeOptions([{ id: 0, text: 'A', votes: 4 }])).toEqual([{ id: 0, text: 'A', votes: 4 }]);
    expect(normalizeOptions(['A', 'B'])).toEqual([
      { id: 0, text: 'A', votes: 0 },
      { id: 1, text: 'B', votes: 0 },
    ]);
    expect(normalizeOptions('["Evet","Hayır"]').map((o) => o.text)).toEqual(['Evet', 'Hayır']);
  });

  it('become empty when they cannot be parsed', () => {
    expect(normalizeOptions('{bozuk')).toEqual([]);
    expect(normalizeOptions(42)).toEqual([]);
    expect(normalizePoll({ ...poll(), options: 'değil-json' as never }).options).toEqual([]);
  });

  it('fill the viewer fields a list may leave out', () => {
    const raw = { ...poll(), hasVoted: undefined, isLiked: undefined, userChoice: undefined } as unknown as Poll;
    const normal = normalizePoll(raw);
    expect([normal.hasVoted, normal.isLiked, normal.userChoice]).toEqual([false, false, null]);
  });

  it('take live counts (poll_update, a vote answer) into a poll', () => {
    const target = poll();
    applyCounts(target, { voteCounts: { '0': 5, '1': 7 }, totalVotes: 12, likesCount: 3 });
    expect(target.options.map((o) => o.votes)).toEqual([5, 7]);
    expect([target.totalVotes, target.votesCount, target.likesCount, target.commentsCount]).toEqual([12, 12, 3, 0]);
    expect(votesFromCounts({ '1': 2 }, 3)).toEqual([0, 2, 0]);
  });
});

describe('poll creation rules', () => {
  it('starts with two empty options, 24 hours, public and not shareable', () => {
    expect(emptyDraft()).toMatchObject({ type: 'public', shareable: false, options: ['', ''], durationHours: 24 });
  });

  it('clears the shareable flag when private or friends is chosen', () => {
    const shareable = { ...emptyDraft(), shareable: true };
    expect(withType(shareable, 'private').shareable).toBe(false);
    expect(withType(shareable, 'friends').shareable).toBe(false);
    expect(withType(shareable, 'public').shareable).toBe(true);
  });

  it('offers remove only above 2 options and add only below 6', () => {
    expect(canRemoveOption(['a', 'b'])).toBe(false);
    expect(canRemoveOption(['a', 'b', 'c'])).toBe(true);
    expect(canAddOption(['a', 'b', 'c', 'd', 'e'])).toBe(true);
    expect(canAddOption(['a', 'b', 'c', 'd', 'e', 'f'])).toBe(false);
  });

  it('sends trimmed texts, drops blank options, and a null description when there is none', () => {
    const body = draftBody({
      ...emptyDraft(),
      title: '  Soru? ',
      description: ' ',
      category: 'oyun-geek',
      options: [' A ', '', 'B'],
    });
    expect(body).toEqual({
      title: 'Soru?',
      description: null,
      category: 'oyun-geek',
      type: 'public',
      options: ['A', 'B'],
      durationHours: 24,
    });
  });

  it('sends the share-link vote rule only with a shareable poll, per browser unless another was chosen', () => {
    expect(emptyDraft().shareVoteMode).toBe('browser');
    expect(draftBody({ ...emptyDraft(), shareable: true })).toMatchObject({
      isShareable: true,
      shareVoteMode: 'browser',
    });
    expect(draftBody({ ...emptyDraft(), shareable: true, shareVoteMode: 'members' }).shareVoteMode).toBe('members');
    expect(draftBody({ ...emptyDraft(), shareVoteMode: 'ip' })).not.toHaveProperty('shareVoteMode');
  });
});

describe('registration checks', () => {
  const filled = {
    username: 'ayse',
    email: 'ayse@example.com',
    displayName: 'Ayşe',
    password: 'gizli1',
    confirmPassword: 'gizli1',
  };

  it('pass a complete form', () => {
    expect(registrationErrors(filled)).toEqual({});
  });

  it('say which fields are missing, with the server’s texts', () => {
    const errors = registrationErrors({ ...filled, username: '', displayName: ' ' });
    expect(errors['username']).toBe('Kullanıcı adı gerekli');
    expect(errors['displayName']).toBe('Görünen ad gerekli');
  });

  it('want matching passwords of at least 6 characters', () => {
    expect(registrationErrors({ ...filled, confirmPassword: 'baska1' })['confirmPassword']).toBe(
      'Şifreler eşleşmiyor!',
    );
    expect(registrationErrors({ ...filled, password: '12345', confirmPassword: '12345' })['password']).toBe(
      'Şifre en az 6 karakter olmalıdır!',
    );
  });
});

describe('friends card', () => {
  const friend = (id: string, hasVoted: boolean) => ({
    id,
    username: id,
    displayName: null,
    avatarUrl: null,
    hasVoted,
  });

  it('shows at most N friends and +N for the rest', () => {
    const seven = Array.from({ length: 7 }, (_, i) => friend(`f${i}`, true));
    expect(friendsRow(seven, 5).shown).toHaveLength(5);
    expect(friendsRow(seven, 5).more).toBe(2);
    expect(friendsRow(seven.slice(0, 3), 3).more).toBe(0);
  });

  it('counts the friends the answer does not name into +N and x/y', () => {
    const named = [friend('a', true), friend('b', true), friend('c', false)];
    const circle = friendsCircle({ friends: named, friendsCount: 40, friendsVotedCount: 25 });
    expect([circle.count, circle.votedCount]).toEqual([40, 25]);
    expect(circle.votedRow.shown.map((f) => f.id)).toEqual(['a', 'b']);
    expect(circle.votedRow.more).toBe(23);
    expect(circle.waitingRow.shown.map((f) => f.id)).toEqual(['c']);
    expect(circle.waitingRow.more).toBe(14);
    // An answer without the counts (an older server) counts the friends it names.
    const old = friendsCircle({ friends: named });
    expect([old.count, old.votedCount, old.votedRow.more, old.waitingRow.more]).toEqual([3, 2, 0, 0]);
  });

  it('offers Grup Analizi once the viewer voted and the poll has more than one vote', () => {
    expect(groupAnalysisAvailable({ hasVoted: true, totalVotes: 2 })).toBe(true);
    expect(groupAnalysisAvailable({ hasVoted: true, totalVotes: 1 })).toBe(false);
    expect(groupAnalysisAvailable({ hasVoted: false, totalVotes: 5 })).toBe(false);
  });
});

describe('quick decision questions', () => {
  it('are the real two-option polls, unvoted first, and the samples only when there are none', () => {
    const voted = poll({ id: 'v', hasVoted: true, userChoice: 0 });
    const fresh = poll({ id: 'f' });
    const three = poll({ id: 't', options: [...poll().options, { id: 2, text: 'C', votes: 0 }] });
    expect(quickQuestionsFrom([voted, fresh, three]).map((q) => q.id)).toEqual(['f', 'v']);
    expect(quickQuestionsFrom([])).toBe(sampleQuestions);
    expect(quickQuestionsFrom(undefined)).toHaveLength(5);
  });

  it('count a local vote for the chosen option', () => {
    const q = withLocalVote(sampleQuestions[0]!, 1);
    expect(q.hasVoted).toBe(true);
    expect(q.userChoice).toBe(1);
    expect(q.totalVotes).toBe(sampleQuestions[0]!.totalVotes + 1);
    expect(q.options[1]!.votes).toBe(sampleQuestions[0]!.options[1]!.votes + 1);
  });
});

describe('small rules', () => {
  it('caps the unread badge at 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('shares share-link polls by their code and others by their own page', () => {
    expect(pollShareUrl({ id: 'p1', shortUrl: 'AbC' }, 'https://meydan.app')).toBe('https://meydan.app/s/AbC');
    expect(pollShareUrl({ id: 'p1', shortUrl: null }, 'https://meydan.app')).toBe('https://meydan.app/anket/p1');
  });
});
