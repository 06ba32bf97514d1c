/** The admin service's read model rebuild: every poll and every report, a page at a time in id order. */
import type { PollsContext } from '../context.js';
import { announcedImages } from '../domain/option-images.js';
import { announcedKind } from '../domain/ranked.js';
import { pollsAfter, reportsAfter } from '../store/read-model-pages.js';

/** One page of every poll in id order with its stored vote count: the admin service's read model rebuild. */
export async function pollsPage(ctx: PollsContext, { after, limit }: { after: string | null; limit: number }) {
  const polls = await pollsAfter(ctx, after, limit);
  return {
    polls: polls.map(({ poll: p, votesCount }) => ({
      id: String(p._id),
      creatorId: p.creatorId,
      type: p.type,
      title: p.title,
      description: p.description ?? null,
      category: p.category,
      isShareable: Boolean(p.isShareable),
      votesCount,
      createdAt: new Date(p.createdAt).toISOString(),
      ...announcedKind(p),
      ...announcedImages(p),
    })),
    next: polls.length === limit ? String(polls[polls.length - 1]!.poll._id) : null,
  };
}

/** One page of every report in id order (the admin service's read model rebuild). */
export async function reportsPage(ctx: PollsContext, { after, limit }: { after: string | null; limit: number }) {
  const reports = await reportsAfter(ctx, after, limit);
  return {
    reports: reports.map((r) => ({
      id: String(r._id),
      pollId: String(r.pollId),
      reporterId: r.reporterId,
      reason: r.reason,
      description: r.description ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    next: reports.length === limit ? String(reports[reports.length - 1]!._id) : null,
  };
}
