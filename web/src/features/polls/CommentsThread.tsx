import { limits } from '@meydan/proto';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { Button, LinkButton } from '../../ui/buttons';
import { FlagIcon, TrashIcon } from '../../ui/icons';
import { nameOf } from '../../lib/avatar';
import { relativeTime } from '../../lib/time';
import { fieldErrors, validateForm } from '../../lib/validation';
import { commentCreate as commentCreateValidator } from '../../generated/forms/commentCreate';
import { Avatar } from '../../ui/Avatar';
import { Counter, ErrorText, TextArea } from '../../ui/fields';
import { Spinner } from '../../ui/Spinner';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { dialogOpened } from '../../store/uiSlice';
import { useAddCommentMutation, useCommentsInfiniteQuery, useDeleteCommentMutation } from './commentsApi';
import { ReportDialog } from './ReportDialog';
import { HeldNote } from './HeldNote';

/** A poll's comments, newest first, with the composer for members. */
export function CommentsThread({ pollId }: { pollId: string }) {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useCommentsInfiniteQuery(pollId);
  const [remove] = useDeleteCommentMutation();
  const [reporting, setReporting] = useState<string | null>(null);
  const comments = data?.pages.flatMap((page) => page.comments) ?? [];

  return (
    <Thread aria-label={trPolls.comments.title}>
      {user ? (
        <Composer pollId={pollId} />
      ) : (
        <SignIn>
          {trPolls.comments.signIn}{' '}
          <LinkButton onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>{tr.nav.signIn}</LinkButton>
        </SignIn>
      )}
      {isLoading ? <Spinner /> : null}
      {isError ? <Muted>{trPolls.comments.loadFailed}</Muted> : null}
      {!isLoading && !isError && comments.length === 0 ? <Muted>{trPolls.comments.empty}</Muted> : null}
      <List>
        {comments.map((comment) => {
          const name = nameOf(comment.author);
          return (
            <Item key={comment.id} data-comment>
              <Avatar name={name} src={comment.author.avatarUrl} size="sm" decorative />
              <Body>
                <Line>
                  <strong>{name}</strong>
                  <time dateTime={comment.createdAt}>{relativeTime(comment.createdAt)}</time>
                  {user && comment.author.id === user.id ? (
                    <Remove
                      aria-label={trPolls.comments.deleteLabel}
                      title={trPolls.comments.delete}
                      onClick={() => remove({ pollId, commentId: comment.id })}
                    >
                      <TrashIcon />
                    </Remove>
                  ) : user ? (
                    <Remove
                      aria-label={trPolls.comments.reportLabel}
                      title={trPolls.comments.reportLabel}
                      data-action="report-comment"
                      onClick={() => setReporting(comment.id)}
                    >
                      <FlagIcon />
                    </Remove>
                  ) : null}
                </Line>
                <Text>{comment.text}</Text>
                {comment.held ? (
                  <HeldNote role="note" data-held>
                    {trPolls.comments.held}
                  </HeldNote>
                ) : null}
              </Body>
            </Item>
          );
        })}
      </List>
      {hasNextPage ? (
        <Button $size="sm" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {trPolls.comments.more}
        </Button>
      ) : null}
      {reporting ? <ReportDialog pollId={pollId} commentId={reporting} onClose={() => setReporting(null)} /> : null}
    </Thread>
  );
}

function Composer({ pollId }: { pollId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [add, { isLoading }] = useAddCommentMutation();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(commentCreateValidator, 'commentCreate', { text });
    if (!checked.ok) {
      setError(fieldErrors(checked.errors)['text'] ?? checked.message);
      return;
    }
    setError(undefined);
    try {
      await add({ pollId, text: text.trim() }).unwrap();
      setText('');
    } catch (err) {
      toast({ title: trPolls.comments.failed, description: apiErrorMessage(err), variant: 'error' });
    }
  }

  const used = [...text].length;
  return (
    <form onSubmit={submit} noValidate>
      <TextArea
        aria-label={trPolls.comments.label}
        placeholder={trPolls.comments.placeholder}
        value={text}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
      />
      <ComposerRow>
        <Counter $over={used > limits.comment.max}>{tr.common.charCount(used, limits.comment.max)}</Counter>
        <Button type="submit" $variant="primary" $size="sm" disabled={isLoading}>
          {trPolls.comments.send}
        </Button>
      </ComposerRow>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </form>
  );
}

const Thread = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

const SignIn = styled.p`
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Muted = styled.p`
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ComposerRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-top: 0.4rem;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  gap: 0.6rem;
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.85rem;

  time { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.75rem; }
`;

const Remove = styled.button.attrs({ type: 'button' })`
  margin-left: auto;
  display: inline-grid;
  place-items: center;
  padding: 0.2rem;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  svg { width: 0.95rem; height: 0.95rem; }
  &:hover { color: ${({ theme }) => theme.colors.danger}; }
`;

const Text = styled.p`
  margin-top: 0.15rem;
  font-size: 0.925rem;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
