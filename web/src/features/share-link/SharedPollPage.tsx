import { defaultShareVoteMode, limits, type ShareLinkPoll } from '@meydan/proto';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { apiErrorStatus } from '../../store/api';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { Button, ButtonLink } from '../../ui/buttons';
import { CopyIcon } from '../../ui/icons';
import { useDocumentTitle } from '../../ui/Page';
import { nameOf } from '../../lib/avatar';
import { pageBadge } from '../../lib/categories';
import { choicesOf, votersOf, votesFromCounts } from '../../lib/polls';
import { isOpen, relativeTime } from '../../lib/time';
import { Avatar } from '../../ui/Avatar';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { PoliteAnnouncement } from '../../ui/PoliteAnnouncement';
import { Spinner } from '../../ui/Spinner';
import { CreatorControls } from '../polls/cardParts';
import { EditedMark } from '../polls/EditedMark';
import { PollOptions } from '../polls/PollOptions';
import { RankedChoice } from '../polls/OptionsView';
import { copyText } from '../polls/share';
import { useAppDispatch } from '../../store/store';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { dialogOpened } from '../../store/uiSlice';
import { useShareLinkPollQuery, useShareLinkSharedMutation } from './shareLinkApi';
import { useVote } from '../polls/useVote';
import { QuizVerdict } from '../polls/QuizVerdict';
import { VoteChange } from '../polls/VoteChange';
import { UpcomingPoll, useOpening } from '../polls/Upcoming';

/**
 * /s/:shortUrl — the public page of a share-link poll; anyone holding the link votes once, without an account. Its
 * creator finds their controls here (edit, close early, results file).
 * Counts arrive live over the socket; until the visitor has voted they are also re-fetched every 10 seconds.
 */
export function SharedPollPage() {
  const { shortUrl = '' } = useParams();
  const { data, error, isLoading, notFound, hasVoted, voting, feedback, choose, copyLink } = useSharedPoll(shortUrl);

  if (isLoading) {
    return (
      <Frame data-short-url={shortUrl}>
        <Spinner withText />
      </Frame>
    );
  }

  if (notFound || (!data && error)) {
    return (
      <Frame data-short-url={shortUrl}>
        <Box data-share-missing>
          <h1 id="page-title">{notFound ? trPolls.publicPoll.notFoundTitle : trPolls.publicPoll.loadFailedTitle}</h1>
          <p>{notFound ? trPolls.publicPoll.notFoundText : trPolls.publicPoll.loadFailedText}</p>
          <ButtonLink to="/" $variant="primary">
            {tr.notFound.backHome}
          </ButtonLink>
        </Box>
      </Frame>
    );
  }
  if (!data) return null;

  return (
    <Frame data-short-url={shortUrl} data-poll-id={data.poll.id}>
      <SharedPollCard
        data={data}
        hasVoted={hasVoted}
        voting={voting}
        feedback={feedback}
        onChoose={choose}
        onCopyLink={copyLink}
      />
    </Frame>
  );
}

/**
 * The poll behind a share link, re-fetched until the visitor has voted, its load failures told once each, the vote
 * through the link and the copy of the link.
 */
function useSharedPoll(shortUrl: string) {
  const toast = useToast();
  const [voted, setVoted] = useState(false);
  const { data, error, isLoading } = useShareLinkPollQuery(shortUrl, {
    pollingInterval: voted ? 0 : limits.refresh.publicPollMs,
    skipPollingIfUnfocused: false,
  });
  const hasVoted = Boolean(data?.hasVoted);
  useEffect(() => {
    if (hasVoted) setVoted(true);
  }, [hasVoted]);

  const { cast, voting } = useVote({ id: data?.poll.id ?? '' }, { code: shortUrl });
  const [countShare] = useShareLinkSharedMutation();
  const [feedback, setFeedback] = useState<string | null>(null);
  const status = apiErrorStatus(error);
  const notFound = status === 404;
  useDocumentTitle(data?.poll.title ?? (notFound ? trPolls.publicPoll.notFoundTitle : trPolls.publicPoll.title));

  // The spec's load toasts, once per failure (the 10-second refetch must not repeat them).
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!error) {
      toasted.current = null;
      return;
    }
    const kind = notFound ? 'missing' : 'failed';
    if (toasted.current === kind) return;
    toasted.current = kind;
    if (notFound)
      toast({
        title: trPolls.publicPoll.notFoundToast,
        description: trPolls.publicPoll.notFoundText,
        variant: 'error',
      });
    else
      toast({
        title: trPolls.publicPoll.loadFailedTitle,
        description: trPolls.publicPoll.loadFailedText,
        variant: 'error',
      });
  }, [error, notFound, toast]);

  async function choose(optionIndex: number, optionIndexes?: number[], ranking?: number[]) {
    const answer = await cast(optionIndex, optionIndexes, ranking);
    if (!answer) return;
    setVoted(true);
    setFeedback(answer.feedback ?? null);
  }

  async function copyLink() {
    const url = `${globalThis.location.origin}/s/${shortUrl}`;
    if (await copyText(url)) {
      toast({ title: tr.poll.linkCopied, variant: 'success' });
      void countShare(shortUrl);
    } else {
      toast({ title: tr.poll.copyFailed, variant: 'error' });
    }
  }

  return { data, error, isLoading, notFound, hasVoted, voting, feedback, choose, copyLink };
}

interface SharedPollCardProps {
  data: ShareLinkPoll;
  hasVoted: boolean;
  voting: boolean;
  feedback: string | null;
  onChoose: (optionIndex: number, optionIndexes?: number[], ranking?: number[]) => Promise<void>;
  onCopyLink: () => Promise<void>;
}

/** The poll itself: its live total, the options, the creator's rule for votes through the link, and the links out. */
function SharedPollCard({ data, hasVoted, voting, feedback, onChoose, onCopyLink }: SharedPollCardProps) {
  const dispatch = useAppDispatch();
  const { isMember, user } = useCurrentUser();
  const { poll } = data;
  const votes = votesFromCounts(data.voteCounts, poll.options.length);
  const total = votersOf(poll, votes);
  const options = poll.options.map((o, i) => ({ ...o, votes: votes[i] ?? 0 }));
  const open = isOpen(poll.expiresAt);
  // A scheduled poll before its opening: 'Yakında' with its countdown instead of the vote buttons.
  const { upcoming, msLeft } = useOpening(poll.startsAt);
  const creatorName = nameOf(data.creator) || nameOf(poll.creator);
  // The creator's rule for votes through the link; 'members' leaves a visitor only the way in.
  const rule = poll.shareVoteMode ?? defaultShareVoteMode;
  const membersOnly = rule === 'members' && !isMember && !hasVoted;

  return (
    <Box as="article" aria-labelledby="page-title">
      <Top>
        <CategoryBadge look={pageBadge(poll.category)} size="md" />
        <Total data-total>
          {!hasVoted && open && !upcoming ? (
            <Live data-live>
              <Dot aria-hidden="true" />
              {trPolls.publicPoll.live}
            </Live>
          ) : null}
          <strong>{trPolls.publicPoll.totalVotes(total)}</strong>
          <PoliteAnnouncement text={trPolls.publicPoll.totalAnnouncement(total)} name="total" />
        </Total>
      </Top>
      <h1 id="page-title">{poll.title}</h1>
      {poll.description ? <Description>{poll.description}</Description> : null}
      <Creator>
        <Avatar name={creatorName} src={data.creator.avatarUrl} size="sm" decorative />
        <span>{trPolls.publicPoll.askedBy(creatorName)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={poll.createdAt}>{relativeTime(poll.createdAt)}</time>
        <EditedMark poll={poll} />
      </Creator>
      {/* Its creator edits it (first minute, until the first vote) and closes it here too, as on a card. */}
      {user && user.id === poll.creatorId ? (
        <Suspense fallback={null}>
          <CreatorControls poll={poll} />
        </Suspense>
      ) : null}
      {upcoming ? (
        <UpcomingPoll poll={poll} msLeft={msLeft} remindable={false} />
      ) : poll.kind === 'ranked' ? (
        <Suspense fallback={null}>
          <RankedChoice
            poll={{ ...poll, hasVoted, userChoices: data.userChoices ?? choicesOf(poll) }}
            busy={voting}
            refresh={false}
            onRanking={
              open && !hasVoted && !membersOnly
                ? (ranking) => void onChoose(ranking[0]!, undefined, ranking)
                : undefined
            }
          />
        </Suspense>
      ) : (
        <PollOptions
          poll={poll}
          open={open}
          hasVoted={hasVoted}
          options={options}
          total={total}
          userChoice={data.userChoice}
          decimals={limits.poll.publicPercentDecimals}
          disabled={voting || hasVoted || !open || membersOnly}
          onVote={(optionIndex) => void onChoose(optionIndex)}
          maxChoices={poll.maxChoices ?? 1}
          userChoices={data.userChoices ?? choicesOf(poll)}
          pending={voting ? -1 : null}
          onBallot={(optionIndexes) => void onChoose(optionIndexes[0]!, optionIndexes)}
        />
      )}
      {!upcoming && poll.kind === 'quiz' ? <QuizVerdict poll={poll} /> : null}
      {upcoming ? null : <VoteChange poll={poll} via={{ code: poll.shortUrl ?? '' }} />}
      {open && !hasVoted && !upcoming ? (
        <Rule data-share-vote-rule={rule} role={membersOnly ? 'status' : undefined}>
          {trPolls.publicPoll.voteRule[rule]}
          {membersOnly ? (
            <Button $size="sm" $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>
              {trPolls.publicPoll.signIn}
            </Button>
          ) : null}
        </Rule>
      ) : null}
      {!open ? <Description>{trPolls.publicPoll.closed}</Description> : null}
      {hasVoted && feedback ? <Feedback role="status">{feedback}</Feedback> : null}
      <Bottom>
        <Button onClick={onCopyLink}>
          <CopyIcon />
          {trPolls.publicPoll.copyLink}
        </Button>
        <ButtonLink to="/" $variant="subtle">
          {trPolls.publicPoll.homeLink}
        </ButtonLink>
      </Bottom>
    </Box>
  );
}

const Frame = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  width: 100%;
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h1 { font-size: clamp(1.4rem, 1.1rem + 1vw, 1.9rem); font-weight: 800; overflow-wrap: anywhere; }
  & > p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
`;

const Total = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-variant-numeric: tabular-nums;
`;

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgb(239 68 68 / 0.6); }
  70% { box-shadow: 0 0 0 8px rgb(239 68 68 / 0); }
  100% { box-shadow: 0 0 0 0 rgb(239 68 68 / 0); }
`;

const Live = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0.15rem 0.5rem;
  border-radius: 999px;
  background: color-mix(in srgb, ${({ theme }) => theme.colors.danger} 15%, transparent);
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.75rem;
  font-weight: 800;
  text-transform: uppercase;
  letter-spacing: 0.05em;
`;

const Dot = styled.span`
  width: 0.5rem;
  height: 0.5rem;
  border-radius: 50%;
  background: #ef4444;
  animation: ${pulse} 1.6s infinite;
`;

const Description = styled.p`
  white-space: pre-line;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Creator = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Rule = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Feedback = styled.p`
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.success} 15%, transparent);
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;

  & > * { flex: 1 1 12rem; }
  a { white-space: normal; text-align: center; }
`;
