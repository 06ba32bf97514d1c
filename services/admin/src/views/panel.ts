/** What the panel's lists show of the read model's records: the API's items, shaped without I/O. */
import type { AdminPollDoc, AdminUserDoc, AuditDoc, ReportDoc } from '../model/index.js';

const iso = (d: Date | string) => new Date(d).toISOString();

type Named = { _id: string; username: string };

export function userView(u: AdminUserDoc & { _id: string }) {
  return {
    id: u._id,
    username: u.username,
    displayName: u.displayName ?? null,
    email: u.email,
    role: u.role ?? 'member',
    isActive: u.isActive ?? true,
    emailVerified: u.emailVerified ?? false,
    createdAt: iso(u.createdAt),
  };
}

/** Polls with their creators (null when the read model has no such account). */
export function pollItems(
  polls: (AdminPollDoc & { _id: string })[],
  creators: (Named & { displayName?: string | null })[],
) {
  const byId = new Map(creators.map((u) => [u._id, u]));
  return polls.map((p) => {
    const creator = byId.get(p.creatorId);
    return {
      id: p._id,
      title: p.title,
      description: p.description ?? null,
      category: p.category,
      votesCount: p.votesCount ?? 0,
      createdAt: iso(p.createdAt),
      isShareable: p.isShareable ?? false,
      type: p.type,
      ...(p.kind === 'quiz' || p.kind === 'ranked' ? { kind: p.kind as 'quiz' | 'ranked' } : {}),
      ...(p.images?.length ? { images: p.images.map(({ url, alt }) => ({ url, alt })) } : {}),
      creator: creator
        ? { id: creator._id, username: creator.username, displayName: creator.displayName ?? null }
        : null,
    };
  });
}

/** Poll reports with their polls' titles and their reporters' usernames. */
export function reportItems(
  reports: (ReportDoc & { _id: string })[],
  polls: { _id: string; title?: string | null; editedAt?: Date | null }[],
  reporters: Named[],
) {
  const byPoll = new Map(polls.map((p) => [p._id, p]));
  const usernames = new Map(reporters.map((u) => [u._id, u.username]));
  return reports.map((r) => {
    const poll = byPoll.get(r.pollId!);
    return {
      id: r._id,
      status: r.status ?? 'pending',
      reason: r.reason,
      description: r.description ?? null,
      createdAt: iso(r.createdAt),
      poll: { id: r.pollId!, title: poll?.title ?? null, editedAt: poll?.editedAt ? iso(poll.editedAt) : null },
      reporter: { id: r.reporterId, username: usernames.get(r.reporterId) ?? null },
    };
  });
}

/** Audit entries with their actors' usernames. */
export function auditItems(entries: AuditDoc[], admins: Named[]) {
  const usernames = new Map(admins.map((u) => [u._id, u.username]));
  return entries.map((e) => ({
    id: String(e._id),
    adminId: e.adminId,
    adminUsername: usernames.get(e.adminId) ?? null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    reason: e.reason ?? null,
    at: iso(e.at),
  }));
}

export function wordFilterEntryView(e: { _id: unknown; pattern: string; action: 'refuse' | 'hold'; createdAt: Date }) {
  return { id: String(e._id), pattern: e.pattern, action: e.action, createdAt: new Date(e.createdAt).toISOString() };
}
