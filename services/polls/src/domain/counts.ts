/**
 * Vote counts as Redis keeps them (a hash: option index → count, `t` ballots, `pv` share-link visitors' ballots, on a
 * ranked poll '>2,0,1' → ballots of that ranking) and as answers show them.
 */
import { RANKING_MARK } from './ballots.js';

export interface PollCounts {
  /** Votes per option, by index. */
  votes: number[];
  /** Ballots (voters): the option votes' sum on a single-choice poll, fewer on a multiple-choice one. */
  total: number;
  /** Ballots cast through the share link without an account. */
  visitorVotes: number;
  /** A ranked poll's ballots per distinct ranking ("2,0,1" → n; `votes` are then the first preferences). */
  rankings?: Record<string, number>;
}

export function countsFromHash(hash: Record<string, string>, optionsCount: number): PollCounts {
  const votes = Array.from({ length: optionsCount }, (_, i) => Number(hash[String(i)] ?? 0));
  const counts: PollCounts = {
    votes,
    total: Number(hash['t'] ?? votes.reduce((a, b) => a + b, 0)),
    visitorVotes: Number(hash['pv'] ?? 0),
  };
  const rankings = Object.entries(hash).filter(([field]) => field.startsWith(RANKING_MARK));
  if (rankings.length) counts.rankings = Object.fromEntries(rankings.map(([f, n]) => [f.slice(1), Number(n)]));
  return counts;
}

/** Redis returns HGETALL from Lua as a flat [field, value, …] list. */
export function hashFromFlat(flat: readonly unknown[]): Record<string, string> {
  const hash: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) hash[String(flat[i])] = String(flat[i + 1]);
  return hash;
}

/** {"0": 3, "1": 5}: the share page's shape. */
export function voteCountsMap(votes: readonly number[]): Record<string, number> {
  return Object.fromEntries(votes.map((v, i) => [String(i), v]));
}

/** The indexes with the most votes; none when nobody voted. */
export function winnerIndexes(votes: readonly number[]): number[] {
  const max = Math.max(0, ...votes);
  if (max === 0) return [];
  return votes.flatMap((v, i) => (v === max ? [i] : []));
}

/** Whole-number percentages (the public page and the friends card). */
export function wholePercent(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

/**
 * The optional sentence under 'Oyunuz kaydedildi! 🎉': how many chose as the voter did. `ballots` are the poll's voters
 * (on a multiple-choice poll fewer than the option votes' sum); an option's share is of the ballots.
 */
export function voteFeedback(
  votes: readonly number[],
  choice: number | readonly number[],
  ballots = votes.reduce((a, b) => a + b, 0),
): string | null {
  const chosen = typeof choice === 'number' ? [choice] : choice;
  if (ballots <= 1) return 'İlk oyu sen verdin!';
  if (chosen.length > 1) {
    return `Seçtiğin seçenekler oy verenlerin sırasıyla ${chosen.map((i) => `%${wholePercent(votes[i] ?? 0, ballots)}`).join(', ')} kadarınca seçildi.`;
  }
  const same = votes[chosen[0]!] ?? 0;
  if (same <= 1) return 'Bu seçeneği şimdilik yalnızca sen seçtin.';
  return `Oy verenlerden ${same} kişi (%${wholePercent(same, ballots)}) bu seçeneği seçti.`;
}
