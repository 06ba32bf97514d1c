import type { Poll } from '@meydan/proto';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../ui/lazyComponent';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { CommentIcon, FlagIcon, HeartIcon, ShareIcon } from '../../ui/icons';
import { nameOf } from '../../lib/avatar';
import { relativeTime } from '../../lib/time';
import { Avatar } from '../../ui/Avatar';
import { useCurrentUser, useMemberGate } from '../session/sessionApi';
import { useLikeMutation } from './pollsApi';
import { formatCount } from '../../lib/format';

// Opened on demand, with their forms' validators: a reader scrolling the feed downloads neither.
const CommentsThread = lazy(async () => ({ default: (await import('./CommentsThread')).CommentsThread }));
const ReportDialog = lazy(async () => ({ default: (await import('./ReportDialog')).ReportDialog }));
const PollShareDialog = lazy(async () => ({ default: (await import('./PollShareDialog')).PollShareDialog }));
// Only a poll's creator sees these (edit in the first minute, close early, results file).
export const CreatorControls = lazyComponent(() => import('./CreatorControls'), 'CreatorControls');

export const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
  padding: 1.1rem 1.15rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  min-width: 0;
`;

export const CardTitle = styled.h2`
  font-size: 1.125rem;
  font-weight: 750;
  line-height: 1.35;
  overflow-wrap: anywhere;
`;

export const CardDescription = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.95rem;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

export const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.6rem;
`;

export const TimeLeft = styled.span<{ $over?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  font-size: 0.8rem;
  font-weight: 600;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};

  svg { width: 0.95rem; height: 0.95rem; }
`;

/** Creator avatar, name and when the poll was asked; `aside` on the right (time left, badges). */
export function CardHead({ poll, aside }: { poll: Poll; aside?: ReactNode }) {
  const name = nameOf(poll.creator) || tr.poll.by;
  return (
    <>
      <Head>
        <Who>
          <Avatar name={name} src={poll.creator?.avatarUrl} size="md" decorative />
          <div>
            <Name>{name}</Name>
            <When dateTime={poll.createdAt}>{relativeTime(poll.createdAt)}</When>
            {/* The creator changed its text (only ever before its first vote). */}
            {poll.editedAt ? (
              <When as="span" data-edited={poll.editedAt}>
                {tr.poll.edited}
              </When>
            ) : null}
          </div>
        </Who>
        {aside ? <Aside>{aside}</Aside> : null}
      </Head>
      {/* Held for review by the word filter: only the creator gets the poll at all, so only they read this. */}
      {poll.held ? (
        <When as="p" role="note" data-held>
          {tr.poll.held}
        </When>
      ) : null}
    </>
  );
}

const Head = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  min-width: 0;
`;

const Name = styled.p`
  font-weight: 700;
  font-size: 0.95rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const When = styled.time`
  display: block;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Aside = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: 0.35rem;
`;

/** 'oy' and 'yorum' counts, like, comment (thread with composer), share and report. */
export function CardFooter({ poll, extra }: { poll: Poll; extra?: ReactNode }) {
  const gate = useMemberGate();
  const [like] = useLikeMutation();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const { user } = useCurrentUser();

  return (
    <>
      {user && user.id === poll.creatorId ? (
        <Suspense fallback={<CreatorSpace aria-hidden="true" />}>
          <CreatorControls poll={poll} />
        </Suspense>
      ) : null}
      <Footer>
        <Counts>
          <span data-count="votes">
            <strong>{formatCount(poll.totalVotes)}</strong> {tr.poll.votesLabel}
          </span>
          <span aria-hidden="true">·</span>
          <span data-count="comments">
            <strong>{formatCount(poll.commentsCount)}</strong> {tr.poll.commentsLabel}
          </span>
        </Counts>
        <Buttons>
          {extra}
          <Action
            aria-pressed={poll.isLiked}
            aria-label={tr.poll.likeButton(poll.isLiked ? tr.poll.unlike : tr.poll.like, poll.likesCount)}
            title={poll.isLiked ? tr.poll.unlike : tr.poll.like}
            $active={poll.isLiked}
            onClick={() => gate('like', () => like({ pollId: poll.id, liked: poll.isLiked }))}
          >
            <HeartIcon filled={poll.isLiked} />
            <span data-count="likes">{formatCount(poll.likesCount)}</span>
          </Action>
          <Action
            aria-expanded={commentsOpen}
            aria-label={tr.poll.comment}
            title={tr.poll.comment}
            $active={commentsOpen}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            <CommentIcon />
          </Action>
          <Action
            aria-label={tr.poll.share}
            title={tr.poll.share}
            aria-haspopup="dialog"
            onClick={() => setShareOpen(true)}
          >
            <ShareIcon />
          </Action>
          <Action
            aria-label={tr.poll.report}
            title={tr.poll.report}
            onClick={() => gate('report', () => setReportOpen(true))}
          >
            <FlagIcon />
          </Action>
        </Buttons>
      </Footer>
      <Suspense fallback={null}>
        {commentsOpen ? <CommentsThread pollId={poll.id} /> : null}
        {reportOpen ? <ReportDialog pollId={poll.id} onClose={() => setReportOpen(false)} /> : null}
        {shareOpen ? <PollShareDialog poll={poll} onClose={() => setShareOpen(false)} /> : null}
      </Suspense>
    </>
  );
}

/** The creator's row of small buttons, kept while its chunk arrives. */
const CreatorSpace = styled.div`
  min-height: 2rem;
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding-top: 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Counts = styled.div`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};

  strong { color: ${({ theme }) => theme.colors.text}; font-variant-numeric: tabular-nums; }
`;

const Buttons = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

export const Action = styled.button.attrs({ type: 'button' })<{ $active?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  min-height: 2.25rem;
  min-width: 2.25rem;
  justify-content: center;
  padding: 0 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.textMuted)};
  font-size: 0.875rem;
  font-weight: 600;
  cursor: pointer;

  svg { width: 1.15rem; height: 1.15rem; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
`;
