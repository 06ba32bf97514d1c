// The bench's check of a vote scenario: what the answers said was accepted against what the stack counted and stored.
/** @import { BenchStack } from './stack.mjs' */

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Redis counters and voters of a poll against MongoDB's votes (once the consumer persisted them) and `accepted`
 * ballots, and its per-option counts in Redis, MongoDB and the API (`apiPath`) against each other.
 * @param {{ stack: BenchStack, say: (line: string) => void }} bench
 * @param {string} pollId
 * @param {number} accepted
 * @param {string} apiPath
 * @param {string | undefined} sid
 */
export async function counterCheck({ stack, say }, pollId, accepted, apiPath, sid) {
  const { Redis } = await import('ioredis');
  const { MongoClient, ObjectId } = await import('mongodb');
  const redis = new Redis(stack.redis.url);
  const redisCounter = Number((await redis.hget(`polls:poll:{${pollId}}:c`, 't')) ?? 0);
  const redisVoters = await redis.hlen(`polls:poll:{${pollId}}:v`);
  redis.disconnect();
  const client = await new MongoClient(stack.mongo.url).connect();
  const votes = client.db('meydan_polls').collection('votes');
  const t0 = Date.now();
  let mongoVotes = -1;
  while (Date.now() - t0 < 180_000) {
    mongoVotes = await votes.countDocuments({ pollId: new ObjectId(pollId) });
    if (mongoVotes >= accepted) break;
    await sleep(250);
  }
  // Anything still on its way would show up now as a surplus.
  await sleep(500);
  mongoVotes = await votes.countDocuments({ pollId: new ObjectId(pollId) });
  await client.close();
  const { optionCounts } = await import('../k6/option-counts.mjs');
  const options = await optionCounts({
    redisUrl: stack.redis.url,
    mongoUrl: stack.mongo.url,
    base: stack.base,
    pollId,
    apiPath,
    optionsCount: 4,
    sid,
  });
  const equal =
    redisCounter === accepted &&
    redisVoters === accepted &&
    mongoVotes === accepted &&
    options.equal &&
    options.apiVoters === accepted;
  say(
    `  check: Redis counter ${redisCounter}, Redis voters ${redisVoters}, MongoDB votes ${mongoVotes} (after ${((Date.now() - t0) / 1000).toFixed(1)} s), accepted ${accepted}; options Redis ${options.redis.join('/')}, MongoDB ${options.mongo.join('/')}, API ${options.api.join('/')}: ${equal ? 'EQUAL' : 'MISMATCH'}`,
  );
  return { redisCounter, redisVoters, mongoVotes, accepted, options, equal };
}
