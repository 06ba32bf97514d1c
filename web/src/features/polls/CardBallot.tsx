import type { Poll } from '@meydan/proto';
import { Suspense } from 'react';
import { choicesOf } from '../../lib/polls';
import { isOpen } from '../../lib/time';
import { lazyComponent } from '../../ui/lazyComponent';
import { RankedChoice } from './OptionsView';
import { PollOptions } from './PollOptions';
import { UpcomingPoll, useOpening } from './Upcoming';
import type { useVote } from './useVote';
import { canChangeVote } from './voteChangeRule';

// Only under a voted poll that allows changing a vote: loaded when one is shown.
const VoteChange = lazyComponent(() => import('./VoteChange'), 'VoteChange');
// Only under a quiz ('Bilgi yarışması'): loaded when one is shown.
const QuizVerdict = lazyComponent(() => import('./QuizVerdict'), 'QuizVerdict');

/**
 * What a member votes with on a feed card, the public card's and the friends' circle card's alike: before a scheduled
 * opening 'Yakında' with its countdown and no vote buttons; then the options (buttons, or the results once shown),
 * under a quiz its verdict, under a poll that allows it the vote change. A ranked poll's card orders the options
 * (RankedBallot) until the vote, then shows the runoff's rounds where the server sent them (RankedRounds). The cards differ only in their percentages'
 * `decimals`; `vote` is the card's own `useVote` (the friends' card also reads whether a vote is on its way).
 */
export function CardBallot({
  poll,
  decimals,
  vote: { cast, voting, pending },
}: {
  poll: Poll;
  decimals: number;
  vote: ReturnType<typeof useVote>;
}) {
  const open = isOpen(poll.expiresAt);
  const { upcoming, msLeft } = useOpening(poll.startsAt);
  if (upcoming) return <UpcomingPoll poll={poll} msLeft={msLeft} />;
  if (poll.kind === 'ranked')
    return (
      <Suspense fallback={null}>
        <RankedChoice
          poll={poll}
          busy={voting}
          onRanking={open && !poll.hasVoted ? (ranking) => void cast(ranking[0]!, undefined, ranking) : undefined}
        />
      </Suspense>
    );
  return (
    <>
      <PollOptions
        poll={poll}
        open={open}
        hasVoted={poll.hasVoted}
        options={poll.options}
        total={poll.totalVotes}
        userChoice={poll.userChoice}
        decimals={decimals}
        disabled={voting || !open}
        pending={pending}
        onVote={(optionIndex) => void cast(optionIndex)}
        maxChoices={poll.maxChoices ?? 1}
        userChoices={choicesOf(poll)}
        onBallot={(optionIndexes) => void cast(optionIndexes[0]!, optionIndexes)}
      />
      {poll.kind === 'quiz' ? (
        <Suspense fallback={null}>
          <QuizVerdict poll={poll} />
        </Suspense>
      ) : null}
      {canChangeVote(poll, poll.hasVoted) ? (
        <Suspense fallback={null}>
          <VoteChange poll={poll} />
        </Suspense>
      ) : null}
    </>
  );
}
