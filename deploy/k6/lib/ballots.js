// Multiple-choice ballots in the vote mixes, shared by k6 scripts and the Node commands that check their counters.
// With BALLOT_EVERY = n > 0, every n-th vote is a ballot of two options ({"optionIndexes": [a, b]}) on a poll made
// with maxChoices 2; the others stay single choices ({"optionIndex": a}). 0 leaves every vote a single choice.

/** The body of the i-th vote on a poll of `options` options. */
export function voteBody(i, options, every) {
  if (every > 0 && i % every === every - 1)
    return { optionIndexes: [i % options, (i + 1) % options].sort((a, b) => a - b) };
  return { optionIndex: i % options };
}

/** How many options the i-th vote marks. */
export const optionsMarked = (i, every) => (every > 0 && i % every === every - 1 ? 2 : 1);

// Changed votes in the mix (issue 38), on a poll made with allowVoteChange: with CHANGE_EVERY = n > 0, the i-th vote,
// once accepted, is moved to one other option when i % n is 1 (`changedBody`), taken back when i % n is 2 (n > 2), and
// left as it is otherwise. 0: no changes.

/** What follows the i-th accepted vote: 'change', 'take' or null. */
export function followUpOf(i, every) {
  if (every <= 0) return null;
  if (i % every === 1 % every) return 'change';
  if (every > 2 && i % every === 2) return 'take';
  return null;
}

/** The body that moves the i-th vote: one option that its ballot (see voteBody) does not mark. */
export const changedBody = (i, options) => ({ optionIndex: (i + 2) % options });

// Ranked ballots ('Sıralamalı oy', issue 41), shared by the chaos storm and the bench: the i-th ranking on a ranked poll
// of `options` options, most preferred first. Its first choice turns with i, its length runs from one option to all
// of them, and every other cycle it walks the options backwards, so that the rankings differ and the runoff has
// rounds to eliminate in.

/** The ranking of the i-th ranked ballot on a poll of `options` options. */
export function rankingOf(i, options) {
  const first = i % options;
  const length = 1 + (Math.floor(i / options) % options);
  const step = Math.floor(i / (options * options)) % 2 === 0 ? 1 : options - 1;
  return Array.from({ length }, (_, k) => (first + k * step) % options);
}
