import { resultsHiddenMessage, type Poll } from '@meydan/proto';

/**
 * Whether a card draws a poll's results (bars, percentages, counts) for its viewer. Never where the server hid them
 * (`resultsVisible: false`); otherwise once the viewer voted or the poll ended, and before that where the poll's
 * results visibility shows them: `always`, or `creator` (the server shows them only to the creator then).
 */
export function drawsResults(poll: Pick<Poll, 'resultsVisible' | 'resultsVisibility' | 'hasVoted'>, open: boolean): boolean {
  if (poll.resultsVisible === false) return false;
  if (poll.hasVoted || !open) return true;
  return poll.resultsVisibility === 'always' || poll.resultsVisibility === 'creator';
}

/**
 * The sentence a card shows where the poll's results visibility hides its counts from the viewer (why, and when they
 * show), or null. A Dost Meclisi poll hidden only until the vote says that in its own note.
 */
export function resultsHiddenNote(poll: Pick<Poll, 'resultsVisible' | 'resultsVisibility' | 'expiresAt'>): string | null {
  if (poll.resultsVisible !== false) return null;
  if (poll.resultsVisibility !== 'after-close' && poll.resultsVisibility !== 'creator') return null;
  return resultsHiddenMessage(poll);
}

/** Whether the creator's results file may be downloaded now: an after-close poll's results open to its creator too only at its end. */
export function resultsDownloadable(poll: Pick<Poll, 'resultsVisibility' | 'expiresAt'>, open: boolean): boolean {
  return !(poll.resultsVisibility === 'after-close' && open);
}
