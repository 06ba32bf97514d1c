import { resultsHiddenMessage, type Poll } from '@meydan/proto';

/**
 * Whether a card draws a poll's results (bars, percentages, counts) for its viewer: exactly where the server sent them
 * (`resultsVisible`, the one rule of services/polls/src/domain/results-visibility.ts): after the viewer's vote (after-vote,
 * the default), before it too (always), to the creator of their own poll (not after-close until it ends), to everyone
 * once it ended (on a Dost Meclisi poll only its voters and creator). Without the flag: once voted or ended.
 */
export function drawsResults(
  poll: Pick<Poll, 'resultsVisible' | 'resultsVisibility' | 'hasVoted'>,
  open: boolean,
): boolean {
  if (poll.resultsVisible !== undefined) return poll.resultsVisible;
  return poll.hasVoted || !open;
}

/**
 * The sentence a card shows where the poll's results visibility hides its counts from the viewer (why, and when they
 * show), or null. A Dost Meclisi poll hidden only until the vote says that in its own note.
 */
export function resultsHiddenNote(
  poll: Pick<Poll, 'resultsVisible' | 'resultsVisibility' | 'expiresAt'>,
): string | null {
  if (poll.resultsVisible !== false) return null;
  if (poll.resultsVisibility !== 'after-close' && poll.resultsVisibility !== 'creator') return null;
  return resultsHiddenMessage(poll);
}

/** Whether the creator's results file may be downloaded now: an after-close poll's results open to its creator too only at its end. */
export function resultsDownloadable(poll: Pick<Poll, 'resultsVisibility' | 'expiresAt'>, open: boolean): boolean {
  return !(poll.resultsVisibility === 'after-close' && open);
}
