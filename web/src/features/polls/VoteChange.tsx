import type { Poll } from '@meydan/proto';
import { choicesOf } from '../../lib/polls';
import { VoteChangeBar } from './VoteChangeBar';
import { useVote, type VoteVia } from './useVote';
import { canChangeVote } from './voteChangeRule';

/**
 * A voter's change or take-back under a poll that allows it: a member's on a card (the feed, the poll page), or
 * anyone's through a share link (its page, its embed: `via`).
 */
export function VoteChange({ poll, via }: { poll: Poll; via?: VoteVia }) {
  const { change, changing } = useVote(poll, via);
  if (!canChangeVote(poll, poll.hasVoted)) return null;
  return (
    <VoteChangeBar
      options={poll.options}
      maxChoices={poll.maxChoices ?? 1}
      userChoices={choicesOf(poll)}
      busy={changing}
      onChange={(indexes) => change(indexes)}
      onTakeBack={() => change(null)}
    />
  );
}
