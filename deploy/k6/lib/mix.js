// The order of a mixed load's actions, shared by k6 scripts (deploy/k6/mixed.js, the `mixed` scenario of
// deploy/k6/hot-paths.js) and the Node commands that size their members. The weights ([name, weight] pairs, integers)
// become a cycle of `total` slots in which each action comes `weight` times, spread evenly (smooth weighted
// round-robin), so that the i-th arrival's action is fixed: the shares are exact at any rate, no burst of one action
// comes in a row, and the n-th arrival of an action can take the n-th member (a member votes once per poll).

/**
 * The `mixed` scenario of deploy/k6/hot-paths.js (the bench's): reads 70 (the feed and a poll, by members and by
 * visitors), member votes 20, likes 3 and comments 2, share-link votes 5.
 */
export const MIXED_WEIGHTS = [
  ['member_feed', 25],
  ['visitor_feed', 15],
  ['member_poll', 15],
  ['visitor_poll', 15],
  ['vote', 20],
  ['like', 3],
  ['comment', 2],
  ['share_vote', 5],
];

/** The cycle of actions for these weights. */
export function mixPlan(weights) {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  if (!weights.length || !weights.every(([, w]) => Number.isInteger(w) && w > 0))
    throw new Error('mix weights are positive integers');
  const current = weights.map(() => 0);
  const sequence = [];
  const ordinal = [];
  const seen = weights.map(() => 0);
  for (let slot = 0; slot < total; slot++) {
    let best = 0;
    weights.forEach(([, w], k) => {
      current[k] += w;
      if (current[k] > current[best]) best = k;
    });
    current[best] -= total;
    sequence.push(best);
    ordinal.push(seen[best]++);
  }
  return { names: weights.map(([name]) => name), weights: weights.map(([, w]) => w), total, sequence, ordinal };
}

/** The i-th arrival's action, and how many arrivals of that action came before it (n). */
export function actionOf(plan, i) {
  const slot = i % plan.total;
  const k = plan.sequence[slot];
  return { action: plan.names[k], n: Math.floor(i / plan.total) * plan.weights[k] + plan.ordinal[slot] };
}

/** How many of `arrivals` arrivals are of `action` (at most). */
export function arrivalsOf(plan, action, arrivals) {
  const k = plan.names.indexOf(action);
  return k < 0 ? 0 : Math.ceil((arrivals * plan.weights[k]) / plan.total);
}
