/**
 * Who sees a poll's per-option counts (proto's `resultsVisibilities`), composed with the Dost Meclisi rule: the one
 * rule every channel asks (the poll by id, every feed and list, the share page, the vote's answer, the link preview
 * and its card, the embeds, the presenter view, the results download, the group analysis and the live counts).
 * Pure: the callers bring the poll's facts, the viewer and whether the viewer voted.
 *
 * - after-vote (the default): to those who voted on it; before voting a card shows no result and every list answers
 *   each option 0 votes;
 * - always: to everyone who may see the poll, before voting too;
 * - after-close: to nobody, the creator included, until the poll ends;
 * - creator: to the creator only until the poll ends.
 * The creator sees their own poll's counts in after-vote, always and creator modes (a Dost Meclisi poll they made
 * too), whether or not they voted; in after-close only once it ended. An ended poll (expired or closed early) shows
 * its counts to everyone who may see it; on a Dost Meclisi poll only to those who voted on it (and its creator),
 * whatever the mode. Hidden counts are answered as 0 with `resultsVisible: false`; the total stays.
 */
import {
  defaultResultsVisibility,
  resultsVisibilities,
  type LiveCountsGroup,
  type PollType,
  type ResultsVisibility,
} from '@meydan/proto';

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
  return mode && (resultsVisibilities as readonly string[]).includes(mode)
    ? (mode as ResultsVisibility)
    : defaultResultsVisibility;
}

export function pollEnded(poll: Pick<ResultsFacts, 'expiresAt' | 'closedAt'>, now: Date): boolean {
  return Boolean(poll.closedAt) || (poll.expiresAt != null && new Date(poll.expiresAt).getTime() <= now.getTime());
}

/** Whether the creator sees their own poll's counts: in every mode but after-close, and in that one once it ended. */
export function creatorSeesCounts(poll: Omit<ResultsFacts, 'type' | 'creatorId'>, now: Date): boolean {
  return resultsVisibilityOf(poll) !== 'after-close' || pollEnded(poll, now);
}

/**
 * Whether the viewer (a member's id, or null for a visitor) sees the poll's per-option counts: the creator by
 * `creatorSeesCounts`; anyone else by the Dost Meclisi rule (only its voters), then the mode.
 */
export function countsVisibleTo(poll: ResultsFacts, viewerId: string | null, hasVoted: boolean, now: Date): boolean {
  if (viewerId !== null && viewerId === poll.creatorId) return creatorSeesCounts(poll, now);
  if (poll.type === 'friends' && !hasVoted) return false;
  if (pollEnded(poll, now)) return true;
  switch (resultsVisibilityOf(poll)) {
    case 'always':
      return true;
    case 'after-vote':
      return hasVoted;
    default:
      return false;
  }
}

/**
 * To whom a poll's live counts may go right now, among the sockets following it (each may see the poll): 'everyone'
 * (an `always` poll or an ended one, not a Dost Meclisi poll), or the groups `countsVisibleTo` lets see them (its
 * voters, its creator), the others getting the total alone; none (an after-close poll until it ends): the counts
 * never leave the service.
 */
export function liveCountsAudience(poll: Omit<ResultsFacts, 'creatorId'>, now: Date): 'everyone' | LiveCountsGroup[] {
  // Anyone but the creator: the rule tells members and visitors apart only by whether they voted.
  const facts = { ...poll, creatorId: '' };
  if (countsVisibleTo(facts, null, false, now)) return 'everyone';
  const groups: LiveCountsGroup[] = [];
  if (countsVisibleTo(facts, null, true, now)) groups.push('voters');
  if (creatorSeesCounts(poll, now)) groups.push('creator');
  return groups;
}
