import type { Poll } from '@meydan/proto';
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { tr } from '../../i18n/tr';
import { trCreator } from '../../i18n/tr-creator';
import { trProfile } from '../../i18n/tr-profile';
import { Button, buttonStyles } from '../../ui/buttons';
import { profileCategory } from '../../lib/categories';
import { formatDateTime, isOpen } from '../../lib/time';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Pager } from '../../ui/Pager';
import { CreatorControls } from '../polls/cardParts';
import { EditedMark } from '../polls/EditedMark';
import { resultsDownloadable } from '../polls/resultsVisibility';
import { pollPagePath, pollShareUrl } from '../polls/share';
import { useToast } from '../toasts/useToast';
import { useDeletePollMutation } from './profileApi';

export const LIST_PAGE_SIZE = 10;

export interface PollListProps {
  polls: Poll[];
  ownerId: string;
  /** The owner may delete; shareable lists show the link with a copy button. */
  canDelete: boolean;
  showLink: boolean;
  empty: string;
}

/**
 * A paginated list of a member's polls: title, category, votes, time; the owner edits and closes them (the cards'
 * controls, share-link polls included) and deletes after a confirm.
 */
export function PollList({ polls, ownerId, canDelete, showLink, empty }: PollListProps) {
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<Poll | null>(null);
  const [deletePoll] = useDeletePollMutation();
  const toast = useToast();
  const pages = Math.max(1, Math.ceil(polls.length / LIST_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = polls.slice((current - 1) * LIST_PAGE_SIZE, current * LIST_PAGE_SIZE);

  const confirmDelete = async (poll: Poll) => {
    try {
      await deletePoll({ pollId: poll.id, userId: ownerId }).unwrap();
      toast({
        title: trProfile.profile.deleteSuccessTitle,
        description: trProfile.profile.deleteSuccessText,
        variant: 'success',
      });
    } catch (err) {
      toast({
        title: trProfile.profile.deleteFailedTitle,
        description: apiErrorMessage(err) ?? trProfile.profile.deleteFailedText,
        variant: 'error',
      });
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: tr.poll.linkCopied, description: url, variant: 'success' });
    } catch {
      toast({ title: tr.poll.copyFailed, description: url, variant: 'error' });
    }
  };

  if (polls.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      <List>
        {shown.map((poll) => {
          const url = showLink && poll.shortUrl ? pollShareUrl(poll) : null;
          return (
            <Item key={poll.id} data-poll={poll.id}>
              <Head>
                <h3>
                  <Link to={pollPagePath(poll)}>{poll.title}</Link>
                </h3>
                <CategoryBadge look={profileCategory(poll.category)} size="sm" />
              </Head>
              <Meta>
                {trProfile.profile.votesCount(poll.totalVotes)} ·{' '}
                <time dateTime={poll.createdAt}>{formatDateTime(poll.createdAt)}</time>
              </Meta>
              <EditedMark poll={poll} />
              {url ? (
                <LinkRow>
                  <input
                    readOnly
                    value={url}
                    aria-label={trProfile.profile.shareLinkLabel(poll.title)}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button $size="sm" $variant="ghost" onClick={() => void copy(url)}>
                    {trProfile.profile.copyLink}
                  </Button>
                </LinkRow>
              ) : null}
              {canDelete ? (
                <Actions>
                  {/* Edit (first minute, until the first vote) and close early, as on the cards: share-link polls too. */}
                  <Suspense fallback={null}>
                    <CreatorControls poll={poll} withResults={false} named />
                  </Suspense>
                  {resultsDownloadable(poll, isOpen(poll.expiresAt)) ? (
                    <>
                      <DownloadLink
                        $size="sm"
                        $variant="ghost"
                        href={`/api/polls/${encodeURIComponent(poll.id)}/results.csv`}
                        download
                        aria-label={`${trCreator.resultsCsv}: ${poll.title}`}
                      >
                        {trCreator.resultsCsv}
                      </DownloadLink>
                      <DownloadLink
                        $size="sm"
                        $variant="ghost"
                        href={`/api/polls/${encodeURIComponent(poll.id)}/results.xlsx`}
                        download
                        aria-label={`${trCreator.resultsXlsx}: ${poll.title}`}
                      >
                        {trCreator.resultsXlsx}
                      </DownloadLink>
                    </>
                  ) : null}
                  <Button
                    $size="sm"
                    $variant="danger"
                    onClick={() => setToDelete(poll)}
                    aria-label={`${trProfile.profile.deletePoll}: ${poll.title}`}
                  >
                    {trProfile.profile.deletePoll}
                  </Button>
                </Actions>
              ) : null}
            </Item>
          );
        })}
      </List>
      <Pager page={current} pages={pages} onPage={setPage} />
      <ConfirmDialog
        open={toDelete !== null}
        title={trProfile.profile.deleteTitle}
        description={trProfile.profile.deleteText}
        confirmLabel={trProfile.profile.deleteConfirm}
        onConfirm={() => {
          if (toDelete) void confirmDelete(toDelete);
          setToDelete(null);
        }}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
      />
    </>
  );
}

const DownloadLink = styled.a<{ $size?: 'sm'; $variant?: 'ghost' }>`
  ${buttonStyles}
`;

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

export const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;

  h3 { font-size: 1rem; font-weight: 700; }
  h3 a { color: inherit; text-decoration: none; }
  h3 a:hover, h3 a:focus-visible { text-decoration: underline; }
`;

export const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const LinkRow = styled.div`
  display: flex;
  gap: 0.5rem;

  input {
    flex: 1;
    min-width: 0;
    padding: 0.375rem 0.5rem;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.8125rem;
  }
`;

// Targets 0.75rem apart (more than WCAG 2.5.8's 24 px spacing for the 2rem buttons), and the destructive one, last,
// further from the download before it.
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 0.75rem;

  & > :last-child:not(:first-child) { margin-inline-start: 0.5rem; }
`;

export const Empty = styled.p`
  padding: 1.5rem 0.5rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
