/**
 * The MongoDB-wire server as deploy/local/ferretdb-build.mjs builds it (FerretDB v1 with its mends, FERRETDB_PATCHES),
 * on both of its backends:
 * - over PostgreSQL (the cluster runs): it answers updates that outnumber its PostgreSQL pool of 50, one command of
 *   many update statements (a bulk write of replaceOne, as the vote-change consumer sends) and many updates at once
 *   (unmended, each update kept its reading connection while it asked the pool for a writing one, and the server
 *   stopped answering for good: the cluster chaos run hung so in its verdict); and it finds documents by `_id` on the
 *   `_id` index (unmended, every read by `_id` read the whole table);
 * - on SQLite (`npm start`, `npm test`): an `_id` beside other fields, or a list of them, goes to the `_id` index too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresFerret } from '../chaos/cluster-servers.mjs';
import { ensureFerretDb } from '../local/ferretdb-build.mjs';
import { freePort, startMongoWire } from '../local/servers.mjs';

/** More than FerretDB's PostgreSQL pool (pool_max_conns 50). */
const MANY = 120;

describe('FerretDB over PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meydan-ferret-pg-'));
  let servers: Awaited<ReturnType<typeof startPostgresFerret>> | undefined;
  let client: MongoClient;
  beforeAll(async () => {
    servers = await startPostgresFerret(dir, { ferretdb: ensureFerretDb() });
    // A server that stops answering is an error here, not a test that waits out its timeout.
    client = await new MongoClient(servers.url, {
      maxPoolSize: MANY + 10,
      socketTimeoutMS: 30_000,
      serverSelectionTimeoutMS: 30_000,
    }).connect();
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await servers?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`answers one bulk write of ${MANY} replaceOne and ${MANY} updateOne statements, each applied`, async () => {
    const votes = client.db('meydan_polls').collection<{ _id: string; option: number }>('bulk_votes');
    await votes.insertMany(Array.from({ length: MANY }, (_, i) => ({ _id: `v${i}`, option: 0 })));
    const replaced = await votes.bulkWrite(
      Array.from({ length: MANY }, (_, i) => ({
        replaceOne: { filter: { _id: `v${i}` }, replacement: { option: 1 }, upsert: true },
      })),
    );
    expect(replaced.modifiedCount).toBe(MANY);
    const upserted = await votes.bulkWrite(
      Array.from({ length: MANY }, (_, i) => ({
        updateOne: { filter: { _id: `n${i}` }, update: { $set: { option: 2 } }, upsert: true },
      })),
    );
    expect(upserted.upsertedCount).toBe(MANY);
    expect(await votes.countDocuments({ option: 1 })).toBe(MANY);
    expect(await votes.countDocuments({ option: 2 })).toBe(MANY);
  });

  it('finds documents by _id, one or a list of them, on the _id index (strings and ObjectIds)', async () => {
    const records = client.db('meydan_polls').collection<{ _id: string; seq: number }>('id_records');
    await records.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: `p:${i}`, seq: i })));
    const plan = async (filter: object) => JSON.stringify(await records.find(filter).explain());
    for (const filter of [{ _id: 'p:7' }, { _id: { $eq: 'p:7' } }, { _id: { $in: ['p:7', 'p:1500', 'p:missing'] } }]) {
      expect(await plan(filter), JSON.stringify(filter)).toMatch(/Index (Only )?Scan/);
    }
    expect(
      (await records.find({ _id: { $in: ['p:7', 'p:1500', 'p:missing'] } }).toArray())
        .map((r) => r.seq)
        .sort((a, b) => a - b),
    ).toEqual([7, 1500]);
    expect(await records.findOne({ _id: 'p:42' })).toEqual({ _id: 'p:42', seq: 42 });
    // Another field is not on the index: still answered, by reading the table.
    expect((await records.find({ seq: { $in: [3, 4] } }).toArray()).length).toBe(2);
    const votes = client.db('meydan_polls').collection<{ _id: ObjectId; n: number }>('id_votes');
    const ids = Array.from({ length: 500 }, () => new ObjectId());
    await votes.insertMany(ids.map((_id, n) => ({ _id, n })));
    expect(JSON.stringify(await votes.find({ _id: ids[3] }).explain())).toMatch(/Index (Only )?Scan/);
    expect(
      (await votes.find({ _id: { $in: [ids[3]!, ids[400]!] } }).toArray()).map((v) => v.n).sort((a, b) => a - b),
    ).toEqual([3, 400]);
  });

  it(`answers ${MANY} updates and findOneAndUpdates at once`, async () => {
    const counters = client.db('meydan_polls').collection<{ _id: string; n: number }>('many_counters');
    await counters.insertMany(Array.from({ length: MANY }, (_, i) => ({ _id: `c${i}`, n: 0 })));
    await Promise.all(
      Array.from({ length: MANY }, (_, i) =>
        i % 2 === 0
          ? counters.updateOne({ _id: `c${i}` }, { $inc: { n: 1 } })
          : counters.findOneAndUpdate({ _id: `c${i}` }, { $inc: { n: 1 } }),
      ),
    );
    expect(await counters.countDocuments({ n: 1 })).toBe(MANY);
  });
});

describe('FerretDB on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meydan-ferret-sqlite-'));
  let server: Awaited<ReturnType<typeof startMongoWire>> | undefined;
  let client: MongoClient;
  beforeAll(async () => {
    server = await startMongoWire({
      port: await freePort(),
      dataDir: dir,
      binaries: { ferretdb: ensureFerretDb(), mongod: null, natsServer: null, redisServer: null },
    });
    client = await new MongoClient(server.url, { socketTimeoutMS: 30_000, serverSelectionTimeoutMS: 30_000 }).connect();
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await server?.stop(5000);
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds documents by an _id beside other fields, or a list of _ids, on the _id index', async () => {
    const records = client.db('meydan_polls').collection<{ _id: string; seq: number }>('id_records');
    await records.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: `p:${i}`, seq: i })));
    const plan = async (filter: object) => JSON.stringify(await records.find(filter).explain());
    for (const filter of [
      { _id: 'p:7' },
      { _id: 'p:7', seq: { $lt: 10 } },
      { _id: { $eq: 'p:7' } },
      { _id: { $in: ['p:7', 'p:1500', 'p:missing'] } },
    ]) {
      expect(await plan(filter), JSON.stringify(filter)).toMatch(/USING INDEX/);
    }
    expect(await plan({ seq: 7 })).not.toMatch(/USING INDEX/);
    // What the index finds is filtered as before: the other fields still decide.
    expect(await records.countDocuments({ _id: 'p:7', seq: { $lt: 10 } })).toBe(1);
    expect(await records.countDocuments({ _id: 'p:70', seq: { $lt: 10 } })).toBe(0);
    expect(
      (await records.find({ _id: { $in: ['p:7', 'p:1500', 'p:missing'] } }).toArray())
        .map((r) => r.seq)
        .sort((a, b) => a - b),
    ).toEqual([7, 1500]);
    // A sequence record raised only by a higher seq, as the vote-change consumer does.
    expect((await records.updateOne({ _id: 'p:9', seq: { $lt: 5 } }, { $set: { seq: 5 } })).modifiedCount).toBe(0);
    expect((await records.updateOne({ _id: 'p:9', seq: { $lt: 50 } }, { $set: { seq: 50 } })).modifiedCount).toBe(1);
    const votes = client.db('meydan_polls').collection<{ _id: ObjectId; n: number }>('id_votes');
    const ids = Array.from({ length: 300 }, () => new ObjectId());
    await votes.insertMany(ids.map((_id, n) => ({ _id, n })));
    expect(JSON.stringify(await votes.find({ _id: { $in: [ids[3]!, ids[200]!] } }).explain())).toMatch(/USING INDEX/);
    expect(
      (await votes.find({ _id: { $in: [ids[3]!, ids[200]!] } }).toArray()).map((v) => v.n).sort((a, b) => a - b),
    ).toEqual([3, 200]);
  });
});
