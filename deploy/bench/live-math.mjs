// Latency of live counts: from each vote's answer to the first update at each socket that includes it.

/**
 * `answers`: [totalAfterTheVote, answeredAtMs] of every accepted vote; `updatesBySocket`: per socket, the
 * [totalVotes, receivedAtMs] of each update in arrival order. One sample per vote and socket; a socket whose updates
 * never reached a vote's total counts as missed.
 * @param {[number, number][]} answers
 * @param {[number, number][][]} updatesBySocket
 */
export function latencySamples(answers, updatesBySocket) {
  /** @type {number[]} */
  const samples = [];
  let missed = 0;
  for (const seen of updatesBySocket) {
    // The earliest arrival of a total at least t, for every t: a running minimum from the highest total down.
    const byTotal = [...seen].sort((a, b) => a[0] - b[0]);
    const earliestFrom = new Array(byTotal.length);
    let earliest = Infinity;
    for (let i = byTotal.length - 1; i >= 0; i--) {
      earliest = Math.min(earliest, /** @type {[number, number]} */ (byTotal[i])[1]);
      earliestFrom[i] = earliest;
    }
    for (const [total, answeredAt] of answers) {
      let lo = 0;
      let hi = byTotal.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (/** @type {[number, number]} */ (byTotal[mid])[0] >= total) hi = mid;
        else lo = mid + 1;
      }
      if (lo === byTotal.length) missed += 1;
      else samples.push(Math.max(0, earliestFrom[lo] - answeredAt));
    }
  }
  return { samples, missed };
}

/**
 * p50/p95/p99/max of samples in ms (nearest rank), null when there are none.
 * @param {ArrayLike<number>} samples
 * @returns {{ count: number, p50: number | null, p95: number | null, p99: number | null, max: number | null }}
 */
export function percentiles(samples) {
  if (!samples.length) return { count: 0, p50: null, p95: null, p99: null, max: null };
  const sorted = Float64Array.from(samples).sort();
  const rank = (/** @type {number} */ p) =>
    /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return {
    count: sorted.length,
    p50: rank(50),
    p95: rank(95),
    p99: rank(99),
    max: /** @type {number} */ (sorted[sorted.length - 1]),
  };
}
