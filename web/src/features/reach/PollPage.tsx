import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorStatus } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { trReach } from '../../i18n/tr-reach';
import { Button, ButtonLink } from '../../ui/buttons';
import { useDocumentTitle } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { CreatorControls } from '../polls/cardParts';
import { CommentsThread } from '../polls/CommentsThread';
import { BallotForm } from '../polls/OptionsView';
import { FlowsPanel } from '../polls/FlowsPanel';
import { PollCard } from '../polls/PollCard';
import { usePollQuery } from '../polls/pollsApi';
import { useCurrentUser } from '../session/sessionApi';
import { dialogOpened } from '../../store/uiSlice';

/** The card's parts loaded on demand, fetched with this screen at start-up (app/router.tsx) so its first view is whole. */
export const parts = () => Promise.all([BallotForm.load(), CreatorControls.load()]);

/**
 * /anket/:id — a poll's own page: the poll with its live counts and actions, and its comments below. The API decides
 * who sees it. A poll it will not show is not found, whether it does not exist or is not the reader's to see (a
 * members' or friends' poll): the page tells no one that such a poll is there, and offers a visitor to sign in.
 */
export function PollPage() {
  const { id = '' } = useParams();
  const { data: poll, error, isLoading } = usePollQuery(id);
  const missing = apiErrorStatus(error) === 404;
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  const t = trReach.pollPage;

  let title: string = poll?.title ?? t.loading;
  let text: string | null = null;
  if (!poll && error) {
    if (!missing) [title, text] = [t.loadFailedTitle, t.loadFailedText];
    else [title, text] = [t.notFoundTitle, user ? t.notFoundText : t.notFoundVisitorText];
  }
  useDocumentTitle(title);

  if (poll) {
    return (
      <Screen aria-labelledby="page-title" data-poll-page={poll.id}>
        <VisuallyHidden asChild>
          <h1 id="page-title">{poll.title}</h1>
        </VisuallyHidden>
        <PollCard poll={poll} />
        <FlowsPanel poll={poll} />
        <section aria-labelledby="poll-comments">
          <h2 id="poll-comments">{t.commentsHeading}</h2>
          <CommentsThread pollId={poll.id} />
        </section>
      </Screen>
    );
  }
  if (isLoading || text === null) {
    return (
      <Screen aria-labelledby="page-title">
        <VisuallyHidden asChild>
          <h1 id="page-title">{t.loading}</h1>
        </VisuallyHidden>
        <Spinner withText />
      </Screen>
    );
  }
  const asksSignIn = missing && !user;
  return (
    <Screen aria-labelledby="page-title" data-poll-missing="missing">
      <Box>
        <h1 id="page-title">{title}</h1>
        <p>{text}</p>
        <Actions>
          {asksSignIn ? (
            <Button $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>
              {t.signIn}
            </Button>
          ) : null}
          <ButtonLink to="/" $variant={asksSignIn ? 'ghost' : 'primary'}>
            {t.backHome}
          </ButtonLink>
        </Actions>
      </Box>
    </Screen>
  );
}

const Screen = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  max-width: 44rem;
  width: 100%;
  margin: 0 auto;

  h2#poll-comments {
    font-size: 1.125rem;
    font-weight: 750;
    margin-bottom: 0.5rem;
  }
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 2rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h1 { font-size: 1.5rem; font-weight: 800; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;
