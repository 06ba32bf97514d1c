import styled from 'styled-components';
import { trAdmin } from '../../i18n/tr-admin';
import { useAdminStatsQuery } from './adminApi';
import { formatCount } from '../../lib/format';

const S = trAdmin.admin.stats;

/** Four counts with this month's growth (the month as Istanbul counts it, decided by the server). */
export function StatCards() {
  const { data } = useAdminStatsQuery();
  const value = (n: number | undefined) => (n === undefined ? '…' : formatCount(n));
  const cards = [
    { key: 'users', label: S.users, total: data?.totalUsers, note: data ? S.thisMonth(data.newUsersThisMonth) : '' },
    { key: 'polls', label: S.polls, total: data?.totalPolls, note: data ? S.thisMonth(data.newPollsThisMonth) : '' },
    { key: 'votes', label: S.votes, total: data?.totalVotes, note: data ? S.thisMonth(data.newVotesThisMonth) : '' },
    { key: 'reports', label: S.reports, total: data?.pendingReports, note: S.needsReview },
  ];

  return (
    <section aria-label={S.label}>
      <Grid>
        {cards.map((card) => (
          <Card key={card.key} data-stat={card.key}>
            <dt>{card.label}</dt>
            <dd>
              <Value>{value(card.total)}</Value>
              <Note>{card.note}</Note>
            </dd>
          </Card>
        ))}
      </Grid>
    </section>
  );
}

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
  gap: 0.75rem;
  margin: 0;
`;

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  padding: 1rem 1.1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; font-weight: 600; }
  dd { margin: 0; display: flex; flex-direction: column; gap: 0.15rem; }
`;

const Value = styled.span`
  font-size: clamp(1.4rem, 1.1rem + 1.2vw, 1.75rem);
  font-weight: 800;
  letter-spacing: -0.01em;
`;

const Note = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;
