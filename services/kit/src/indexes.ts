/** A mongoose model, as far as its indexes go. */
interface Indexed {
  createIndexes(): Promise<unknown>;
}

/**
 * Waits until every index of a service's models exists (a unique index must be there before the first write relies
 * on it). `createIndexes` on each model, the same on MongoDB and FerretDB v1; unlike `Model.init()` it does not hang
 * on the connection's autoIndex option, and it is not remembered, so a start that failed here tries again.
 */
export async function createIndexes<M extends { [K in keyof M]: Indexed }>(models: M): Promise<void> {
  await Promise.all(Object.values<Indexed>(models).map((model) => model.createIndexes()));
}

/** A mongoose model, as far as its collection and connection go. */
interface WithCollection {
  collection: { createIndex(keys: Record<string, 1 | -1>): Promise<unknown> };
  db: { db?: { admin(): { command(command: Record<string, unknown>): Promise<Record<string, unknown>> } } };
}

/**
 * Makes indexes of an array's elements (multikey: search terms, hashtags) where the server can use them: on MongoDB.
 * FerretDB v1 (its buildInfo names its version) indexes an array as one value, which no query on one element uses, and
 * over PostgreSQL such a btree entry refuses an array past 2,704 bytes: a long poll's terms could not be stored. There
 * they are not made. Whether they were.
 */
export async function createMultikeyIndexes(
  model: WithCollection,
  indexes: Record<string, 1 | -1>[],
): Promise<boolean> {
  const info = await model.db.db?.admin().command({ buildInfo: 1 });
  if (!info || 'ferretdbVersion' in info) return false;
  for (const keys of indexes) await model.collection.createIndex(keys);
  return true;
}
