/**
 * The moderation queue as metrics: how many reports (on polls, comments and members alike) are pending in the read
 * model, how many have waited past 24 hours, and how long the oldest has waited
 * (the MeydanReportsWaiting alert pages past 24 hours). Read from MongoDB when /metrics is scraped, once for both
 * gauges; a failed read leaves them out of that scrape rather than failing the process's other metrics.
 */
import { gauge } from '@meydan/kit';
import { reportOverdueSeconds } from '@meydan/proto';
import type { Models } from '../model/index.js';

interface PendingReports {
  count: number;
  /** How many have waited past 24 hours. */
  overdue: number;
  /** When the oldest pending report was made; null when none is pending. */
  oldest: Date | null;
}

/** The read models of this process (tests may build several apps), read when the metrics are scraped. */
const sources = new Set<Models>();
let reading: { at: number; reports: Promise<PendingReports | null> } | undefined;

async function readOne(models: Models): Promise<PendingReports> {
  const [count, overdue, oldest] = await Promise.all([
    models.Report.countDocuments({ status: 'pending' }),
    models.Report.countDocuments({
      status: 'pending',
      createdAt: { $lt: new Date(Date.now() - reportOverdueSeconds * 1000) },
    }),
    models.Report.findOne({ status: 'pending' }, { createdAt: 1 }).sort({ createdAt: 1 }).lean(),
  ]);
  return { count, overdue, oldest: oldest?.createdAt ?? null };
}

/** The pending reports of every source (the largest count, the oldest report), or null when a read failed. */
function pendingReports(): Promise<PendingReports | null> {
  const now = Date.now();
  if (!reading || now - reading.at > 1000) {
    const reports = Promise.all([...sources].map(readOne)).then(
      (all) =>
        all.reduce<PendingReports>(
          (acc, r) => ({
            count: Math.max(acc.count, r.count),
            overdue: Math.max(acc.overdue, r.overdue),
            oldest: r.oldest && (!acc.oldest || r.oldest < acc.oldest) ? r.oldest : acc.oldest,
          }),
          { count: 0, overdue: 0, oldest: null },
        ),
      () => null,
    );
    reading = { at: now, reports };
  }
  return reading.reports;
}

gauge({
  name: 'meydan_reports_pending',
  help: 'Reports waiting for a moderator (status pending; polls, comments and members)',
  async collect() {
    this.reset();
    const reports = await pendingReports();
    if (reports) this.set(reports.count);
  },
});

gauge({
  name: 'meydan_reports_overdue',
  help: 'Reports waiting for a moderator for more than 24 hours (polls, comments and members)',
  async collect() {
    this.reset();
    const reports = await pendingReports();
    if (reports) this.set(reports.overdue);
  },
});

gauge({
  name: 'meydan_reports_pending_oldest_age_seconds',
  help: 'How long the oldest pending report has waited, in seconds (0 when none is pending)',
  async collect() {
    this.reset();
    const reports = await pendingReports();
    if (reports) this.set(reports.oldest ? Math.max(0, (Date.now() - reports.oldest.getTime()) / 1000) : 0);
  },
});

/** Measures a read model's pending reports until the returned function is called. */
export function measurePendingReports(models: Models): () => void {
  sources.add(models);
  reading = undefined;
  return () => {
    sources.delete(models);
    reading = undefined;
  };
}
