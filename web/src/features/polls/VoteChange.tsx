import type { Poll, PollOption } from '@meydan/proto';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { choicesOf } from '../../lib/polls';
import { apiErrorMessage } from '../../store/api';
import { useToast } from '../toasts/useToast';
import { useChangeVoteMutation, useShareLinkChangeVoteMutation } from './voteChangeApi';
import { VoteChangeBar } from './VoteChangeBar';

import { canChangeVote } from './voteChangeRule';

/** A member's change or take-back on a card (the feed, the poll page); refusals are toasted by the mutation. */
export function MemberVoteChange({ poll }: { poll: Poll }) {
  const [change, { isLoading }] = useChangeVoteMutation();
  const toast = useToast();
  if (!canChangeVote(poll, poll.hasVoted)) return null;
  const send = async (optionIndexes: number[] | null) => {
    const result = await change({ pollId: poll.id, optionIndexes });
    if ('data' in result && result.data) {
      const title = optionIndexes ? trVoteChange.bar.changedTitle : trVoteChange.bar.takenBackTitle;
      toast({ title, description: result.data.message, variant: 'success' });
    }
  };
  return (
    <VoteChangeBar
      options={poll.options}
      maxChoices={poll.maxChoices ?? 1}
      userChoices={choicesOf(poll)}
      busy={isLoading}
      onChange={(indexes) => send(indexes)}
      onTakeBack={() => send(null)}
    />
  );
}

/** The same through a share link (its page and its embed): the visitor is the one who voted there. */
export function ShareVoteChange({
  code,
  poll,
  hasVoted,
  userChoices,
  options,
  onDone,
}: {
  code: string;
  poll: Poll;
  hasVoted: boolean;
  userChoices: readonly number[];
  options: readonly PollOption[];
  /** Told the answer's message (or a refusal's), for a page that shows it its own way. */
  onDone?: (message: string, ok: boolean) => void;
}) {
  const [change, { isLoading }] = useShareLinkChangeVoteMutation();
  const toast = useToast();
  if (!canChangeVote(poll, hasVoted)) return null;
  const send = async (optionIndexes: number[] | null) => {
    try {
      const answer = await change({ code, pollId: poll.id, optionIndexes }).unwrap();
      const title = optionIndexes ? trVoteChange.bar.changedTitle : trVoteChange.bar.takenBackTitle;
      if (onDone) onDone(answer.message, true);
      else toast({ title, description: answer.message, variant: 'success' });
    } catch (err) {
      const message = apiErrorMessage(err) ?? trVoteChange.bar.failedText;
      if (onDone) onDone(message, false);
      else toast({ title: trVoteChange.bar.failedTitle, description: message, variant: 'error' });
    }
  };
  return (
    <VoteChangeBar
      options={options}
      maxChoices={poll.maxChoices ?? 1}
      userChoices={userChoices}
      busy={isLoading}
      onChange={(indexes) => send(indexes)}
      onTakeBack={() => send(null)}
    />
  );
}
