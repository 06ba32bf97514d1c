import { Types, type Model } from 'mongoose';
import { encodeCursor, type Cursor } from '../domain/cursor.js';
import { WITHOUT_SEARCH_FIELDS, type PollDoc, type Models } from '../model/index.js';

type Feed = { models: Models };

/** One page of a feed: by page number, or after a cursor with the cursor of the next page. */
export type FeedPage = { polls: PollDoc[]; totalCount: number; currentPage?: number; nextCursor?: string | null };

/** The newest polls the filter lets through, at most `limit` (the for-you feed's pool). */
export async function newestPolls(ctx: Feed, filter: Record<string, unknown>, limit: number): Promise<PollDoc[]> {
  return (await ctx.models.Poll.find(filter, WITHOUT_SEARCH_FIELDS)
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .lean()) as PollDoc[];
}

/**
 * A page of the trending (`byHot`) or newest polls the filter lets through. Trending reads the rank collection (it
 * carries the feed filter fields), new and friends the polls.
 */
export async function feedPage(
  ctx: Feed,
  filter: Record<string, unknown>,
  byHot: boolean,
  limit: number,
  at: { page?: number | undefined; cursor: Cursor | null },
): Promise<FeedPage> {
  const key = byHot ? 'hot' : 'createdAt';
  const source = (byHot ? ctx.models.PollRank : ctx.models.Poll) as unknown as Model<{
    _id: Types.ObjectId;
    hot?: number;
    createdAt: Date;
  }>;
  const sort: Record<string, 1 | -1> = { [key]: -1, _id: -1 };
  const pollsOf = async (rows: { _id: Types.ObjectId }[]): Promise<PollDoc[]> => {
    if (!byHot) return rows as unknown as PollDoc[];
    const docs = (await ctx.models.Poll.find(
      { _id: { $in: rows.map((r) => r._id) } },
      WITHOUT_SEARCH_FIELDS,
    ).lean()) as PollDoc[];
    const byId = new Map(docs.map((d) => [String(d._id), d]));
    return rows.map((r) => byId.get(String(r._id))).filter((d): d is PollDoc => d !== undefined);
  };

  const totalCount = await source.countDocuments(filter);
  if (at.page !== undefined) {
    const rows = await source
      .find(filter)
      .sort(sort)
      .skip((at.page - 1) * limit)
      .limit(limit)
      .lean();
    return { polls: await pollsOf(rows), totalCount, currentPage: at.page };
  }
  const paged = { ...filter, $and: [...(filter['$and'] as object[])] };
  if (at.cursor) {
    const value = byHot ? at.cursor.k : new Date(at.cursor.k);
    paged.$and.push({
      $or: [{ [key]: { $lt: value } }, { [key]: value, _id: { $lt: new Types.ObjectId(at.cursor.id) } }],
    });
  }
  const rows = await source
    .find(paged)
    .sort(sort)
    .limit(limit + 1)
    .lean();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ k: byHot ? (last.hot ?? 0) : new Date(last.createdAt).getTime(), id: String(last._id) })
      : null;
  return { polls: await pollsOf(page), totalCount, nextCursor };
}
