import { limits, type Poll } from '@meydan/proto';
import { lazy, Suspense, useRef } from 'react';
import { tr } from '../../i18n/tr';
import { ClockIcon } from '../../ui/icons';
import { feedCategory } from '../../lib/categories';
import { choicesOf } from '../../lib/polls';
import { cardTimeLeft, isOpen } from '../../lib/time';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { Card, CardDescription, CardFooter, CardHead, CardTitle, TimeLeft } from './cardParts';
import { PollOptions } from './PollOptions';
import { useVote } from './useVote';
import { canChangeVote } from './voteChangeRule';
import { lazyComponent } from '../../ui/lazyComponent';
import { useLivePoll } from './useLivePoll';
import { Spinner } from '../../ui/Spinner';
import { Hashtagged } from '../../ui/Hashtagged';
import { UpcomingPoll, useOpening } from './Upcoming';

// Only under a voted poll that allows changing a vote: loaded when one is shown.
const VoteChange = lazyComponent(() => import('./VoteChange'), 'VoteChange');
// Only under a quiz ('Bilgi yarışması'): loaded when one is shown.
const QuizVerdict = lazyComponent(() => import('./QuizVerdict'), 'QuizVerdict');

// Friends' circle polls are for members only: visitors, most of the first loads of /, never see this card.
const FriendsPollCard = lazy(async () => ({ default: (await import('./FriendsPollCard')).FriendsPollCard }));

/** A poll on the feed; friends' circle polls get their own card. */
export function PollCard({ poll }: { poll: Poll }) {
  if (poll.type === 'friends') {
    return (
      <Suspense fallback={<Spinner />}>
        <FriendsPollCard poll={poll} />
      </Suspense>
    );
  }
  return <PublicPollCard poll={poll} />;
}

function PublicPollCard({ poll }: { poll: Poll }) {
  const ref = useRef<HTMLElement>(null);
  const { cast, voting, pending } = useVote(poll);
  const open = isOpen(poll.expiresAt);
  // A scheduled poll before its opening: 'Yakında' with its countdown, no vote buttons, until the countdown ends.
  const { upcoming, msLeft } = useOpening(poll.startsAt);
  useLivePoll(ref, poll.id);

  return (
    <Card ref={ref} data-poll-id={poll.id} data-poll-type={poll.type} aria-labelledby={`poll-${poll.id}-title`}>
      <CardHead
        poll={poll}
        aside={
          <>
            <TimeLeft $over={!open}>
              <ClockIcon />
              {cardTimeLeft(poll.expiresAt)}
            </TimeLeft>
            <CategoryBadge look={feedCategory(poll.category)} size="sm" />
          </>
        }
      />
      <div>
        <CardTitle id={`poll-${poll.id}-title`}>
          <Hashtagged text={poll.title} />
        </CardTitle>
        {poll.description ? (
          <CardDescription>
            <Hashtagged text={poll.description} />
          </CardDescription>
        ) : null}
      </div>
      {upcoming ? (
        <UpcomingPoll poll={poll} msLeft={msLeft} />
      ) : (
        <PollOptions
          poll={poll}
          open={open}
          hasVoted={poll.hasVoted}
          options={poll.options}
          total={poll.totalVotes}
          userChoice={poll.userChoice}
          decimals={limits.poll.cardPercentDecimals}
          disabled={voting || !open}
          pending={pending}
          onVote={(optionIndex) => void cast(optionIndex)}
          maxChoices={poll.maxChoices ?? 1}
          userChoices={choicesOf(poll)}
          onBallot={(optionIndexes) => void cast(optionIndexes[0]!, optionIndexes)}
        />
      )}
      {!upcoming && poll.kind === 'quiz' ? (
        <Suspense fallback={null}>
          <QuizVerdict poll={poll} />
        </Suspense>
      ) : null}
      {!upcoming && canChangeVote(poll, poll.hasVoted) ? (
        <Suspense fallback={null}>
          <VoteChange poll={poll} />
        </Suspense>
      ) : null}
      {!open ? (
        <CardDescription data-ended>{poll.closedAt ? tr.poll.closedEarly : tr.poll.closed}</CardDescription>
      ) : null}
      <CardFooter poll={poll} />
    </Card>
  );
}
