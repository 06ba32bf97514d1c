/**
 * Trending: engagement decayed by age. The score is stored and indexed, so it must not change with the clock; the
 * usual trick (as on Reddit's "hot") is to add the creation time instead of subtracting the age:
 *
 *   score = log10(1 + engagement) + createdAtSeconds / DECADE_SECONDS
 *
 * Ranking by it equals ranking by engagement / 10^(age / DECADE): a poll needs ten times the engagement of one
 * DECADE_SECONDS younger to rank beside it. Engagement weighs a comment more than a like, a like more than a vote.
 */
export const DECADE_SECONDS = 12 * 3600;

export const engagementWeights = { votes: 1, likes: 2, comments: 3, shares: 2 } as const;

export interface Engagement {
  votes: number;
  likes: number;
  comments: number;
  shares: number;
}

export function engagementOf(e: Engagement): number {
  const w = engagementWeights;
  return e.votes * w.votes + e.likes * w.likes + e.comments * w.comments + e.shares * w.shares;
}

export function trendingScore(e: Engagement, createdAt: Date): number {
  return Math.log10(1 + engagementOf(e)) + createdAt.getTime() / 1000 / DECADE_SECONDS;
}
