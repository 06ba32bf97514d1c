import type { mongo } from 'mongoose';

/** A mongoose model, as far as its collection goes. */
interface WithCollection {
  collection: mongo.Collection;
}

/**
 * Gives each document that lacks `field` the fields `valuesOf` makes from it (reading only `read`), `batchSize` at a
 * time: a field added to a collection, filled in at start for what was stored before. Bounded by what lacked it at the
 * start, since each batch gives its documents the field; a document written meanwhile got it from its writer, and a
 * batch never writes over one that has it, so running it again, or on two replicas at once, changes nothing. Returns
 * how many documents it gave the fields to.
 */
export async function fillMissingField(
  model: WithCollection,
  field: string,
  read: Record<string, 1>,
  valuesOf: (doc: mongo.Document) => Record<string, unknown>,
  batchSize = 500,
): Promise<number> {
  const missing = { [field]: { $exists: false } };
  const batches = Math.ceil((await model.collection.countDocuments(missing)) / batchSize);
  let given = 0;
  for (let i = 0; i < batches; i++) {
    const docs = await model.collection.find(missing, { projection: read }).limit(batchSize).toArray();
    if (docs.length === 0) break;
    const written = await model.collection.bulkWrite(
      docs.map((doc) => ({ updateOne: { filter: { _id: doc._id, ...missing }, update: { $set: valuesOf(doc) } } })),
      { ordered: false },
    );
    given += written.modifiedCount;
  }
  return given;
}
