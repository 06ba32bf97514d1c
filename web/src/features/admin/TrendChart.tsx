import type { AdminDay } from '@meydan/proto';
import { limits } from '@meydan/proto';
import styled from 'styled-components';
import { trAdmin } from '../../i18n/tr-admin';
import { useAdminDailyStatsQuery } from './adminApi';
import { Muted } from './parts';
import { formatCount } from '../../lib/format';

const T = trAdmin.admin.trend;
type Series = Exclude<keyof AdminDay, 'date'>;
const series: readonly Series[] = ['registrations', 'polls', 'votes', 'reports'];
const downloads = [
  { href: '/api/admin/users.csv', label: T.downloadUsers },
  { href: '/api/admin/users.xlsx', label: T.downloadUsersXlsx },
  { href: '/api/admin/polls.csv', label: T.downloadPolls },
  { href: '/api/admin/polls.xlsx', label: T.downloadPollsXlsx },
  { href: '/api/admin/reports.csv', label: T.downloadReports },
  { href: '/api/admin/reports.xlsx', label: T.downloadReportsXlsx },
] as const;

/** 'YYYY-MM-DD' → '25.11' (the day as Istanbul counts it, decided by the server). */
const shortDay = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/**
 * The last 30 days in four small bar charts (each on its own scale: votes outnumber everything else), each one an
 * image with its figures in words, and the same figures as a table for anyone who wants them all; the CSV and Excel
 * downloads below.
 */
/** `exports`: the CSV and Excel downloads, for administrators only (the gateway refuses them to moderators). */
export function TrendChart({ exports = true }: { exports?: boolean }) {
  const days = limits.admin.dailyDaysDefault;
  const { data, isError } = useAdminDailyStatsQuery(days);
  return (
    <Section aria-labelledby="admin-trend-title" data-trend>
      <h2 id="admin-trend-title">{T.title(days)}</h2>
      <Muted as="p">{T.note}</Muted>
      {isError ? <Muted role="alert">{T.loadFailed}</Muted> : null}
      <Charts>
        {series.map((key) => (
          <Bars key={key} label={T[key]} days={data?.days ?? []} value={(day) => day[key]} />
        ))}
      </Charts>
      {data ? (
        <details>
          <summary>{T.showTable}</summary>
          <Table aria-label={T.title(days)}>
            <thead>
              <tr>
                <th scope="col">{T.date}</th>
                {series.map((key) => (
                  <th key={key} scope="col">
                    {T[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{day.date}</th>
                  {series.map((key) => (
                    <td key={key}>{formatCount(day[key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      ) : null}
      {exports ? (
        <Downloads aria-label={T.downloads}>
          {downloads.map((file) => (
            <a key={file.href} href={file.href} download>
              {file.label}
            </a>
          ))}
        </Downloads>
      ) : null}
    </Section>
  );
}

function Bars({ label, days, value }: { label: string; days: readonly AdminDay[]; value: (day: AdminDay) => number }) {
  const values = days.map(value);
  const max = Math.max(0, ...values);
  const peak = days[values.indexOf(max)];
  const total = values.reduce((sum, n) => sum + n, 0);
  const described = peak && max > 0 ? T.chartLabel(label, total, max, shortDay(peak.date)) : T.chartEmpty(label);
  const width = Math.max(1, days.length) * 10;
  return (
    <Figure>
      <figcaption>
        {label} <strong>{formatCount(total)}</strong>
      </figcaption>
      <svg role="img" aria-label={described} viewBox={`0 0 ${width} 60`} preserveAspectRatio="none" data-series={label}>
        {values.map((n, i) => {
          const height = max > 0 ? Math.max(n > 0 ? 2 : 0, (n / max) * 56) : 0;
          return <rect key={days[i]!.date} x={i * 10 + 1} y={60 - height} width={8} height={height} rx={1} />;
        })}
      </svg>
    </Figure>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;

  h2 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; }
  summary { cursor: pointer; font-weight: 600; min-height: 2.75rem; display: flex; align-items: center; }
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  gap: 0.75rem;
`;

const Figure = styled.figure`
  margin: 0;
  padding: 0.75rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  figcaption { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; font-weight: 600; }
  figcaption strong { color: ${({ theme }) => theme.colors.text}; margin-left: 0.25rem; }
  svg { display: block; width: 100%; height: 4rem; margin-top: 0.4rem; }
  rect { fill: ${({ theme }) => theme.colors.primary}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;

  th, td { padding: 0.3rem 0.5rem; text-align: right; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th:first-child { text-align: left; }
`;

const Downloads = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;

  a { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; min-height: 2.75rem; display: inline-flex; align-items: center; }
`;
