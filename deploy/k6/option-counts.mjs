// A poll's per-option counts three ways after a vote mix with multiple-choice ballots: Redis's counters, MongoDB's
// ballots (a ballot of several options lists them in optionIndexes), and what the API answers. They must agree.
import { MongoClient, ObjectId } from 'mongodb';
import { Redis } from 'ioredis';

/**
 * `apiPath`: where the poll is read (`/api/polls/{id}` for a public poll, `/api/s/{code}` for a share-link one), as the
 * member of session `sid` (a visitor's answer may come from the gateway's shared cache, a second old). Call once
 * MongoDB holds every ballot.
 * @param {{ redisUrl: string, mongoUrl: string, base: string, pollId: string, apiPath: string, optionsCount: number, sid: string | undefined }} poll
 */
export async function optionCounts({ redisUrl, mongoUrl, base, pollId, apiPath, optionsCount, sid }) {
  const redis = new Redis(redisUrl);
  const hash = await redis.hgetall(`polls:poll:{${pollId}}:c`);
  redis.disconnect();
  const fromRedis = Array.from({ length: optionsCount }, (_, i) => Number(hash[String(i)] ?? 0));

  const client = await new MongoClient(mongoUrl).connect();
  const fromMongo = new Array(optionsCount).fill(0);
  const ballots = client
    .db('meydan_polls')
    .collection('votes')
    .find({ pollId: new ObjectId(pollId) }, { projection: { optionIndex: 1, optionIndexes: 1 } });
  for await (const b of ballots)
    for (const i of b.optionIndexes?.length ? b.optionIndexes : [b.optionIndex]) fromMongo[i] += 1;
  await client.close();

  const answer = await (await fetch(`${base}${apiPath}`, { headers: { cookie: `sid=${sid}` } })).json();
  const poll = answer.poll ?? answer;
  const fromApi = poll.options.map((/** @type {{ votes: number }} */ o) => o.votes);
  const same = (/** @type {number[]} */ a, /** @type {number[]} */ b) =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  return {
    redis: fromRedis,
    mongo: fromMongo,
    api: fromApi,
    apiVoters: poll.votersCount,
    equal: same(fromRedis, fromMongo) && same(fromRedis, fromApi),
  };
}
