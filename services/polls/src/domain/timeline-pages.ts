/**
 * Pages of a member's feed out of ranked timelines: the polls every member may see (public and private), already
 * paged by Redis, merged with the member's circle's Dost Meclisi polls. The order and the cursors are the database
 * path's: by the sort key (creation time or trending score) descending, then by id descending.
 */
import { encodeCursor, type Cursor } from './cursor.js';

/** A poll in a timeline with its sort key. */
export interface Ranked {
  id: string;
  score: number;
}

/** Whether `a` comes before `b` in a feed. Ids are ObjectId hex strings, so their text order is their id order. */
export const comesFirst = (a: Ranked, b: Ranked): boolean => a.score > b.score || (a.score === b.score && a.id > b.id);

/** Whether the poll comes after the cursor's (the cursor names the last poll of the previous page). */
export const afterCursor = (r: Ranked, cursor: Cursor): boolean =>
  r.score < cursor.k || (r.score === cursor.k && r.id < cursor.id);

export const byFeedOrder = (a: Ranked, b: Ranked): number => (comesFirst(a, b) ? -1 : comesFirst(b, a) ? 1 : 0);

/** Two lists, each in feed order, as one list in feed order. */
export function mergeRanked(a: readonly Ranked[], b: readonly Ranked[]): Ranked[] {
  const merged: Ranked[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(comesFirst(a[i]!, b[j]!) ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

export type TimelinePage = { ids: string[]; totalCount: number; currentPage?: number; nextCursor?: string | null };

/**
 * One page of the merged feed. `shared` holds the first `page × limit` polls of the shared timeline (by page number)
 * or its first `limit + 1` after the cursor, in feed order, and `sharedTotal` how many it has in all; `circle` every
 * circle poll the member may find in this feed, in any order.
 */
export function timelinePage(
  shared: readonly Ranked[],
  sharedTotal: number,
  circle: readonly Ranked[],
  limit: number,
  at: { page?: number | undefined; cursor: Cursor | null },
): TimelinePage {
  const totalCount = sharedTotal + circle.length;
  const circleInOrder = [...circle].sort(byFeedOrder);
  if (at.page !== undefined) {
    const ids = mergeRanked(shared, circleInOrder)
      .slice((at.page - 1) * limit, at.page * limit)
      .map((r) => r.id);
    return { ids, totalCount, currentPage: at.page };
  }
  const cursor = at.cursor;
  const after = cursor ? circleInOrder.filter((r) => afterCursor(r, cursor)) : circleInOrder;
  const rows = mergeRanked(shared, after).slice(0, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ k: last.score, id: last.id }) : null;
  return { ids: page.map((r) => r.id), totalCount, nextCursor };
}
