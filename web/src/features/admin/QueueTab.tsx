import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button, ButtonLink } from '../../ui/buttons';
import { formatDateTime } from '../../lib/time';
import { useToast } from '../toasts/useToast';
import { useSetUserActiveMutation } from './adminApi';
import {
  useRemoveReportedCommentMutation,
  useReportQueueQuery,
  useSettleQueuedReportMutation,
  type ReportQueueItem,
} from './moderationApi';
import { Badge, Line, ListState, Meta, Muted, Row, RowActions, RowMain, Rows, Toolbar } from './parts';
import { HeldQueue } from './HeldQueue';
import { waitingText } from './waiting';

const T = trAdmin.admin.queue;

export { waitingText } from './waiting';

/** Every pending report, polls, comments and members together, oldest first, with how long each has waited. */
export function QueueTab() {
  const { data, isLoading, isFetching, isError } = useReportQueueQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div>
      <Muted as="p">{T.intro}</Muted>
      {data ? (
        <Toolbar>
          <Badge tone={data.overdueCount > 0 ? 'danger' : 'plain'}>
            <span data-overdue-count={data.overdueCount}>{T.overdue(data.overdueCount)}</span>
          </Badge>
          <Meta>{T.total(data.totalCount)}</Meta>
        </Toolbar>
      ) : null}
      {data && data.items.length > 0 ? (
        <Rows aria-busy={isFetching || undefined}>
          {data.items.map((item) => (
            <QueueRow key={item.id} item={item} />
          ))}
        </Rows>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.empty} />
      )}
      {data ? <HeldQueue items={data.held} /> : null}
    </div>
  );
}

function QueueRow({ item }: { item: ReportQueueItem }) {
  const [settle, settling] = useSettleQueuedReportMutation();
  const [removeComment, removing] = useRemoveReportedCommentMutation();
  const [setUserActive, banning] = useSetUserActiveMutation();
  const toast = useToast();
  const busy = settling.isLoading || removing.isLoading || banning.isLoading;
  const kind = T.kinds[item.kind] ?? item.kind;

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      toast({ title: trAdmin.admin.success, description: done, variant: 'success' });
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }

  return (
    <Row $highlight={item.overdue} data-queue-report={item.id} data-kind={item.kind}>
      <RowMain>
        <Line>
          <Badge tone="strong">{kind}</Badge>
          {item.overdue ? <Badge tone="danger">{T.overdueBadge}</Badge> : null}
          <Meta>{T.waited(waitingText(item.waitingSeconds))}</Meta>
        </Line>
        <Line>
          <Preview>{item.target.preview ?? T.gone}</Preview>
        </Line>
        <Line>
          <span>{item.reason}</span>
        </Line>
        {item.description ? <Meta>{item.description}</Meta> : null}
        <Line>
          {item.reporter.username ? <Meta>{T.reporter(item.reporter.username)}</Meta> : null}
          <Meta>{formatDateTime(item.createdAt)}</Meta>
        </Line>
      </RowMain>
      <RowActions>
        {item.target.link ? (
          <ButtonLink $size="sm" to={item.target.link} aria-label={T.openLabel(kind)}>
            {T.open}
          </ButtonLink>
        ) : null}
        {item.kind === 'comment' ? (
          <Button
            $size="sm"
            $variant="danger"
            disabled={busy}
            data-action="remove-comment"
            onClick={() => act(() => removeComment(item.id).unwrap(), T.removed)}
          >
            {T.removeComment}
          </Button>
        ) : null}
        {item.kind === 'user' ? (
          <Button
            $size="sm"
            $variant="danger"
            disabled={busy}
            data-action="ban-member"
            onClick={() =>
              act(async () => {
                await setUserActive({ userId: item.target.id, active: false, reason: item.reason }).unwrap();
                await settle({ reportId: item.id, status: 'resolved' }).unwrap();
              }, T.banned)
            }
          >
            {T.banMember}
          </Button>
        ) : null}
        <Button
          $size="sm"
          $variant="primary"
          disabled={busy}
          data-action="resolve"
          onClick={() => act(() => settle({ reportId: item.id, status: 'resolved' }).unwrap(), T.resolved)}
        >
          {T.resolve}
        </Button>
        <Button
          $size="sm"
          disabled={busy}
          data-action="dismiss"
          onClick={() => act(() => settle({ reportId: item.id, status: 'dismissed' }).unwrap(), T.dismissed)}
        >
          {T.dismiss}
        </Button>
      </RowActions>
    </Row>
  );
}

const Preview = styled.strong`
  overflow-wrap: anywhere;
`;
