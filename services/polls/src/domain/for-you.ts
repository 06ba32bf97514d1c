/**
 * The for-you feed's order: a poll's topic affinity for the member first, freshness second. Pure: no I/O.
 * Freshness halves every three days, and counts a tenth of a full affinity, so it only orders polls of topics
 * the member cares about about equally (and every poll when the member has no affinities yet).
 */
const FRESHNESS_HALF_LIFE_HOURS = 72;
const FRESHNESS_WEIGHT = 0.1;

export interface RankablePoll {
  category: string;
  createdAt: Date;
}

export function forYouScore(poll: RankablePoll, affinity: ReadonlyMap<string, number>, now: Date): number {
  const ageHours = Math.max(0, (now.getTime() - new Date(poll.createdAt).getTime()) / 3_600_000);
  const freshness = 0.5 ** (ageHours / FRESHNESS_HALF_LIFE_HOURS);
  return (affinity.get(poll.category) ?? 0) + FRESHNESS_WEIGHT * freshness;
}

/** The polls, best first for this member (stable for equal scores: newer first). */
export function rankForYou<P extends RankablePoll>(
  polls: readonly P[],
  affinities: readonly { category: string; weight: number }[],
  now: Date,
): P[] {
  const affinity = new Map(affinities.map((a) => [a.category, a.weight]));
  return polls
    .map((poll) => ({ poll, score: forYouScore(poll, affinity, now) }))
    .sort((a, b) => b.score - a.score || new Date(b.poll.createdAt).getTime() - new Date(a.poll.createdAt).getTime())
    .map(({ poll }) => poll);
}
