import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button, ButtonLink } from '../../ui/buttons';
import { formatDateTime } from '../../lib/time';
import { useToast } from '../toasts/useToast';
import { useDecideHeldMutation, type HeldQueueItem } from './moderationApi';
import { Badge, Line, Meta, Muted, Row, RowActions, RowMain, Rows } from './parts';
import { waitingText } from './waiting';

const T = trAdmin.admin.queue.held;

/** The texts the word filter holds for review, oldest first with their waiting time: approve or remove each. */
export function HeldQueue({ items }: { items: readonly HeldQueueItem[] }) {
  return (
    <section aria-labelledby="held-queue-title" data-held-queue>
      <h3 id="held-queue-title">{T.title}</h3>
      <Muted as="p">{T.intro}</Muted>
      {items.length > 0 ? (
        <Rows>
          {items.map((item) => (
            <HeldRow key={`${item.kind}:${item.id}`} item={item} />
          ))}
        </Rows>
      ) : (
        <Muted as="p">{T.empty}</Muted>
      )}
    </section>
  );
}

function HeldRow({ item }: { item: HeldQueueItem }) {
  const [decide, deciding] = useDecideHeldMutation();
  const toast = useToast();
  const kind = T.kinds[item.kind] ?? item.kind;

  async function act(decision: 'approve' | 'remove') {
    try {
      await decide({ kind: item.kind, id: item.id, decision }).unwrap();
      toast({
        title: trAdmin.admin.success,
        description: decision === 'approve' ? T.approved : T.removed,
        variant: 'success',
      });
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }

  return (
    <Row data-held-item={item.id} data-kind={item.kind}>
      <RowMain>
        <Line>
          <Badge tone="strong">{kind}</Badge>
          <Meta>{trAdmin.admin.queue.waited(waitingText(item.waitingSeconds))}</Meta>
        </Line>
        <Line>
          <Preview>{item.preview}</Preview>
        </Line>
        <Meta>{formatDateTime(item.createdAt)}</Meta>
      </RowMain>
      <RowActions>
        {item.link ? (
          <ButtonLink $size="sm" to={item.link} aria-label={T.openLabel(kind)}>
            {trAdmin.admin.queue.open}
          </ButtonLink>
        ) : null}
        <Button
          $size="sm"
          $variant="primary"
          disabled={deciding.isLoading}
          data-action="approve-held"
          aria-label={T.approveLabel(kind)}
          onClick={() => act('approve')}
        >
          {T.approve}
        </Button>
        <Button
          $size="sm"
          $variant="danger"
          disabled={deciding.isLoading}
          data-action="remove-held"
          aria-label={T.removeLabel(kind)}
          onClick={() => act('remove')}
        >
          {T.remove}
        </Button>
      </RowActions>
    </Row>
  );
}

const Preview = styled.strong`
  overflow-wrap: anywhere;
`;
