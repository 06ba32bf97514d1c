/**
 * The MongoDB-wire server the cluster runs use (FerretDB v1 over PostgreSQL, built by deploy/local/servers.mjs with its
 * mends) answers updates that outnumber its PostgreSQL pool of 50: one command of many update statements (a bulk
 * write of replaceOne, as the vote-change consumer sends) and many updates at once. Unmended, each update kept its
 * reading connection while it asked the pool for a writing one, and the server stopped answering for good (the
 * cluster chaos run hung so in its verdict).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresFerret } from '../chaos/cluster-servers.mjs';
import { ensureFerretDb } from '../local/servers.mjs';

/** More than FerretDB's PostgreSQL pool (pool_max_conns 50). */
const MANY = 120;

describe('FerretDB over PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meydan-ferret-pg-'));
  let servers: Awaited<ReturnType<typeof startPostgresFerret>> | undefined;
  let client: MongoClient;
  beforeAll(async () => {
    servers = await startPostgresFerret(dir, { ferretdb: ensureFerretDb() });
    // A server that stops answering is an error here, not a test that waits out its timeout.
    client = await new MongoClient(servers.url, { maxPoolSize: MANY + 10, socketTimeoutMS: 30_000, serverSelectionTimeoutMS: 30_000 }).connect();
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await servers?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`answers one bulk write of ${MANY} replaceOne and ${MANY} updateOne statements, each applied`, async () => {
    const votes = client.db('meydan_polls').collection<{ _id: string; option: number }>('bulk_votes');
    await votes.insertMany(Array.from({ length: MANY }, (_, i) => ({ _id: `v${i}`, option: 0 })));
    const replaced = await votes.bulkWrite(Array.from({ length: MANY }, (_, i) => ({ replaceOne: { filter: { _id: `v${i}` }, replacement: { option: 1 }, upsert: true } })));
    expect(replaced.modifiedCount).toBe(MANY);
    const upserted = await votes.bulkWrite(Array.from({ length: MANY }, (_, i) => ({ updateOne: { filter: { _id: `n${i}` }, update: { $set: { option: 2 } }, upsert: true } })));
    expect(upserted.upsertedCount).toBe(MANY);
    expect(await votes.countDocuments({ option: 1 })).toBe(MANY);
    expect(await votes.countDocuments({ option: 2 })).toBe(MANY);
  });

  it(`answers ${MANY} updates and findOneAndUpdates at once`, async () => {
    const counters = client.db('meydan_polls').collection<{ _id: string; n: number }>('many_counters');
    await counters.insertMany(Array.from({ length: MANY }, (_, i) => ({ _id: `c${i}`, n: 0 })));
    await Promise.all(
      Array.from({ length: MANY }, (_, i) =>
        i % 2 === 0 ? counters.updateOne({ _id: `c${i}` }, { $inc: { n: 1 } }) : counters.findOneAndUpdate({ _id: `c${i}` }, { $inc: { n: 1 } }),
      ),
    );
    expect(await counters.countDocuments({ n: 1 })).toBe(MANY);
  });
});
