import type { AdminPoll, Poll } from '@meydan/proto';

/** A public poll as the API answers it: options with `votes` each, the viewer not voted, and `overrides`. */
export function testPoll(id: string, votes: readonly number[], overrides: Partial<Poll> = {}): Poll {
  const total = votes.reduce((a, b) => a + b, 0);
  return {
    id,
    title: `Soru ${id}`,
    description: null,
    category: 'genel',
    type: 'public',
    options: votes.map((v, i) => ({ id: i, text: `Şık ${i}`, votes: v })),
    expiresAt: null,
    creatorId: 'u9',
    creator: { id: 'u9', username: 'deniz', displayName: 'Deniz', avatarUrl: null },
    isShareable: true,
    shortUrl: 'AbCdEfGhIj',
    createdAt: '2026-11-25T10:00:00.000Z',
    totalVotes: total,
    votesCount: total,
    publicVotesCount: 0,
    likesCount: 0,
    commentsCount: 0,
    shareCount: 0,
    isLiked: false,
    hasVoted: false,
    userChoice: null,
    ...overrides,
  };
}

/** A row of the admin's polls list (GET /api/admin/polls), with `overrides` (a kind, images). */
export function adminPollRow(id: string, overrides: Partial<AdminPoll> = {}): AdminPoll {
  return {
    id,
    title: `Anket ${id}`,
    description: null,
    category: 'genel',
    votesCount: 3,
    createdAt: '2026-11-29T10:00:00.000Z',
    isShareable: false,
    creator: { id: 'u9', username: 'deniz', displayName: 'Deniz Kaya' },
    ...overrides,
  };
}
