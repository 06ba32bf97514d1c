import { auditActions, limits, type AuditAction } from '@meydan/proto';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { useAppSelector } from '../../store/store';
import { trAdmin } from '../../i18n/tr-admin';
import { Button, LinkButton } from '../../ui/buttons';
import { fieldErrors, validateForm } from '../../lib/validation';
import { bulkEmail as bulkEmailForm } from '../../generated/forms/bulkEmail';
import { formatDateTime } from '../../lib/time';
import { Actions, Form, InputField, TextAreaField } from '../../ui/fields';
import { selectConnectionStatus } from '../../store/realtime/realtimeSlice';
import { useToast } from '../toasts/useToast';
import { finishedStates, useAuditLogQuery, useBulkEmailJobQuery, useStartBulkEmailMutation } from './adminApi';
import { ListState, Meta, Pager } from './parts';

const T = trAdmin.admin.bulkEmail;

/** While the socket is down, the job's counts are fetched this often instead. */
export const PROGRESS_POLL_MS = 2_000;

/** The bulk e-mail form with its job's progress, and the audit log. */
export function ActionsTab({ jobId, onJobStarted }: { jobId: string | null; onJobStarted: (jobId: string) => void }) {
  return (
    <Stack>
      <Card aria-labelledby="bulk-email-title">
        <h2 id="bulk-email-title">{T.title}</h2>
        <Meta>{T.description}</Meta>
        <BulkEmailForm onJobStarted={onJobStarted} />
        {jobId ? <BulkEmailProgressView jobId={jobId} /> : null}
      </Card>
      <Card aria-labelledby="audit-title">
        <h2 id="audit-title">{trAdmin.admin.audit.title}</h2>
        <AuditLog />
      </Card>
    </Stack>
  );
}

function BulkEmailForm({ onJobStarted }: { onJobStarted: (jobId: string) => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [start, { isLoading }] = useStartBulkEmailMutation();
  const toast = useToast();
  const blank = !subject.trim() || !body.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(bulkEmailForm, 'bulkEmail', { subject, body });
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    setErrors({});
    try {
      const started = await start({ subject, body }).unwrap();
      // The server's message is the spec's toast text itself: said once, not as title and description.
      toast({
        title: T.started,
        ...(started.message !== T.started ? { description: started.message } : {}),
        variant: 'success',
      });
      setSubject('');
      setBody('');
      onJobStarted(started.jobId);
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }

  return (
    <Form onSubmit={submit} noValidate aria-label={T.title}>
      <InputField
        label={T.subject}
        value={subject}
        counter={limits.admin.bulkEmailSubjectMax}
        onChange={(e) => setSubject(e.target.value)}
        error={errors['subject']}
      />
      <TextAreaField
        label={T.body}
        value={body}
        rows={limits.admin.bulkEmailRows}
        onChange={(e) => setBody(e.target.value)}
        error={errors['body']}
      />
      <Actions>
        <Button type="submit" $variant="primary" disabled={blank || isLoading}>
          {isLoading ? T.sending : T.send}
        </Button>
      </Actions>
    </Form>
  );
}

/** The job's counts: pushed over the socket while it is connected, fetched every few seconds while it is not. */
function BulkEmailProgressView({ jobId }: { jobId: string }) {
  const connected = useAppSelector(selectConnectionStatus) === 'connected';
  const [finished, setFinished] = useState(false);
  const { data, refetch } = useBulkEmailJobQuery(jobId, {
    pollingInterval: connected || finished ? 0 : PROGRESS_POLL_MS,
  });
  const state = data?.state;
  useEffect(() => setFinished(state ? finishedStates.includes(state) : false), [state]);
  // Events sent while the socket was down are lost: catch up once it is back. Only a change of `connected` asks; the
  // job's latest state is read when it does (as dependencies, each new count would ask again).
  const latest = useRef({ finished, loaded: Boolean(data), refetch });
  useEffect(() => {
    latest.current = { finished, loaded: Boolean(data), refetch };
  });
  useEffect(() => {
    const { finished, loaded, refetch } = latest.current;
    if (connected && !finished && loaded) refetch();
  }, [connected]);
  if (!data) return <Meta role="status">{trAdmin.admin.loading}</Meta>;
  const done = data.sent + data.failed;

  return (
    <Progress data-job={jobId} data-state={data.state}>
      <progress
        aria-label={T.progressLabel}
        max={Math.max(1, data.total)}
        value={data.total ? done : data.state === 'done' ? 1 : 0}
      />
      <p role="status">
        <strong>{T.states[data.state]}</strong> · {T.counts(data.sent, data.total, data.failed)}
      </p>
    </Progress>
  );
}

/** The start of a calendar day in Istanbul (UTC+3 all year), as the API's ISO time. */
const istanbulDay = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+03:00`) + plusDays * 86_400_000).toISOString();

function AuditLog() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actor, setActor] = useState<{ id: string; username: string } | null>(null);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filter = {
    page,
    ...(action ? { action } : {}),
    ...(actor ? { actor: actor.id } : {}),
    ...(fromDay ? { from: istanbulDay(fromDay) } : {}),
    ...(toDay ? { to: istanbulDay(toDay, 1) } : {}),
  };
  const { data, isLoading, isError } = useAuditLogQuery(filter);
  const A = trAdmin.admin.audit;
  const F = A.filters;
  const refilter = (change: () => void) => {
    change();
    setPage(1);
  };
  const filters = (
    <Filters aria-label={F.label} data-audit-filters>
      <label>
        {F.action}
        <select
          value={action}
          onChange={(e) => refilter(() => setAction(e.target.value as AuditAction | ''))}
          data-audit-action
        >
          <option value="">{F.anyAction}</option>
          {auditActions.map((a) => (
            <option key={a} value={a}>
              {A.actions[a]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {F.from}
        <input type="date" value={fromDay} onChange={(e) => refilter(() => setFromDay(e.target.value))} />
      </label>
      <label>
        {F.to}
        <input type="date" value={toDay} onChange={(e) => refilter(() => setToDay(e.target.value))} />
      </label>
      {actor ? (
        <Button
          type="button"
          $variant="subtle"
          $size="sm"
          onClick={() => refilter(() => setActor(null))}
          data-audit-actor={actor.id}
        >
          {F.onlyActor(actor.username)} · {F.clear}
        </Button>
      ) : null}
    </Filters>
  );
  if (!data || data.items.length === 0) {
    return (
      <>
        {filters}
        <ListState loading={isLoading} failed={isError} empty={A.empty} />
      </>
    );
  }

  return (
    <>
      {filters}
      {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too. */}
      <TableFrame tabIndex={0} role="region" aria-labelledby="audit-title">
        <table aria-labelledby="audit-title">
          <thead>
            <tr>
              <th scope="col">{A.columns.at}</th>
              <th scope="col">{A.columns.admin}</th>
              <th scope="col">{A.columns.action}</th>
              <th scope="col">{A.columns.target}</th>
              <th scope="col">{A.columns.reason}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td data-audit-actor-cell>
                  {entry.adminUsername ? (
                    <LinkButton
                      title={F.actor}
                      onClick={() => refilter(() => setActor({ id: entry.adminId, username: entry.adminUsername! }))}
                    >
                      @{entry.adminUsername}
                    </LinkButton>
                  ) : (
                    <code>{entry.adminId}</code>
                  )}
                </td>
                <td>{A.actions[entry.action]}</td>
                <td>
                  {entry.targetType} · <code>{entry.targetId}</code>
                </td>
                <td>{entry.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager page={data.page} pageSize={data.pageSize} totalCount={data.totalCount} onPage={setPage} />
    </>
  );
}

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem;

  label { display: flex; flex-direction: column; gap: 0.25rem; font-size: 0.85rem; font-weight: 600; }
  select, input { min-height: 2.5rem; font: inherit; }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 { margin: 0; font-size: 1.15rem; font-weight: 800; }
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;

  progress { width: 100%; height: 0.75rem; accent-color: ${({ theme }) => theme.colors.primary}; }
  p { margin: 0; }
`;

const TableFrame = styled.div`
  overflow-x: auto;

  /* Wide enough that a phone scrolls it sideways instead of breaking the ids letter by letter into tall rows. */
  table { width: 100%; min-width: 46rem; border-collapse: collapse; font-size: 0.875rem; }
  th, td { text-align: left; padding: 0.5rem 0.6rem; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 700; white-space: nowrap; }
  td:not(:last-child) { white-space: nowrap; }
  td:last-child { min-width: 12rem; }
  code { font-size: 0.8rem; overflow-wrap: anywhere; }
`;
