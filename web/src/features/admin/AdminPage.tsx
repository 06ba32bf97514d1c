import * as Tabs from '@radix-ui/react-tabs';
import { isStaffRole, limits } from '@meydan/proto';
import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorCode, apiErrorStatus } from '../../store/api';
import { tr } from '../../i18n/tr';
import { trAdmin } from '../../i18n/tr-admin';
import { ButtonLink } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { useSessionQuery } from '../session/sessionApi';
import { ActionsTab } from './ActionsTab';
import { PollsTab } from './PollsTab';
import { QueueTab } from './QueueTab';
import { WordFilterTab } from './WordFilterTab';
import { ReportsTab } from './ReportsTab';
import { SecondFactor } from './SecondFactor';
import { StatCards } from './StatCards';
import { TrendChart } from './TrendChart';
import { UsersTab } from './UsersTab';
import { useAdminStatsQuery } from './adminApi';
import { Muted } from './parts';
import { formatCount } from '../../lib/format';

type AdminTab = (typeof limits.admin.tabs)[number];

const JOB_KEY = 'meydan.admin.bulkEmailJob';

/**
 * /admin. The session's role only decides what to render: every call below is refused by the gateway and the admin
 * service to anyone who is not on the staff, to staff without a verified second factor, and to a moderator on what is
 * for administrators. A moderator sees only what a moderator may do.
 */
export function AdminPage() {
  const { data: user, isLoading } = useSessionQuery();
  if (isLoading) return <Muted role="status">{trAdmin.admin.loading}</Muted>;
  if (!user || !isStaffRole(user.role)) return <Unauthorized />;
  if (user.mfa === 'enrol' || user.mfa === 'required') return <SecondFactor mfa={user.mfa} />;
  return <AdminPanel isAdmin={user.role === 'admin'} />;
}

function Unauthorized() {
  return (
    <Centered>
      <Page title={trAdmin.admin.unauthorizedTitle}>
        <Muted as="p">{trAdmin.admin.unauthorizedText}</Muted>
        <div>
          <ButtonLink to="/" $variant="primary">
            {trAdmin.admin.backHome}
          </ButtonLink>
        </div>
      </Page>
    </Centered>
  );
}

function AdminPanel({ isAdmin }: { isAdmin: boolean }) {
  const [tab, setTab] = useState<AdminTab>(limits.admin.tabs[0]);
  // Kept here (and for this browser tab's session) so the job's progress is still shown after a look at another tab
  // or a reload.
  const [jobId, setJobId] = useState<string | null>(() => sessionStorage.getItem(JOB_KEY));
  const jobStarted = (id: string) => {
    sessionStorage.setItem(JOB_KEY, id);
    setJobId(id);
  };
  const { data: stats, error } = useAdminStatsQuery();
  const labels = trAdmin.admin.tabs;
  // The server has the last word: a role taken away since the session was read shows the refusal too.
  const refused = apiErrorStatus(error);
  // The second factor no longer fresh (the staff session's hours are over, or it was never given): ask for it.
  const code = apiErrorCode(error);
  if (code === 'mfa_enrolment_required' || code === 'mfa_required')
    return <SecondFactor mfa={code === 'mfa_required' ? 'required' : 'enrol'} />;
  if (refused === 401 || refused === 403) return <Unauthorized />;

  return (
    <Page title={tr.pages.admin}>
      <Muted as="p">{isAdmin ? trAdmin.admin.subtitle : trAdmin.admin.moderatorNote}</Muted>
      <StatCards />
      <TrendChart exports={isAdmin} />
      <Root value={tab} onValueChange={(value) => setTab(value as AdminTab)}>
        <List aria-label={labels.label}>
          <Trigger value="users">{labels.users}</Trigger>
          <Trigger value="polls">{labels.polls}</Trigger>
          <Trigger value="reports">
            {labels.reports}
            {stats ? <Count data-pending-count>{formatCount(stats.pendingReports)}</Count> : null}
          </Trigger>
          <Trigger value="queue">{labels.queue}</Trigger>
          {isAdmin ? <Trigger value="words">{labels.words}</Trigger> : null}
          {isAdmin ? <Trigger value="actions">{labels.actions}</Trigger> : null}
        </List>
        <Panel value="users">
          <UsersTab manageRoles={isAdmin} />
        </Panel>
        <Panel value="polls">
          <PollsTab />
        </Panel>
        <Panel value="reports">
          <ReportsTab contactMessages={isAdmin} />
        </Panel>
        <Panel value="queue">
          <QueueTab />
        </Panel>
        {isAdmin ? (
          <Panel value="words">
            <WordFilterTab />
          </Panel>
        ) : null}
        {isAdmin ? (
          <Panel value="actions">
            <ActionsTab jobId={jobId} onJobStarted={jobStarted} />
          </Panel>
        ) : null}
      </Root>
    </Page>
  );
}

const Centered = styled.div`
  max-width: 36rem;
  margin: 2rem auto;
`;

const Root = styled(Tabs.Root)`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const List = styled(Tabs.List)`
  display: flex;
  flex-wrap: wrap;
  gap: 0 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  /* The tabs do not fit one phone-wide row: two by two, not one left alone on a last line. */
  @media (max-width: 30rem) {
    display: grid;
    grid-template-columns: 1fr 1fr;

    & > * { justify-content: center; }
  }
`;

const Trigger = styled(Tabs.Trigger)`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  min-height: 2.75rem;
  padding: 0 clamp(0.6rem, 2vw, 1rem);
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: 700;
  white-space: nowrap;
  cursor: pointer;

  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &:focus-visible { outline-offset: -3px; }
  &[data-state='active'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Count = styled.span`
  min-width: 1.5rem;
  padding: 0 0.4rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  line-height: 1.4rem;
  text-align: center;
`;

const Panel = styled(Tabs.Content)`
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 4px; }
`;
