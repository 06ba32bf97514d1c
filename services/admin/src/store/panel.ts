/** The panel's reads and writes on the read model: pages newest first, the month's figures, audit entries. */
import {
  adminPageSize,
  type AdminDay,
  type AdminReportQuery,
  type AuditAction,
  type AuditTargetType,
  type ReportStatusUpdate,
} from '@meydan/proto';
import type { IstanbulDay } from '../domain/month.js';
import { containsPattern } from '../domain/search.js';
import type { AdminPollDoc, AdminUserDoc, Models, ReportDoc } from '../model/index.js';

const skipTo = (page: number) => (page - 1) * adminPageSize;
const searchFilter = (q: string | undefined) => (q ? { search: { $regex: containsPattern(q) } } : {});

/** Totals, and what is new since `since` (the start of the month in Europe/Istanbul). */
export async function panelStats(models: Models, since: Date) {
  const [totalUsers, newUsersThisMonth, totalPolls, newPollsThisMonth, votes, newVotesThisMonth, pendingReports] =
    await Promise.all([
      models.User.countDocuments({}),
      models.User.countDocuments({ createdAt: { $gte: since } }),
      models.Poll.countDocuments({}),
      models.Poll.countDocuments({ createdAt: { $gte: since } }),
      models.Poll.find({}, { votesCount: 1 }).lean(),
      models.Vote.countDocuments({ at: { $gte: since } }),
      models.Report.countDocuments({ status: 'pending' }),
    ]);
  const totalVotes = votes.reduce((sum, p) => sum + (p.votesCount ?? 0), 0);
  return {
    totalUsers,
    newUsersThisMonth,
    totalPolls,
    newPollsThisMonth,
    totalVotes,
    newVotesThisMonth,
    pendingReports,
  };
}

/**
 * What happened on each day: registrations, polls, votes and reports created in it. One count per day and figure
 * (indexed on MongoDB: `createdAt`, the votes' `at`), a day at a time.
 */
export async function dailyStats(models: Models, days: readonly IstanbulDay[]): Promise<AdminDay[]> {
  const result: AdminDay[] = [];
  for (const { date, start, end } of days) {
    const created = { createdAt: { $gte: start, $lt: end } };
    const [registrations, polls, votes, reports] = await Promise.all([
      models.User.countDocuments(created),
      models.Poll.countDocuments(created),
      models.Vote.countDocuments({ at: { $gte: start, $lt: end } }),
      models.Report.countDocuments(created),
    ]);
    result.push({ date, registrations, polls, votes, reports });
  }
  return result;
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
  // Poll reports only (records from before comments and members could be reported have no kind); the queue has every kind.
  const filter = { kind: { $nin: ['comment', 'user'] }, ...(status ? { status } : {}) } as Record<string, unknown>;
  const [reports, totalCount] = await Promise.all([
    models.Report.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skipTo(page)).limit(adminPageSize).lean(),
    models.Report.countDocuments(filter),
  ]);
  const [polls, reporters] = await Promise.all([
    models.Poll.find({ _id: { $in: [...new Set(reports.map((r) => r.pollId!))] } }, { title: 1, editedAt: 1 }).lean(),
    models.User.find({ _id: { $in: [...new Set(reports.map((r) => r.reporterId))] } }, { username: 1 }).lean(),
  ]);
  return { reports, polls, reporters, totalCount };
}

/** One page of the audit log, filtered by actor, action and time (from inclusive, to exclusive), with the actors' usernames. */
export async function auditPage(
  models: Models,
  page: number,
  filter: { actor?: string; action?: AuditAction; from?: string; to?: string } = {},
) {
  const query: Record<string, unknown> = {};
  if (filter.actor) query.adminId = filter.actor.toLowerCase();
  if (filter.action) query.action = filter.action;
  if (filter.from || filter.to)
    query.at = {
      ...(filter.from ? { $gte: new Date(filter.from) } : {}),
      ...(filter.to ? { $lt: new Date(filter.to) } : {}),
    };
  const [entries, totalCount] = await Promise.all([
    models.Audit.find(query).sort({ at: -1, _id: -1 }).skip(skipTo(page)).limit(adminPageSize).lean(),
    models.Audit.countDocuments(query),
  ]);
  const admins = await models.User.find(
    { _id: { $in: [...new Set(entries.map((e) => e.adminId))] } },
    { username: 1 },
  ).lean();
  return { entries, admins, totalCount };
}

export const findUser = (models: Models, id: string) => models.User.findById(id).lean();
export const findPoll = (models: Models, id: string) => models.Poll.findById(id).lean();

export async function setUserRole(
  models: Models,
  userId: string,
  role: 'member' | 'moderator' | 'admin',
): Promise<void> {
  await models.User.updateOne({ _id: userId }, { $set: { role } });
}

export async function setUserActive(models: Models, userId: string, isActive: boolean): Promise<void> {
  await models.User.updateOne({ _id: userId }, { $set: { isActive } });
}

/** False when there is no such report. */
export async function setReportStatus(
  models: Models,
  id: string,
  status: ReportStatusUpdate['status'],
): Promise<boolean> {
  const updated = await models.Report.updateOne({ _id: id }, { $set: { status } });
  return updated.matchedCount > 0;
}

/** The job's id. */
export async function createBulkJob(
  models: Models,
  job: { adminId: string; subject: string; body: string; total: number },
): Promise<string> {
  return String((await models.BulkJob.create(job))._id);
}

export async function recordAudit(
  models: Models,
  entry: { adminId: string; action: AuditAction; targetType: AuditTargetType; targetId: string; reason: string | null },
): Promise<void> {
  await models.Audit.create({ ...entry, at: new Date() });
}

export type UserRow = AdminUserDoc & { _id: string };
export interface PollRow {
  poll: AdminPollDoc & { _id: string };
  /** The creator's username, or their id when the read model has no such account. */
  creator: string;
}
export interface ReportRow {
  report: ReportDoc & { _id: string };
  pollTitle: string | null;
  reporter: string;
}

const newestFirst = { createdAt: -1, _id: -1 } as const;

/** A lookup that asks once per key: the CSV rows of many polls by one creator ask for the creator once. */
function remembered<T>(find: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => {
    let found = seen.get(key);
    if (!found) {
      found = find(key);
      seen.set(key, found);
    }
    return found;
  };
}

const usernameOf = (models: Models) =>
  remembered(async (id) => (await models.User.findById(id, { username: 1 }).lean())?.username ?? id);

/** Every account, newest first, read from a cursor as the CSV is written. */
export async function* userRows(models: Models): AsyncGenerator<UserRow> {
  for await (const user of models.User.find({}).sort(newestFirst).lean().cursor()) yield user as UserRow;
}

/** Every poll with its creator's username, newest first. */
export async function* pollRows(models: Models): AsyncGenerator<PollRow> {
  const creatorOf = usernameOf(models);
  for await (const poll of models.Poll.find({}).sort(newestFirst).lean().cursor()) {
    yield { poll: poll as PollRow['poll'], creator: await creatorOf(poll.creatorId) };
  }
}

/** Every report with its poll's title (null when the poll is gone, or for a member's report) and the reporter's username, newest first. */
export async function* reportRows(models: Models): AsyncGenerator<ReportRow> {
  const reporterOf = usernameOf(models);
  const titleOf = remembered(async (id) => (await models.Poll.findById(id, { title: 1 }).lean())?.title ?? null);
  for await (const report of models.Report.find({}).sort(newestFirst).lean().cursor()) {
    yield {
      report: report as ReportRow['report'],
      pollTitle: report.pollId ? await titleOf(report.pollId) : null,
      reporter: await reporterOf(report.reporterId),
    };
  }
}
