import { useState } from 'react';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button } from '../../ui/buttons';
import { nameOf } from '../../lib/avatar';
import { feedCategory } from '../../lib/categories';
import { formatDate } from '../../lib/time';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { OptionImages } from './OptionImages';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../toasts/useToast';
import { useAdminPollsQuery, useRemovePollMutation, type AdminPollRow } from './adminApi';
import {
  Badge,
  Line,
  ListState,
  Meta,
  Pager,
  RowActions,
  Row,
  RowMain,
  Rows,
  SearchBox,
  Toolbar,
  useDebounced,
} from './parts';

const T = trAdmin.admin.polls;

/** Every poll, searchable; deleting one (after a confirm) removes it everywhere. */
export function PollsTab() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<AdminPollRow | null>(null);
  const q = useDebounced(query);
  const { data, isLoading, isFetching, isError } = useAdminPollsQuery({ q, page });
  const [removePoll, { isLoading: removing }] = useRemovePollMutation();
  const toast = useToast();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await removePoll(toDelete.id).unwrap();
      toast({ title: trAdmin.admin.success, description: T.deleted, variant: 'success' });
      setToDelete(null);
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }

  return (
    <div>
      <Toolbar>
        <SearchBox
          label={T.search}
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
        />
      </Toolbar>
      {data && data.items.length > 0 ? (
        <>
          <Rows aria-busy={isFetching || undefined}>
            {data.items.map((poll) => (
              <Row key={poll.id} data-poll={poll.id}>
                <RowMain>
                  <strong>{poll.title}</strong>
                  {poll.description ? <Meta>{poll.description}</Meta> : null}
                  <Line>
                    <CategoryBadge look={feedCategory(poll.category)} size="sm" />
                    {poll.isShareable ? <Badge>{T.shareable}</Badge> : null}
                    {poll.kind === 'quiz' ? <Badge data-kind="quiz">{T.quiz}</Badge> : null}
                    {poll.kind === 'ranked' ? <Badge data-kind="ranked">{T.ranked}</Badge> : null}
                    <Meta>{T.votes(poll.votesCount)}</Meta>
                    <Meta>{formatDate(poll.createdAt)}</Meta>
                    {poll.creator ? <Meta>{T.by(nameOf(poll.creator))}</Meta> : null}
                  </Line>
                  {poll.images ? <OptionImages images={poll.images} /> : null}
                </RowMain>
                <RowActions>
                  <Button
                    $size="sm"
                    $variant="danger"
                    aria-label={T.deleteLabel(poll.title)}
                    onClick={() => setToDelete(poll)}
                  >
                    {T.delete}
                  </Button>
                </RowActions>
              </Row>
            ))}
          </Rows>
          <Pager page={data.page} pageSize={data.pageSize} totalCount={data.totalCount} onPage={setPage} />
        </>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.empty} />
      )}
      <ConfirmDialog
        name="admin-delete-poll"
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={T.confirmTitle}
        description={toDelete ? T.confirmText(toDelete.title) : ''}
        confirmLabel={T.confirm}
        pending={removing}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
