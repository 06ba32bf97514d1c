/**
 * Moderation beyond polls: reports on comments and members as polls and social announce them, the one queue of every
 * pending report (oldest first, with its waiting time), and the word filter's entries.
 */
import { foldTurkish } from '@meydan/kit';
import { reportOverdueSeconds, type ReportQueueItem, type WordFilterAction } from '@meydan/proto';
import type { Models } from '../model/index.js';

interface Reported {
  reporterId: string;
  reason: string;
  description: string | null;
  createdAt: Date;
}

/** A comment report, written once, pending (a redelivered event changes nothing). */
export async function saveCommentReport(
  models: Models,
  id: string,
  r: Reported & { commentId: string; pollId: string; authorId: string; text: string },
) {
  const { commentId, pollId, authorId, text, reporterId, reason, description, createdAt } = r;
  await models.Report.updateOne(
    { _id: id },
    {
      $setOnInsert: {
        kind: 'comment',
        commentId,
        pollId,
        userId: authorId,
        text,
        reporterId,
        reason,
        description,
        createdAt,
        status: 'pending',
      },
    },
    { upsert: true },
  );
}

/** A member report, written once, pending. */
export async function saveUserReport(models: Models, id: string, r: Reported & { userId: string }) {
  const { userId, reporterId, reason, description, createdAt } = r;
  await models.Report.updateOne(
    { _id: id },
    { $setOnInsert: { kind: 'user', userId, reporterId, reason, description, createdAt, status: 'pending' } },
    { upsert: true },
  );
}

/** How many reports one queue answer lists. */
export const queueLimit = 100;

/** The pending reports of every kind, oldest first, with what each is about, and how many wait past 24 hours. */
export async function reportQueue(
  models: Models,
  now: Date,
): Promise<{ items: ReportQueueItem[]; totalCount: number; overdueCount: number }> {
  const pending = { status: 'pending' as const };
  const overdueBefore = new Date(now.getTime() - reportOverdueSeconds * 1000);
  const [reports, totalCount, overdueCount] = await Promise.all([
    models.Report.find(pending).sort({ createdAt: 1, _id: 1 }).limit(queueLimit).lean(),
    models.Report.countDocuments(pending),
    models.Report.countDocuments({ ...pending, createdAt: { $lt: overdueBefore } }),
  ]);
  const pollIds = [...new Set(reports.flatMap((r) => (r.pollId ? [r.pollId] : [])))];
  const userIds = [...new Set(reports.flatMap((r) => [r.reporterId, ...(r.userId ? [r.userId] : [])]))];
  const [polls, users] = await Promise.all([
    models.Poll.find({ _id: { $in: pollIds } }, { title: 1 }).lean(),
    models.User.find({ _id: { $in: userIds } }, { username: 1 }).lean(),
  ]);
  const titles = new Map(polls.map((p) => [p._id, p.title]));
  const usernames = new Map(users.map((u) => [u._id, u.username]));
  const items = reports.map((r): ReportQueueItem => {
    const kind = r.kind ?? 'poll';
    const waitingSeconds = Math.max(0, Math.floor((now.getTime() - new Date(r.createdAt).getTime()) / 1000));
    const target =
      kind === 'user'
        ? {
            id: r.userId!,
            link: usernames.has(r.userId!) ? `/profil/${usernames.get(r.userId!)}` : null,
            preview: usernames.get(r.userId!) ?? null,
          }
        : kind === 'comment'
          ? {
              id: r.commentId!,
              pollId: r.pollId!,
              authorId: r.userId!,
              link: titles.has(r.pollId!) ? `/anket/${r.pollId}` : null,
              preview: r.text ?? null,
            }
          : {
              id: r.pollId!,
              link: titles.has(r.pollId!) ? `/anket/${r.pollId}` : null,
              preview: titles.get(r.pollId!) ?? null,
            };
    return {
      id: r._id,
      kind,
      reason: r.reason,
      description: r.description ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
      waitingSeconds,
      overdue: waitingSeconds > reportOverdueSeconds,
      reporter: { id: r.reporterId, username: usernames.get(r.reporterId) ?? null },
      target,
    };
  });
  return { items, totalCount, overdueCount };
}

/** The report (of any kind, in any state), or null. */
export const findReport = (models: Models, id: string) => models.Report.findById(id).lean();

/** Resolves every pending report on the comment (a removed comment settles them all). */
export async function resolveCommentReports(models: Models, commentId: string): Promise<void> {
  await models.Report.updateMany({ kind: 'comment', commentId, status: 'pending' }, { $set: { status: 'resolved' } });
}

/** The word filter's entries, oldest first. */
export const wordFilterEntries = (models: Models) => models.WordFilter.find({}).sort({ createdAt: 1, _id: 1 }).lean();

/** Adds an entry; false when the word (folded) is there already. */
export async function addWordFilterEntry(models: Models, pattern: string, action: WordFilterAction) {
  const trimmed = pattern.trim().replace(/\s+/g, ' ');
  const folded = foldTurkish(trimmed);
  const result = await models.WordFilter.updateOne(
    { folded },
    { $setOnInsert: { pattern: trimmed, folded, action, createdAt: new Date() } },
    { upsert: true },
  );
  if (result.upsertedCount === 0) return null;
  return models.WordFilter.findOne({ folded }).lean();
}

/** Removes an entry; false when there was none. */
export async function removeWordFilterEntry(models: Models, id: string): Promise<boolean> {
  return (await models.WordFilter.deleteOne({ _id: id })).deletedCount > 0;
}
