import type { Poll } from '@meydan/proto';
import { isOpen } from '../../lib/time';

/** Whether the viewer may change their vote here now: the poll allows it, they voted, and it is open. */
export const canChangeVote = (poll: Pick<Poll, 'allowVoteChange' | 'expiresAt'>, hasVoted: boolean): boolean =>
  poll.allowVoteChange === true && hasVoted && isOpen(poll.expiresAt);
