/** Vote counts as Redis keeps them (a hash: option index → count, `t` total, `pv` share-link visitors) and as answers show them. */

export interface PollCounts {
  /** Votes per option, by index. */
  votes: number[];
  total: number;
  /** Votes cast through the share link without an account. */
  visitorVotes: number;
}

export function countsFromHash(hash: Record<string, string>, optionsCount: number): PollCounts {
  const votes = Array.from({ length: optionsCount }, (_, i) => Number(hash[String(i)] ?? 0));
  return { votes, total: Number(hash['t'] ?? votes.reduce((a, b) => a + b, 0)), visitorVotes: Number(hash['pv'] ?? 0) };
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

/** The optional sentence under 'Oyunuz kaydedildi! 🎉': how many chose as the voter did. */
export function voteFeedback(votes: readonly number[], choice: number): string | null {
  const total = votes.reduce((a, b) => a + b, 0);
  const same = votes[choice] ?? 0;
  if (total <= 1) return 'İlk oyu sen verdin!';
  if (same <= 1) return 'Bu seçeneği şimdilik yalnızca sen seçtin.';
  return `Oy verenlerden ${same} kişi (%${wholePercent(same, total)}) bu seçeneği seçti.`;
}
