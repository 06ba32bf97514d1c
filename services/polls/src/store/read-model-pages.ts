/** Every poll and every report, a page at a time in id order: what the admin service rebuilds its read model from. */
import { Types } from 'mongoose';
import { isObjectId } from '@meydan/kit';
import type { Models, PollDoc } from '../model/index.js';

type Pages = { models: Models };

/** Records after the one of id `after`, or from the first when it is none (or no id). */
const afterId = (after: string | null) => (isObjectId(after) ? { _id: { $gt: new Types.ObjectId(after) } } : {});

/** Up to `limit` polls after the poll `after`, each with its stored votes counted. */
export async function pollsAfter(
  ctx: Pages,
  after: string | null,
  limit: number,
): Promise<{ poll: PollDoc; votesCount: number }[]> {
  const polls = (await ctx.models.Poll.find(afterId(after)).sort({ _id: 1 }).limit(limit).lean()) as PollDoc[];
  const votes = await Promise.all(polls.map((p) => ctx.models.Vote.countDocuments({ pollId: p._id })));
  return polls.map((poll, i) => ({ poll, votesCount: votes[i] ?? 0 }));
}

/** Up to `limit` reports after the report `after`. */
export async function reportsAfter(ctx: Pages, after: string | null, limit: number) {
  return ctx.models.Report.find(afterId(after)).sort({ _id: 1 }).limit(limit).lean();
}
