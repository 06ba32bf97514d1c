/**
 * Reports and the moderation queue: the poll reports' pages and their settling, the queue of every pending report
 * with the texts the word filter held, and the removal of a reported comment.
 */
import {
  adminPageSize,
  events,
  type AdminReportQuery,
  type HeldListReply,
  type ReportStatusUpdate,
} from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { heldProfiles } from '../clients/auth.js';
import { heldPollTexts } from '../clients/polls.js';
import { findReport, reportQueue, resolveCommentReports } from '../store/moderation.js';
import { reportPage, setReportStatus } from '../store/panel.js';
import { reportItems } from '../views/panel.js';
import { audit, type Staff } from './staff.js';

type Panel = Pick<AdminContext, 'models'>;
type HeldItem = HeldListReply['items'][number];

/** One page of the poll reports, filtered by status. */
export async function listReports(ctx: Panel, query: AdminReportQuery) {
  const page = query.page ?? 1;
  const { reports, polls, reporters, totalCount } = await reportPage(ctx.models, query.status, page);
  return {
    items: reportItems(reports as never, polls as never, reporters as never),
    totalCount,
    page,
    pageSize: adminPageSize,
  };
}

/** Marks a report resolved or dismissed; false when there is no such report. */
export async function settleReport(
  ctx: Panel,
  reportId: string,
  { status }: ReportStatusUpdate,
  by: Staff,
): Promise<boolean> {
  if (!(await setReportStatus(ctx.models, reportId, status))) return false;
  await audit(ctx, by, status === 'resolved' ? 'report.resolve' : 'report.dismiss', 'report', reportId);
  return true;
}

/**
 * Every held item polls and auth answer, oldest first (at most 100), with how long it has waited. A service that does
 * not answer leaves its items out (logged): the reports still show.
 */
async function heldQueue(ctx: Pick<AdminContext, 'bus'>, by: Staff, now: Date) {
  const itemsOf = (asked: Promise<HeldListReply>, service: string) =>
    asked.then(
      (r) => r.items,
      (err: unknown) => {
        by.log.warn({ err, service }, 'held items not read');
        return [] as HeldItem[];
      },
    );
  const [polls, profiles] = await Promise.all([
    itemsOf(heldPollTexts(ctx, by.requestId), 'polls'),
    itemsOf(heldProfiles(ctx, by.requestId), 'auth'),
  ]);
  return [...polls, ...profiles]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .slice(0, 100)
    .map((item) => ({
      ...item,
      waitingSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(item.createdAt)) / 1000)),
    }));
}

/** The moderation queue: pending reports of every kind and the held texts, oldest first, with their waiting times. */
export async function readReportQueue(ctx: Pick<AdminContext, 'models' | 'bus'>, by: Staff) {
  const now = new Date();
  const [reports, held] = await Promise.all([reportQueue(ctx.models, now), heldQueue(ctx, by, now)]);
  return { ...reports, held };
}

/** Removes a reported comment (polls acts on the event) and resolves its pending reports. */
export async function removeReportedComment(
  ctx: Pick<AdminContext, 'models' | 'bus'>,
  reportId: string,
  by: Staff,
): Promise<'removed' | 'not_found' | 'not_a_comment'> {
  const report = await findReport(ctx.models, reportId);
  if (!report) return 'not_found';
  if (report.kind !== 'comment' || !report.commentId || !report.pollId) return 'not_a_comment';
  await ctx.bus.publishReliably(
    events.admin.commentRemoved,
    { commentId: report.commentId, pollId: report.pollId, by: by.userId, at: new Date().toISOString() },
    { requestId: by.requestId, msgId: `comment-removed:${report.commentId}` },
  );
  await resolveCommentReports(ctx.models, report.commentId);
  await setReportStatus(ctx.models, report._id, 'resolved');
  await audit(ctx, by, 'comment.remove', 'comment', report.commentId, report.reason);
  return 'removed';
}
