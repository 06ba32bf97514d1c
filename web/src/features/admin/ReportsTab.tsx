import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button, ButtonLink } from '../../ui/buttons';
import { formatDateTime } from '../../lib/time';
import { useToast } from '../toasts/useToast';
import { ContactMessages } from './ContactMessages';
import { EditHistoryDialog } from './EditHistoryDialog';
import { useAdminReportsQuery, useSetReportStatusMutation, type AdminReportRow, type ReportStatus } from './adminApi';
import { Badge, Line, ListState, Meta, Pager, RowActions, Row, RowMain, Rows, Toolbar } from './parts';

const T = trAdmin.admin.reports;
const filters = ['all', 'pending', 'resolved', 'dismissed'] as const;
type Filter = (typeof filters)[number];

/** Reports members filed from poll cards: pending ones stand out; each can be resolved, dismissed or opened. */
/** `contactMessages`: the contact form's messages below, for administrators only. */
export function ReportsTab({ contactMessages = true }: { contactMessages?: boolean }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError } = useAdminReportsQuery({ status: filter, page });

  return (
    <div>
      <Toolbar>
        <Filters role="group" aria-label={T.filterLabel}>
          {filters.map((value) => (
            <Button
              key={value}
              $size="sm"
              $variant={filter === value ? 'primary' : 'ghost'}
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setPage(1);
              }}
            >
              {T.filters[value]}
            </Button>
          ))}
        </Filters>
      </Toolbar>
      {data && data.items.length > 0 ? (
        <>
          <Rows aria-busy={isFetching || undefined}>
            {data.items.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </Rows>
          <Pager page={data.page} pageSize={data.pageSize} totalCount={data.totalCount} onPage={setPage} />
        </>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.empty} />
      )}
      {contactMessages ? <ContactMessages /> : null}
    </div>
  );
}

function ReportRow({ report }: { report: AdminReportRow }) {
  const [setStatus, { isLoading }] = useSetReportStatusMutation();
  const [historyOpen, setHistoryOpen] = useState(false);
  const toast = useToast();
  const pending = report.status === 'pending';

  async function decide(status: Exclude<ReportStatus, 'pending'>) {
    try {
      await setStatus({ reportId: report.id, status }).unwrap();
      toast({
        title: trAdmin.admin.success,
        description: status === 'resolved' ? T.resolved : T.dismissed,
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
    <Row $highlight={pending} data-report={report.id} data-status={report.status}>
      <RowMain>
        <Line>
          <strong>{report.poll?.title ?? '—'}</strong>
          <Badge tone={pending ? 'strong' : 'plain'}>{T.status[report.status] ?? report.status}</Badge>
          {report.poll?.editedAt ? <Badge>{T.edited}</Badge> : null}
        </Line>
        <Line>
          <span>{report.reason}</span>
        </Line>
        {report.description ? <Meta>{report.description}</Meta> : null}
        <Line>
          {report.reporter?.username ? <Meta>{T.reporter(report.reporter.username)}</Meta> : null}
          <Meta>{formatDateTime(report.createdAt)}</Meta>
        </Line>
      </RowMain>
      <RowActions>
        {report.poll ? (
          <ButtonLink $size="sm" to={`/kesfet?anket=${encodeURIComponent(report.poll.id)}`}>
            {T.openPoll}
          </ButtonLink>
        ) : null}
        {report.poll?.editedAt ? (
          <Button
            $size="sm"
            $variant="ghost"
            data-action="edit-history"
            aria-label={T.editHistoryLabel(report.poll.title ?? '—')}
            onClick={() => setHistoryOpen(true)}
          >
            {T.editHistory}
          </Button>
        ) : null}
        {pending ? (
          <>
            <Button $size="sm" $variant="primary" disabled={isLoading} onClick={() => decide('resolved')}>
              {T.resolve}
            </Button>
            <Button $size="sm" disabled={isLoading} onClick={() => decide('dismissed')}>
              {T.dismiss}
            </Button>
          </>
        ) : null}
      </RowActions>
      {historyOpen && report.poll ? (
        <EditHistoryDialog pollId={report.poll.id} onClose={() => setHistoryOpen(false)} />
      ) : null}
    </Row>
  );
}

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
`;
