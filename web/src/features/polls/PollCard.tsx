import { limits, type Poll } from '@meydan/proto';
import { Suspense, useRef } from 'react';
import { tr } from '../../i18n/tr';
import { ClockIcon } from '../../ui/icons';
import { feedCategory } from '../../lib/categories';
import { cardTimeLeft, isOpen } from '../../lib/time';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { Card, CardDescription, CardFooter, CardHead, CardTitle, TimeLeft } from './cardParts';
import { useVote } from './useVote';
import { CardBallot } from './CardBallot';
import { useLivePoll } from './useLivePoll';
import { Spinner } from '../../ui/Spinner';
import { Hashtagged } from '../../ui/Hashtagged';
import { lazyComponent } from '../../ui/lazyComponent';

// Friends' circle polls are for members only: visitors, most of the first loads of /, never see this card.
const FriendsPollCard = lazyComponent(() => import('./FriendsPollCard'), 'FriendsPollCard');

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
  const vote = useVote(poll);
  const open = isOpen(poll.expiresAt);
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
      <CardBallot poll={poll} decimals={limits.poll.cardPercentDecimals} vote={vote} />
      {!open ? (
        <CardDescription data-ended>{poll.closedAt ? tr.poll.closedEarly : tr.poll.closed}</CardDescription>
      ) : null}
      <CardFooter poll={poll} />
    </Card>
  );
}
