/** MongoDB's code for a write refused by a unique index. */
const DUPLICATE_KEY = 11000;

type WriteErrorLike = { code?: number };

/**
 * Whether the server also reported a write-concern failure: the write may be applied on the primary only and rolled
 * back by an election, so it is no answer to rely on. The driver reports it as `writeConcernError` on a single
 * write's error (MongoWriteConcernError keeps the reply's `writeErrors` beside it), and in the bulk result's
 * `writeConcernErrors` on a bulk write's.
 */
function carriesWriteConcernError(err: object): boolean {
  const e = err as {
    writeConcernError?: unknown;
    writeConcernErrors?: unknown[];
    errorResponse?: { writeConcernError?: unknown };
    /** A bulk write error's BulkWriteResult. */
    result?: { writeConcernError?: unknown; result?: { writeConcernErrors?: unknown[] } };
  };
  if (e.writeConcernError || e.errorResponse?.writeConcernError || e.result?.writeConcernError) return true;
  return (e.writeConcernErrors?.length ?? 0) > 0 || (e.result?.result?.writeConcernErrors?.length ?? 0) > 0;
}

/**
 * Whether a MongoDB write failed only because a unique index already holds the key: a single write's error, or a
 * bulk write (insertMany unordered, bulkWrite) whose every failed write is a duplicate key — one failure of any other
 * kind makes it a real error, and so does a write-concern error beside the duplicates (with `w=majority` on a replica
 * set, the writes that did go through may yet be rolled back). Works on the errors of mongoose, the driver and
 * MongoDB-wire servers alike.
 */
export function isDuplicateKey(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if (carriesWriteConcernError(err)) return false;
  const e = err as WriteErrorLike & { writeErrors?: WriteErrorLike[] | WriteErrorLike };
  if (e.writeErrors === undefined) return e.code === DUPLICATE_KEY;
  const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
  return writeErrors.length > 0 && writeErrors.every((w) => w?.code === DUPLICATE_KEY);
}

/**
 * The positions of an unordered bulk insert's documents that a unique index refused, when that is all that went
 * wrong (every other document was inserted); null for any other error. MongoDB and FerretDB both report each failed
 * document as a write error carrying its `index` in the batch.
 */
export function duplicateKeyIndexes(err: unknown): Set<number> | null {
  if (!isDuplicateKey(err)) return null;
  const e = err as { writeErrors?: (WriteErrorLike & { index?: number })[] | (WriteErrorLike & { index?: number }) };
  if (e.writeErrors === undefined) return null;
  const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
  const indexes = new Set<number>();
  for (const w of writeErrors) {
    if (typeof w.index !== 'number') return null;
    indexes.add(w.index);
  }
  return indexes;
}
