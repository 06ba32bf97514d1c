/** The panel's figures over time and its downloads (the users, polls and reports lists), each download audited. */
import type { AdminContext } from '../context.js';
import { istanbulLastDays } from '../domain/month.js';
import { dailyStats, pollRows, reportRows, userRows } from '../store/panel.js';
import { audit, type Staff } from './staff.js';

type Panel = Pick<AdminContext, 'models'>;

/** The last `days` days (Europe/Istanbul calendar days), oldest first. */
export const readDailyStats = async (ctx: Panel, days: number) => ({
  timeZone: 'Europe/Istanbul' as const,
  days: await dailyStats(ctx.models, istanbulLastDays(new Date(), days)),
});

const rowsOf = { users: userRows, polls: pollRows, reports: reportRows } as const;

/** Writes the export to the audit log and hands back the list's rows, read from the read model as they are sent. */
export async function exportList<K extends keyof typeof rowsOf>(
  ctx: Panel,
  target: K,
  by: Staff,
): Promise<ReturnType<(typeof rowsOf)[K]>> {
  await audit(ctx, by, 'export', 'export', target);
  return rowsOf[target](ctx.models) as ReturnType<(typeof rowsOf)[K]>;
}
