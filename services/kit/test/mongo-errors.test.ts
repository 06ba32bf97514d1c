/**
 * The duplicate-key check against the errors a real MongoDB-wire server gives (FerretDB locally, mongod where
 * installed): one write, a mongoose create, and unordered bulk inserts with only duplicates or a mix of failures.
 */
import { randomBytes } from 'node:crypto';
import { MongoBulkWriteError, MongoServerError, MongoWriteConcernError } from 'mongodb';
import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra, testLogger } from '@meydan/testing';
import { connectMongo, duplicateKeyIndexes, isDuplicateKey } from '@meydan/kit';

async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (err) {
    return err;
  }
  throw new Error('the write was expected to fail');
}

describe('isDuplicateKey', () => {
  let mongo: Connection;
  const itemSchema = new Schema({ key: { type: String, unique: true }, n: Number });
  const itemModel = () => mongo.models['Item'] ?? mongo.model('Item', itemSchema);

  beforeAll(async () => {
    mongo = await connectMongo(infra().mongoUrl, `test_kit_dup_${randomBytes(4).toString('hex')}`, testLogger());
    await itemModel().init();
    await mongo.collection('items').insertOne({ key: 'taken', n: 1 });
  });
  afterAll(async () => {
    await mongo?.dropDatabase().catch(() => {});
    await mongo?.close();
  });

  it('recognises a single write refused by the unique index (driver and mongoose)', async () => {
    expect(isDuplicateKey(await failureOf(() => mongo.collection('items').insertOne({ key: 'taken' })))).toBe(true);
    expect(isDuplicateKey(await failureOf(() => itemModel().create({ key: 'taken' })))).toBe(true);
  });

  it('recognises an unordered bulk insert whose only failures are duplicates, and stores the rest', async () => {
    const err = await failureOf(() =>
      mongo
        .collection('items')
        .insertMany([{ key: 'taken' }, { key: 'fresh-1' }, { key: 'taken' }], { ordered: false }),
    );
    expect(isDuplicateKey(err)).toBe(true);
    expect(await mongo.collection('items').countDocuments({ key: 'fresh-1' })).toBe(1);
  });

  it('does not hide a bulk write with a failure of another kind among the duplicates', async () => {
    // An array is no valid _id: the server refuses that write for another reason than its key.
    const invalidId = { _id: [1, 2] as unknown as undefined, key: 'odd' };
    const err = await failureOf(() =>
      mongo.collection('items').insertMany([{ key: 'taken' }, invalidId], { ordered: false }),
    );
    // The error's own code is the first failure's (11000 here); only its list of write errors tells the truth.
    expect(err).toMatchObject({ code: 11000 });
    expect(isDuplicateKey(err)).toBe(false);
  });

  it('says no to anything else', async () => {
    const validation = await failureOf(() => itemModel().create({ key: 'x', n: 'not a number' }));
    expect(isDuplicateKey(validation)).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
    expect(isDuplicateKey(new Error('E11000'))).toBe(false);
    expect(isDuplicateKey({ code: 11000, writeErrors: [] })).toBe(false);
  });
});

/**
 * A replica set with `w=majority` can answer a write with a duplicate key and a write-concern error at once: what was
 * written may be rolled back by an election, so it is no success. The errors are the driver's own classes, built from
 * the replies a primary sends (a lone server gives no write-concern error to provoke).
 */
describe('isDuplicateKey with a write-concern error', () => {
  const duplicate = {
    index: 0,
    code: 11000,
    errmsg: 'E11000 duplicate key error collection: meydan_polls.votes index: pollId_1_voter_1 dup key',
  };
  const writeConcernError = {
    code: 64,
    codeName: 'WriteConcernFailed',
    errmsg: 'waiting for replication timed out',
    errInfo: { wtimeout: true },
  };

  it('is an error when a single write is refused as a duplicate and its write concern failed', () => {
    // What the driver throws for {ok: 1, n: 0, writeErrors: [...], writeConcernError: {...}}: the write errors stay on it.
    const err = new MongoWriteConcernError({ ok: 1, n: 0, writeErrors: [duplicate], writeConcernError });
    expect(err).toMatchObject({ writeErrors: [{ code: 11000 }] });
    expect(isDuplicateKey(err)).toBe(false);
    // A server error with the duplicate's code and a write-concern error beside it.
    expect(
      isDuplicateKey(new MongoServerError({ ok: 1, code: 11000, errmsg: duplicate.errmsg, writeConcernError })),
    ).toBe(false);
    expect(isDuplicateKey(new MongoServerError({ ok: 1, code: 11000, errmsg: duplicate.errmsg }))).toBe(true);
  });

  it('is an error when a bulk insert has only duplicates but its write concern failed', () => {
    const result = (writeConcernErrors: object[]) =>
      ({ result: { ok: 1, writeErrors: [duplicate], writeConcernErrors, nInserted: 2, upserted: [] } }) as never;
    const failed = new MongoBulkWriteError(
      { message: duplicate.errmsg, code: 11000, writeErrors: [duplicate] } as never,
      result([writeConcernError]),
    );
    expect(isDuplicateKey(failed)).toBe(false);
    expect(duplicateKeyIndexes(failed)).toBeNull();
    const onlyDuplicates = new MongoBulkWriteError(
      { message: duplicate.errmsg, code: 11000, writeErrors: [duplicate] } as never,
      result([]),
    );
    expect(isDuplicateKey(onlyDuplicates)).toBe(true);
    expect(duplicateKeyIndexes(onlyDuplicates)).toEqual(new Set([0]));
  });
});

describe('connectMongo with the URL options of a replica set', () => {
  it('keeps w=majority and retryWrites from MONGO_URL, and writes with them', async () => {
    const url = new URL(infra().mongoUrl);
    url.searchParams.set('w', 'majority');
    url.searchParams.set('retryWrites', 'true');
    const mongo = await connectMongo(url.toString(), `test_kit_wc_${randomBytes(4).toString('hex')}`, testLogger());
    try {
      const options = mongo.getClient().options;
      expect(options.writeConcern?.w).toBe('majority');
      expect(options.retryWrites).toBe(true);
      expect(options.directConnection).toBe(false);
      await mongo.collection('items').insertOne({ key: 'majority' });
      expect(await mongo.collection('items').countDocuments({ key: 'majority' })).toBe(1);
      await mongo.dropDatabase();
    } finally {
      await mongo.close();
    }
  });
});
