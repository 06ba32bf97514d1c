import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';
import type {
  AdminPoll,
  AdminStats,
  AdminUser,
  FollowState,
  FriendSummary,
  Health,
  MessageResponse,
  NotificationItem,
  Poll,
  PollComment,
  PollUpdate,
  Report,
  SchemaId,
  ShareablePollCreated,
  ShareLinkPoll,
  User,
  UserListItem,
  UserProfile,
  UserVote,
  VoteResult,
} from '../src/index.js';

const at = '2025-01-01T12:00:00.000Z';
const creator = { id: 'u1', username: 'ali', displayName: 'Ali', avatarUrl: null };
const friend: FriendSummary = {
  id: 'u2',
  username: 'ayse',
  displayName: null,
  avatarUrl: '/avatars/u2.png',
  hasVoted: true,
};

const poll: Poll = {
  id: 'p1',
  title: 'Çay mı kahve mi?',
  description: null,
  category: 'gunluk-hayat',
  type: 'friends',
  options: [
    { id: 0, text: 'Çay', votes: 3 },
    { id: 1, text: 'Kahve', votes: 2 },
  ],
  expiresAt: '2025-01-02T12:00:00.000Z',
  creatorId: 'u1',
  creator,
  isShareable: false,
  shortUrl: null,
  createdAt: at,
  totalVotes: 5,
  votesCount: 5,
  publicVotesCount: 0,
  likesCount: 1,
  commentsCount: 0,
  shareCount: 0,
  isLiked: false,
  hasVoted: true,
  userChoice: 1,
  friends: [friend],
};

function ok(id: SchemaId, data: unknown): void {
  const r = validate(id, data);
  expect(r.ok ? [] : r.errors, id).toEqual([]);
}

function firstError(id: SchemaId, data: unknown): { path: string; message: string } | undefined {
  const r = validate(id, data);
  return r.ok ? undefined : r.errors[0];
}

describe('entity and answer schemas', () => {
  it('poll: accepts a full poll, with or without friends, expiry and short link', () => {
    ok('meydan/poll', poll);
    const { friends: _f, ...publicPoll } = poll;
    ok('meydan/poll', { ...publicPoll, type: 'public', expiresAt: null, isShareable: true, shortUrl: 'Ab3dE6gH9k' });
    ok('meydan/poll', { ...poll, hasVoted: false, userChoice: null, updatedAt: at });
  });

  it('poll: refuses unknown fields, missing fields, bad types and bad dates', () => {
    expect(firstError('meydan/poll', { ...poll, secret: 1 })).toEqual({
      path: 'secret',
      message: 'Bilinmeyen alan: "secret"',
    });
    const { totalVotes: _t, ...missing } = poll;
    expect(firstError('meydan/poll', missing)).toEqual({ path: 'totalVotes', message: '"totalVotes" alanı gerekli' });
    expect(firstError('meydan/poll', { ...poll, createdAt: 'dün' })?.message).toBe(
      '"createdAt" alanı geçerli bir tarih olmalıdır',
    );
    expect(firstError('meydan/poll', { ...poll, type: 'gizli' })?.path).toBe('type');
    expect(firstError('meydan/poll', { ...poll, likesCount: -1 })?.message).toBe(
      '"likesCount" alanı en az 0 olmalıdır',
    );
    expect(firstError('meydan/poll', { ...poll, options: [{ id: 0, text: 'a' }] })).toEqual({
      path: 'options.0.votes',
      message: '"votes" alanı gerekli',
    });
  });

  it('share link poll: poll, creator, voteCounts by index, the visitor vote', () => {
    const answer: ShareLinkPoll = { poll, creator, voteCounts: { '0': 3, '1': 2 }, hasVoted: false, userChoice: null };
    ok('meydan/share-link-poll', answer);
    expect(firstError('meydan/share-link-poll', { ...answer, voteCounts: { a: 1 } })?.path).toBe('voteCounts');
    expect(firstError('meydan/share-link-poll', { ...answer, voteCounts: { '0': -1 } })?.path).toBe('voteCounts.0');
    const created: ShareablePollCreated = { shareUrl: 'http://localhost:8080/s/Ab3dE6gH9k', poll };
    ok('meydan/shareable-poll-created', created);
  });

  it('vote result and poll update', () => {
    const result: VoteResult = {
      pollId: 'p1',
      voteCounts: { '0': 4, '1': 2 },
      totalVotes: 6,
      hasVoted: true,
      userChoice: 0,
      message: 'Oyun kaydedildi.',
      feedback: null,
    };
    ok('meydan/vote-result', result);
    expect(firstError('meydan/vote-result', { ...result, hasVoted: false })?.path).toBe('hasVoted');
    const update: PollUpdate = { pollId: 'p1', voteCounts: { '0': 4 }, totalVotes: 4, likesCount: 2 };
    ok('meydan/poll-update', update);
  });

  it('users: session user, profile view, list item, follow state, vote list entry', () => {
    const user: User = {
      id: 'u1',
      username: 'ali',
      email: 'ali@example.com',
      displayName: null,
      avatarUrl: null,
      role: 'member',
    };
    ok('meydan/user', user);
    expect(firstError('meydan/user', { ...user, role: 'root' })?.path).toBe('role');
    expect(firstError('meydan/user', { ...user, passwordHash: 'x' })?.message).toBe('Bilinmeyen alan: "passwordHash"');

    const profile: UserProfile = {
      id: 'u1',
      username: 'ali',
      displayName: 'Ali',
      bio: null,
      avatarUrl: null,
      isProfilePublic: true,
      aiAnalysisCompleted: false,
      profileQuestionsCompleted: true,
      followersCount: 2,
      followingCount: 3,
      pollsCount: 4,
      votesCount: 5,
    };
    ok('meydan/user-profile', profile);
    ok('meydan/user-profile', {
      ...profile,
      email: 'ali@example.com',
      isFollowing: false,
      createdAt: at,
      birthDate: null,
    });

    const item: UserListItem = { id: 'u2', username: 'ayse', displayName: 'Ayşe', avatarUrl: null, isFollowing: true };
    ok('meydan/user-list-item', item);
    expect(firstError('meydan/user-list-item', { ...item, isFollowing: undefined })?.message).toBe(
      '"isFollowing" alanı gerekli',
    );

    const follow: FollowState = { following: true, message: 'Takip edildi', followersCount: 3, followingCount: 1 };
    ok('meydan/follow-state', follow);
    ok('meydan/follow-state', { following: false });

    const vote: UserVote = {
      voteId: 'v1',
      pollId: 'p1',
      pollTitle: 'Çay mı kahve mi?',
      pollCategory: 'gunluk-hayat',
      selectedOption: 'Çay',
      votedAt: at,
    };
    ok('meydan/user-vote', vote);
  });

  it('notifications, comments, messages and health', () => {
    const n: NotificationItem = {
      id: 'n1',
      message: 'Ayşe seni takip etti',
      isRead: false,
      createdAt: at,
      link: '/profil',
    };
    ok('meydan/notification', n);
    ok('meydan/notification', { ...n, link: null });
    ok('meydan/notification-count', { count: 0 });
    expect(firstError('meydan/notification', { ...n, isRead: 'no' })?.path).toBe('isRead');

    const c: PollComment = { id: 'c1', pollId: 'p1', text: 'Bence çay', createdAt: at, author: creator };
    ok('meydan/comment', c);
    const m: MessageResponse = { message: 'Kayıt başarılı' };
    ok('meydan/message', m);

    const h: Health = { service: 'polls', ready: true, checks: { nats: true, mongo: true, redis: true } };
    ok('meydan/health', h);
    ok('meydan/health', { service: 'contact', ready: false, checks: { nats: false } });
    expect(firstError('meydan/health', { ...h, checks: { nats: true, kafka: true } })?.path).toBe('checks.kafka');
  });

  it('admin shapes', () => {
    const stats: AdminStats = {
      totalUsers: 10,
      newUsersThisMonth: 2,
      totalPolls: 5,
      newPollsThisMonth: 1,
      totalVotes: 40,
      newVotesThisMonth: 7,
      pendingReports: 0,
    };
    ok('meydan/admin-stats', stats);
    const { pendingReports: _p, ...noPending } = stats;
    expect(firstError('meydan/admin-stats', noPending)?.path).toBe('pendingReports');

    const user: AdminUser = {
      id: 'u1',
      username: 'ali',
      displayName: 'Ali',
      email: 'ali@example.com',
      role: 'admin',
      isActive: true,
      emailVerified: true,
      createdAt: at,
    };
    ok('meydan/admin-user', user);
    const adminPoll: AdminPoll = {
      id: 'p1',
      title: 'T',
      description: null,
      category: 'genel',
      votesCount: 0,
      createdAt: at,
      isShareable: false,
    };
    ok('meydan/admin-poll', adminPoll);
    const report: Report = {
      id: 'r1',
      status: 'pending',
      reason: 'spam',
      description: null,
      createdAt: at,
      poll: { id: 'p1', title: 'T' },
      reporter: { id: 'u1', username: 'ayse' },
    };
    ok('meydan/report', report);
    expect(firstError('meydan/report', { ...report, status: 'weird' })?.path).toBe('status');
  });
});
