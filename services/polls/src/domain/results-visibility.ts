/**
 * Who sees a poll's per-option counts (proto's `resultsVisibilities`), composed with the Dost Meclisi rule. Pure: the
 * callers bring the poll's facts, the viewer and whether the viewer voted.
 *
 * - after-vote (the default): as before the choice existed, the counts are in the answers (the cards draw them once
 *   the viewer voted or the poll ended);
 * - always: in the answers, and the cards draw them before voting too;
 * - after-close: nobody's, the creator's included, until the poll ends;
 * - creator: only the creator's until the poll ends.
 * An ended poll (expired or closed early) shows its counts to everyone who may see it. On a Dost Meclisi poll only
 * those who voted on it see the counts, whatever the mode.
 */
import { defaultResultsVisibility, resultsVisibilities, type PollType, type ResultsVisibility } from '@meydan/proto';

export interface ResultsFacts {
  type: PollType | string;
  creatorId: string;
  resultsVisibility?: string | null;
  expiresAt?: Date | null;
  closedAt?: Date | null;
}

/** A poll document's mode (polls made before the choice existed have the default). */
export function resultsVisibilityOf(poll: { resultsVisibility?: string | null }): ResultsVisibility {
  const mode = poll.resultsVisibility;
  return mode && (resultsVisibilities as readonly string[]).includes(mode) ? (mode as ResultsVisibility) : defaultResultsVisibility;
}

export function pollEnded(poll: Pick<ResultsFacts, 'expiresAt' | 'closedAt'>, now: Date): boolean {
  return Boolean(poll.closedAt) || (poll.expiresAt != null && new Date(poll.expiresAt).getTime() <= now.getTime());
}

/** The mode's rule alone (the creator's results download reads this: a creator sees their own poll's counts by it). */
export function modeShowsCounts(poll: ResultsFacts, viewerId: string | null, now: Date): boolean {
  if (pollEnded(poll, now)) return true;
  switch (resultsVisibilityOf(poll)) {
    case 'after-close':
      return false;
    case 'creator':
      return viewerId !== null && viewerId === poll.creatorId;
    default:
      return true;
  }
}

/** Whether the viewer sees the poll's per-option counts: its mode, then the Dost Meclisi rule (only its voters). */
export function countsVisibleTo(poll: ResultsFacts, viewerId: string | null, hasVoted: boolean, now: Date): boolean {
  if (poll.type === 'friends' && !hasVoted) return false;
  return modeShowsCounts(poll, viewerId, now);
}

/**
 * Whether a poll's live counts must not go out to the sockets following it: everyone who may follow it but its
 * creator is refused them until it ends (a socket room is shared, so the creator too gets the total only, and reads
 * the counts over HTTP).
 */
export function liveCountsHidden(poll: Omit<ResultsFacts, 'type' | 'creatorId'>, now: Date): boolean {
  const mode = resultsVisibilityOf(poll);
  return (mode === 'after-close' || mode === 'creator') && !pollEnded(poll, now);
}
