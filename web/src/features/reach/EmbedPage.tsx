import type { Poll } from '@meydan/proto';
import { Suspense, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorStatus, setEmbedVisitor } from '../../store/api';
import { trReach } from '../../i18n/tr-reach';
import { useDocumentTitle } from '../../ui/Page';
import { choicesOf, votersOf, votesFromCounts } from '../../lib/polls';
import { isOpen } from '../../lib/time';
import { PoliteAnnouncement } from '../../ui/PoliteAnnouncement';
import { PollOptions } from '../polls/PollOptions';
import { RankedChoice } from '../polls/OptionsView';
import { QuizVerdict } from '../polls/QuizVerdict';
import { VoteChange } from '../polls/VoteChange';
import { UpcomingPoll, useOpening } from '../polls/Upcoming';
import { useVote } from '../polls/useVote';
import { usePollQuery } from '../polls/pollsApi';
import { useLivePoll } from '../polls/useLivePoll';
import { useShareLinkPollQuery } from '../share-link/shareLinkApi';

const t = trReach.embed;
const VISITOR_KEY = 'meydan-embed-visitor';

/**
 * The embed's visitor id: inside another site's iframe the SameSite visitor cookie is not sent, so the embed keeps
 * a signed id of its own (from the gateway) in its session storage and sends it with every call.
 */
function useEmbedVisitor(): boolean {
  const [ready, setReady] = useState(() => {
    try {
      const kept = sessionStorage.getItem(VISITOR_KEY);
      if (kept) setEmbedVisitor(kept);
      return kept !== null;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (ready) return;
    let live = true;
    fetch('/api/embed/visitor', { credentials: 'same-origin' })
      .then((res) => res.json() as Promise<{ visitor: string }>)
      .then(({ visitor }) => {
        setEmbedVisitor(visitor);
        try {
          sessionStorage.setItem(VISITOR_KEY, visitor);
        } catch {
          // No storage in this frame: the id lives as long as the page.
        }
      })
      .catch(() => undefined)
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/** /embed/:code — a share-link poll in another site's iframe: vote without an account, live counts, a link back. */
export function EmbedSharePage() {
  const { code = '' } = useParams();
  const ready = useEmbedVisitor();
  const { data, error } = useShareLinkPollQuery(code, { skip: !ready });
  const [message, setMessage] = useState<string | null>(null);
  const via = { code, line: setMessage };
  const { cast, voting, pending } = useVote({ id: data?.poll.id ?? '' }, via);
  const link = `/s/${encodeURIComponent(code)}`;
  useDocumentTitle(data?.poll.title ?? t.loading);
  // A scheduled poll before its opening: 'Yakında' with its countdown instead of the vote buttons.
  const { upcoming, msLeft } = useOpening(data?.poll.startsAt);

  if (!data) return <EmbedStatus error={error} link={link} />;
  const { poll } = data;
  const votes = votesFromCounts(data.voteCounts, poll.options.length);
  const total = votersOf(poll, votes);
  const open = isOpen(poll.expiresAt);
  return (
    <EmbedFrame title={poll.title} total={total} link={link} pollId={poll.id}>
      {upcoming ? (
        <UpcomingPoll poll={poll} msLeft={msLeft} remindable={false} />
      ) : poll.kind === 'ranked' ? (
        <Suspense fallback={null}>
          <RankedChoice
            poll={{ ...poll, hasVoted: data.hasVoted, userChoices: data.userChoices ?? choicesOf(poll) }}
            busy={voting}
            refresh={false}
            onRanking={open && !data.hasVoted ? (ranking) => void cast(ranking[0]!, undefined, ranking) : undefined}
          />
        </Suspense>
      ) : (
        <PollOptions
          poll={poll}
          open={open}
          hasVoted={data.hasVoted}
          options={poll.options.map((o, i) => ({ ...o, votes: votes[i] ?? 0 }))}
          total={total}
          userChoice={data.userChoice}
          decimals={0}
          disabled={voting || !open}
          pending={pending}
          onVote={(optionIndex) => void cast(optionIndex)}
          maxChoices={poll.maxChoices ?? 1}
          userChoices={data.userChoices ?? choicesOf(poll)}
          onBallot={(optionIndexes) => void cast(optionIndexes[0]!, optionIndexes)}
        />
      )}
      {!upcoming && poll.kind === 'quiz' ? <QuizVerdict poll={poll} /> : null}
      {upcoming ? null : <VoteChange poll={poll} via={via} />}
      {!open ? <Note>{t.closed}</Note> : null}
      {message ? <Note role="status">{message}</Note> : null}
    </EmbedFrame>
  );
}

/** /embed/anket/:id — a public poll in another site's iframe: live counts, and a link to vote on Meydan. */
export function EmbedPollPage() {
  const { id = '' } = useParams();
  const { data: poll, error } = usePollQuery(id);
  useDocumentTitle(poll?.title ?? t.loading);
  if (!poll) return <EmbedStatus error={error} link={`/anket/${encodeURIComponent(id)}`} />;
  return <LiveEmbed poll={poll} />;
}

function LiveEmbed({ poll }: { poll: Poll }) {
  const ref = useRef<HTMLElement>(null);
  useLivePoll(ref, poll.id);
  const { upcoming, msLeft } = useOpening(poll.startsAt);
  return (
    <EmbedFrame
      title={poll.title}
      total={poll.totalVotes}
      link={`/anket/${encodeURIComponent(poll.id)}`}
      pollId={poll.id}
      frameRef={ref}
      linkText={poll.hasVoted ? t.openOnMeydan : t.voteOnMeydan}
    >
      {upcoming ? (
        <UpcomingPoll poll={poll} msLeft={msLeft} remindable={false} />
      ) : poll.kind === 'ranked' ? (
        <Suspense fallback={null}>
          <RankedChoice poll={poll} />
        </Suspense>
      ) : (
        <PollOptions
          poll={poll}
          open={isOpen(poll.expiresAt)}
          hasVoted={poll.hasVoted}
          resultsOnly
          options={poll.options}
          total={poll.totalVotes}
          userChoice={poll.userChoice}
          userChoices={choicesOf(poll)}
          maxChoices={poll.maxChoices ?? 1}
          decimals={0}
        />
      )}
      {!upcoming && poll.kind === 'quiz' ? <QuizVerdict poll={poll} /> : null}
      {!isOpen(poll.expiresAt) ? <Note>{t.closed}</Note> : null}
    </EmbedFrame>
  );
}

function EmbedStatus({ error, link }: { error: unknown; link: string }) {
  const text = !error ? t.loading : apiErrorStatus(error) === 404 ? t.notFound : t.loadFailed;
  return (
    <Frame aria-labelledby="page-title">
      <h1 id="page-title">{text}</h1>
      {error ? (
        <BackLink href={link} target="_blank" rel="noopener">
          {t.openOnMeydan}
        </BackLink>
      ) : null}
    </Frame>
  );
}

function EmbedFrame(props: {
  title: string;
  total: number;
  link: string;
  pollId: string;
  children: ReactNode;
  frameRef?: Ref<HTMLElement>;
  linkText?: string;
}) {
  return (
    <Frame ref={props.frameRef} aria-labelledby="page-title" data-embed={props.pollId}>
      <h1 id="page-title">{props.title}</h1>
      {props.children}
      <Foot>
        <span data-count="votes">{t.votes(props.total)}</span>
        <BackLink href={props.link} target="_blank" rel="noopener">
          {props.linkText ?? t.openOnMeydan} <Hidden>{t.newTab}</Hidden>
        </BackLink>
      </Foot>
      <PoliteAnnouncement name="embed-votes" text={t.votes(props.total)} />
    </Frame>
  );
}

const Frame = styled.main`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  h1 { font-size: 1.125rem; font-weight: 750; line-height: 1.35; }
`;

const Foot = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const BackLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
