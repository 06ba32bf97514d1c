// Multiple-choice ballots in the vote mixes, shared by k6 scripts and the Node commands that check their counters.
// With BALLOT_EVERY = n > 0, every n-th vote is a ballot of two options ({"optionIndexes": [a, b]}) on a poll made
// with maxChoices 2; the others stay single choices ({"optionIndex": a}). 0 leaves every vote a single choice.

/** The body of the i-th vote on a poll of `options` options. */
export function voteBody(i, options, every) {
  if (every > 0 && i % every === every - 1) return { optionIndexes: [i % options, (i + 1) % options].sort((a, b) => a - b) };
  return { optionIndex: i % options };
}

/** How many options the i-th vote marks. */
export const optionsMarked = (i, every) => (every > 0 && i % every === every - 1 ? 2 : 1);
