/** The panel's reads and writes on the read model: pages newest first, the month's figures, audit entries. */
import { adminPageSize, type AdminReportQuery, type AuditAction, type AuditTargetType, type ReportStatusUpdate } from '@meydan/proto';
import { containsPattern } from '../domain/search.js';
import type { Models } from '../model/index.js';

const skipTo = (page: number) => (page - 1) * adminPageSize;
const searchFilter = (q: string | undefined) => (q ? { search: { $regex: containsPattern(q) } } : {});

/** Totals, and what is new since `since` (the start of the month in Europe/Istanbul). */
export async function panelStats(models: Models, since: Date) {
  const [totalUsers, newUsersThisMonth, totalPolls, newPollsThisMonth, votes, newVotesThisMonth, pendingReports] = await Promise.all([
    models.User.countDocuments({}),
    models.User.countDocuments({ createdAt: { $gte: since } }),
    models.Poll.countDocuments({}),
    models.Poll.countDocuments({ createdAt: { $gte: since } }),
    models.Poll.find({}, { votesCount: 1 }).lean(),
    models.Vote.countDocuments({ at: { $gte: since } }),
    models.Report.countDocuments({ status: 'pending' }),
  ]);
  const totalVotes = votes.reduce((sum, p) => sum + (p.votesCount ?? 0), 0);
  return { totalUsers, newUsersThisMonth, totalPolls, newPollsThisMonth, totalVotes, newVotesThisMonth, pendingReports };
}

export async function userPage(models: Models, q: string | undefined, page: number) {
  const filter = searchFilter(q);
  const [items, totalCount] = await Promise.all([
    models.User.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skipTo(page)).limit(adminPageSize).lean(),
    models.User.countDocuments(filter),
  ]);
  return { items, totalCount };
}

/** One page of polls with their creators. */
export async function pollPage(models: Models, q: string | undefined, page: number) {
  const filter = searchFilter(q);
  const [polls, totalCount] = await Promise.all([
    models.Poll.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skipTo(page)).limit(adminPageSize).lean(),
    models.Poll.countDocuments(filter),
  ]);
  const creators = await models.User.find({ _id: { $in: [...new Set(polls.map((p) => p.creatorId))] } }).lean();
  return { polls, creators, totalCount };
}

/** One page of reports with the titles of their polls and the usernames of their reporters. */
export async function reportPage(models: Models, status: AdminReportQuery['status'], page: number) {
  const filter = status ? { status } : {};
  const [reports, totalCount] = await Promise.all([
    models.Report.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skipTo(page)).limit(adminPageSize).lean(),
    models.Report.countDocuments(filter),
  ]);
  const [polls, reporters] = await Promise.all([
    models.Poll.find({ _id: { $in: [...new Set(reports.map((r) => r.pollId))] } }, { title: 1 }).lean(),
    models.User.find({ _id: { $in: [...new Set(reports.map((r) => r.reporterId))] } }, { username: 1 }).lean(),
  ]);
  return { reports, polls, reporters, totalCount };
}

/** One page of the audit log with the usernames of the administrators. */
export async function auditPage(models: Models, page: number) {
  const [entries, totalCount] = await Promise.all([
    models.Audit.find({}).sort({ at: -1, _id: -1 }).skip(skipTo(page)).limit(adminPageSize).lean(),
    models.Audit.countDocuments({}),
  ]);
  const admins = await models.User.find({ _id: { $in: [...new Set(entries.map((e) => e.adminId))] } }, { username: 1 }).lean();
  return { entries, admins, totalCount };
}

export const findUser = (models: Models, id: string) => models.User.findById(id).lean();
export const findPoll = (models: Models, id: string) => models.Poll.findById(id).lean();

export async function setUserActive(models: Models, userId: string, isActive: boolean): Promise<void> {
  await models.User.updateOne({ _id: userId }, { $set: { isActive } });
}

/** False when there is no such report. */
export async function setReportStatus(models: Models, id: string, status: ReportStatusUpdate['status']): Promise<boolean> {
  const updated = await models.Report.updateOne({ _id: id }, { $set: { status } });
  return updated.matchedCount > 0;
}

/** The job's id. */
export async function createBulkJob(models: Models, job: { adminId: string; subject: string; body: string; total: number }): Promise<string> {
  return String((await models.BulkJob.create(job))._id);
}

export async function recordAudit(
  models: Models,
  entry: { adminId: string; action: AuditAction; targetType: AuditTargetType; targetId: string; reason: string | null },
): Promise<void> {
  await models.Audit.create({ ...entry, at: new Date() });
}
