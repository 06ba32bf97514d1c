/** How many lookups by `_id` one call keeps in flight (a pool has 100 connections). */
const LOOKUPS_AT_ONCE = 20;

/**
 * Whether a value can be a MongoDB ObjectId as text: 24 hex digits, either case. An id from a path, a payload or a
 * cursor that is anything else names no document, so it is answered as not found rather than sent as a query.
 */
export const isObjectId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value);

/**
 * The documents of `ids`, found one `_id` at a time, a few at once, rather than with one `{ _id: { $in } }`: FerretDB
 * (the local MongoDB-wire server) answers `$in` by scanning the whole collection (0.3 s at 2,000 accounts, growing),
 * while each lookup by `_id` uses its index. Ids with no document are left out.
 */
export async function findEachById<T>(
  ids: readonly string[],
  find: (id: string) => PromiseLike<T | null>,
): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < ids.length; i += LOOKUPS_AT_ONCE) {
    for (const doc of await Promise.all(ids.slice(i, i + LOOKUPS_AT_ONCE).map(find))) if (doc !== null) found.push(doc);
  }
  return found;
}
