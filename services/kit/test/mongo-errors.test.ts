/**
 * The duplicate-key check against the errors a real MongoDB-wire server gives (FerretDB locally, mongod where
 * installed): one write, a mongoose create, and unordered bulk inserts with only duplicates or a mix of failures.
 */
import { randomBytes } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra, testLogger } from '@meydan/testing';
import { connectMongo, isDuplicateKey } from '@meydan/kit';

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
  const Item = () => mongo.models['Item'] ?? mongo.model('Item', itemSchema);

  beforeAll(async () => {
    mongo = await connectMongo(infra().mongoUrl, `test_kit_dup_${randomBytes(4).toString('hex')}`, testLogger());
    await Item().init();
    await mongo.collection('items').insertOne({ key: 'taken', n: 1 });
  });
  afterAll(async () => {
    await mongo?.dropDatabase().catch(() => {});
    await mongo?.close();
  });

  it('recognises a single write refused by the unique index (driver and mongoose)', async () => {
    expect(isDuplicateKey(await failureOf(() => mongo.collection('items').insertOne({ key: 'taken' })))).toBe(true);
    expect(isDuplicateKey(await failureOf(() => Item().create({ key: 'taken' })))).toBe(true);
  });

  it('recognises an unordered bulk insert whose only failures are duplicates, and stores the rest', async () => {
    const err = await failureOf(() =>
      mongo.collection('items').insertMany([{ key: 'taken' }, { key: 'fresh-1' }, { key: 'taken' }], { ordered: false }),
    );
    expect(isDuplicateKey(err)).toBe(true);
    expect(await mongo.collection('items').countDocuments({ key: 'fresh-1' })).toBe(1);
  });

  it('does not hide a bulk write with a failure of another kind among the duplicates', async () => {
    // An array is no valid _id: the server refuses that write for another reason than its key.
    const invalidId = { _id: [1, 2] as unknown as undefined, key: 'odd' };
    const err = await failureOf(() => mongo.collection('items').insertMany([{ key: 'taken' }, invalidId], { ordered: false }));
    // The error's own code is the first failure's (11000 here); only its list of write errors tells the truth.
    expect(err).toMatchObject({ code: 11000 });
    expect(isDuplicateKey(err)).toBe(false);
  });

  it('says no to anything else', async () => {
    const validation = await failureOf(() => Item().create({ key: 'x', n: 'not a number' }));
    expect(isDuplicateKey(validation)).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
    expect(isDuplicateKey(new Error('E11000'))).toBe(false);
    expect(isDuplicateKey({ code: 11000, writeErrors: [] })).toBe(false);
  });
});
