import { limits, type FriendSummary, type Poll } from '@meydan/proto';
import { lazy, Suspense, useRef, useState } from 'react';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { ChartIcon, ClockIcon, UsersIcon } from '../../ui/icons';
import { nameOf } from '../../lib/avatar';
import { feedCategory } from '../../lib/categories';
import { shortTimeLeft } from '../../lib/duration';
import { isOpen } from '../../lib/time';
import { Avatar } from '../../ui/Avatar';
import { CategoryBadge, Pill } from '../../ui/CategoryBadge';
import { Action, Card, CardDescription, CardFooter, CardHead, CardTitle, TimeLeft } from './cardParts';
import { useVote } from './useVote';
import { CardBallot } from './CardBallot';
import { useLivePoll } from './useLivePoll';

// Fetched when first opened, with the dialog library: not part of the first load of / (web/scripts/initial-js.ts).
const AnalysisDialog = lazy(async () => ({ default: (await import('./AnalysisDialog')).AnalysisDialog }));

/** Up to `max` of the friends the answer names, and how many more of `total` there are ('+N'). */
export function friendsRow(friends: readonly FriendSummary[], max: number, total: number = friends.length) {
  const shown = friends.slice(0, max);
  return { shown, more: Math.max(0, total - shown.length) };
}

/** The card's circle: the answer names a few friends and counts them all (`friendsCount`, `friendsVotedCount`). */
export function friendsCircle(poll: Pick<Poll, 'friends' | 'friendsCount' | 'friendsVotedCount'>) {
  const friends = poll.friends ?? [];
  const voted = friends.filter((f) => f.hasVoted);
  const waiting = friends.filter((f) => !f.hasVoted);
  const count = poll.friendsCount ?? friends.length;
  const votedCount = poll.friendsVotedCount ?? voted.length;
  return {
    count,
    votedCount,
    votedRow: friendsRow(voted, limits.poll.friendsVotedAvatars, votedCount),
    waitingRow: friendsRow(waiting, limits.poll.friendsUnvotedAvatars, count - votedCount),
  };
}

/** Whether 'Grup Analizi' is offered: the viewer voted and the poll has more than one vote. */
export function groupAnalysisAvailable(poll: Pick<Poll, 'hasVoted' | 'totalVotes' | 'resultsVisible'>): boolean {
  // Not while the poll's results visibility hides the counts (the analysis is made of them).
  return poll.hasVoted && poll.totalVotes >= limits.poll.groupAnalysisMinVotes && poll.resultsVisible !== false;
}

/** The friends' circle card: who of the circle voted, whole percentages, and the group analysis. */
export function FriendsPollCard({ poll }: { poll: Poll }) {
  const ref = useRef<HTMLElement>(null);
  const vote = useVote(poll);
  const [analysisOpen, setAnalysisOpen] = useState(false);
  const open = isOpen(poll.expiresAt);
  // Live counts of a Dost Meclisi poll are for its creator and those who voted on it (polls.can-view refuses the
  // others, for good; the server shows the creator the counts, resultsVisible): the card follows once the server holds
  // the vote, not on the choice shown while the vote is on its way.
  useLivePoll(ref, poll.id, (poll.hasVoted || poll.resultsVisible === true) && !vote.voting);

  const { count, votedCount, votedRow, waitingRow } = friendsCircle(poll);

  return (
    <FriendsCard ref={ref} data-poll-id={poll.id} data-poll-type="friends" aria-labelledby={`poll-${poll.id}-title`}>
      <CardHead
        poll={poll}
        aside={
          <>
            <Pill $color="#8b5cf6" $size="sm">
              <UsersIcon />
              {tr.poll.friendsBadge}
            </Pill>
            <CategoryBadge look={feedCategory(poll.category)} size="sm" />
          </>
        }
      />
      <TimeLeft $over={!open}>
        <ClockIcon />
        {shortTimeLeft(poll.expiresAt)}
      </TimeLeft>
      <div>
        <CardTitle id={`poll-${poll.id}-title`}>{poll.title}</CardTitle>
        {poll.description ? <CardDescription>{poll.description}</CardDescription> : null}
      </div>
      {count ? (
        <Circle>
          <Faces aria-label={tr.poll.friendsVotedLabel} data-friends="voted">
            {votedRow.shown.map((f) => (
              <Avatar key={f.id} name={nameOf(f)} src={f.avatarUrl} size="sm" />
            ))}
            {votedRow.more ? <More>{tr.poll.moreFriends(votedRow.more)}</More> : null}
          </Faces>
          <Faces aria-label={tr.poll.friendsWaitingLabel} data-friends="waiting" $dim>
            {waitingRow.shown.map((f) => (
              <Avatar key={f.id} name={nameOf(f)} src={f.avatarUrl} size="sm" />
            ))}
            {waitingRow.more ? <More>{tr.poll.moreFriends(waitingRow.more)}</More> : null}
          </Faces>
          <Tally data-friends="tally">{tr.poll.friendsVoted(votedCount, count)}</Tally>
        </Circle>
      ) : null}
      {poll.hasVoted ? null : (
        <Note data-friends="vote-visible">
          <UsersIcon />
          {tr.poll.friendsVoteVisible}
        </Note>
      )}
      {/* The split is only the voters' and the creator's (the server sends it to no one else), also once the poll has ended. */}
      <CardBallot poll={poll} decimals={limits.poll.publicPercentDecimals} vote={vote} />
      <CardFooter
        poll={poll}
        extra={
          groupAnalysisAvailable(poll) ? (
            <Action onClick={() => setAnalysisOpen(true)} title={tr.poll.groupAnalysis}>
              <ChartIcon />
              {tr.poll.groupAnalysis}
            </Action>
          ) : null
        }
      />
      {analysisOpen ? (
        <Suspense fallback={null}>
          <AnalysisDialog poll={poll} onClose={() => setAnalysisOpen(false)} />
        </Suspense>
      ) : null}
    </FriendsCard>
  );
}

const FriendsCard = styled(Card)`
  border-color: color-mix(in srgb, #8b5cf6 45%, ${({ theme }) => theme.colors.border});
  background: linear-gradient(
    180deg,
    color-mix(in srgb, #8b5cf6 8%, ${({ theme }) => theme.colors.surface}) 0%,
    ${({ theme }) => theme.colors.surface} 40%
  );

  ${Pill} svg { width: 0.85rem; height: 0.85rem; }
`;

const Circle = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
`;

const Faces = styled.div<{ $dim?: boolean }>`
  display: flex;
  align-items: center;
  opacity: ${({ $dim }) => ($dim ? 0.55 : 1)};

  & > * { margin-left: -0.35rem; box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface}; }
  & > *:first-child { margin-left: 0; }
  &:empty { display: none; }
`;

const More = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 1.75rem;
  height: 1.75rem;
  padding: 0 0.3rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.7rem;
  font-weight: 700;
`;

const Note = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 0.4rem;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};

  svg { flex-shrink: 0; width: 0.9rem; height: 0.9rem; margin-top: 0.1rem; }
`;

const Tally = styled.span`
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;
