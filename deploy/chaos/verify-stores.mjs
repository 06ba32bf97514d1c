// What the stores hold after a chaos storm, for the verdict (verify.mjs): waits for MongoDB to catch up with what Redis
// counted, then compares, per poll and per option, the ballots expected with MongoDB's votes, Redis's counters and
// voters, and the API's counts, and counts how often MongoDB holds each voter's vote. Also names the storm's polls by
// their keys in the storm's lines. A ranked poll's ballots are compared ranking by ranking too, and its runoff as the
// API tells it with the one MongoDB's ballots give.
import { fileURLToPath } from 'node:url';
import { say } from './storm.mjs';

/** @typedef {'present' | 'absent' | 'either'} BallotState */

/** A poll's ballots per option, from its stored votes (a ballot of several options counts in each). */
const optionCounts = (/** @type {import('mongodb').Document[]} */ docs, optionsCount = 3) => {
  const counts = Array.from({ length: optionsCount }, () => 0);
  for (const d of docs)
    for (const o of d.optionIndexes?.length ? d.optionIndexes : [d.optionIndex]) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
};

/** A ranked poll's ballots per ranking ('2,0,1' → how many), from its stored votes. */
const rankingCounts = (/** @type {import('mongodb').Document[]} */ docs) => {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const d of docs) if (d.ranking?.length) counts[d.ranking.join(',')] = (counts[d.ranking.join(',')] ?? 0) + 1;
  return counts;
};
/** The same counts in a stable order, to compare. */
const countsText = (/** @type {Record<string, number>} */ counts) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}:${n}`)
    .join(' ');

/** The runoff the polls service computes (its built module), to compute it from MongoDB's ballots. */
const runoffModule = () =>
  import(fileURLToPath(new URL('../../services/polls/dist/domain/runoff.js', import.meta.url)));

/** The storm's ranked polls' keys (m3, s2…). */
const rankedKeysOf = (/** @type {{ ranked?: { member: number[], share: number[] } }} */ polls) =>
  new Set([...(polls.ranked?.member ?? []).map((i) => `m${i}`), ...(polls.ranked?.share ?? []).map((i) => `s${i}`)]);

/** The storm's polls by their keys in the storm's lines (m0…, s0…). */
export const pollIdsOf = (/** @type {{ member: string[], shareIds: string[] }} */ polls) =>
  Object.fromEntries([...polls.member.map((id, i) => [`m${i}`, id]), ...polls.shareIds.map((id, i) => [`s${i}`, id])]);

/** How long the verdict waits for MongoDB to hold what Redis counted (the consumers' backlog after the storm). */
const CATCH_UP_MS = Number(process.env.CHAOS_CATCH_UP_S || 90) * 1000;

/**
 * What the stores hold, once the vote consumers have caught up: per poll, the ballots expected (accepted votes less
 * those taken back, a range where a take-back's or a vote's answer was cut off) against MongoDB's votes, Redis's
 * counter and voters, and GET /api/polls/{id}, and per option MongoDB's ballots = Redis's counters = the API's; per
 * voter, how often MongoDB holds their vote. `urls.redis` may name one server, Sentinel's master or a Cluster (the
 * kit's client follows each). A ranked poll's ballots per ranking in MongoDB = the ranking fields of Redis's counter,
 * and its runoff from the API = the one computed from MongoDB's ballots.
 * @param {{ base: string, urls: { mongo: string, redis: string } }} stack
 * @param {{ polls: { member: string[], shareIds: string[], ranked?: { member: number[], share: number[] } }, creator: string | undefined }} seeded
 * @param {Map<string, BallotState>} expectedBallot
 * @param {(key: string) => boolean} cutOff
 */
export async function checkStores({ base, urls }, { polls, creator }, expectedBallot, cutOff) {
  const pollIds = pollIdsOf(polls);
  const rankedKeys = rankedKeysOf(polls);
  const { instantRunoff, rankedBallotsOf } = await runoffModule();
  const { MongoClient, ObjectId } = await import('mongodb');
  const { createRedisClient } = await import('@meydan/kit');
  // A MongoDB-wire server that stops answering fails the verdict (a network timeout), not a verdict that never comes.
  const client = await new MongoClient(urls.mongo, {
    serverSelectionTimeoutMS: 30_000,
    socketTimeoutMS: 60_000,
  }).connect();
  const votes = client.db('meydan_polls').collection('votes');
  const expectedOf = (/** @type {string} */ key) => {
    const states = [...expectedBallot].filter(([k]) => k.startsWith(`${key}|`)).map(([, state]) => state);
    const present = states.filter((s) => s === 'present').length;
    return { min: present, max: present + states.filter((s) => s === 'either').length };
  };
  const redis = createRedisClient(urls.redis);
  const redisOptions = async (/** @type {string} */ id) => {
    const hash = await redis.hgetall(`polls:poll:{${id}}:c`);
    return [0, 1, 2].map((i) => Number(hash[String(i)] ?? 0));
  };
  // Once a second, one count, until MongoDB holds at least the ballots expected (asking more often only slows the
  // consumer it waits for: FerretDB scans to count); then every two seconds, until every poll's stored ballots match
  // its Redis counters option by option (the changes' consumer caught up too). Only the storm's polls: the probes'
  // votes would make up for storm votes still on their way (a batch redelivered).
  const stormPolls = { pollId: { $in: Object.values(pollIds).map((id) => new ObjectId(id)) } };
  const least = Object.keys(pollIds).reduce((n, key) => n + expectedOf(key).min, 0);
  const waitFrom = Date.now();
  const deadline = waitFrom + CATCH_UP_MS;
  while (Date.now() < deadline && (await votes.countDocuments(stormPolls)) < least)
    await new Promise((r) => setTimeout(r, 1000));
  const caughtUp = async () => {
    for (const [key, id] of Object.entries(pollIds)) {
      const docs = await votes
        .find({ pollId: new ObjectId(id) }, { projection: { optionIndex: 1, optionIndexes: 1 } })
        .toArray();
      if (docs.length < expectedOf(key).min || optionCounts(docs).join() !== (await redisOptions(id)).join())
        return false;
    }
    return true;
  };
  let caught = false;
  while (Date.now() < deadline) {
    caught = await caughtUp();
    if (caught) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  say(
    caught
      ? `MongoDB caught up with Redis ${((Date.now() - waitFrom) / 1000).toFixed(0)} s after the storm`
      : `MongoDB still behind Redis ${CATCH_UP_MS / 1000} s after the storm (CHAOS_CATCH_UP_S)`,
  );
  /** @type {Map<string, number>} */
  const stored = new Map();
  const perPoll = [];
  let mismatch = false;
  for (const [key, id] of Object.entries(pollIds)) {
    const docs = await votes
      .find({ pollId: new ObjectId(id) }, { projection: { voter: 1, optionIndex: 1, optionIndexes: 1, ranking: 1 } })
      .toArray();
    for (const doc of docs) stored.set(`${key}|${doc.voter}`, (stored.get(`${key}|${doc.voter}`) ?? 0) + 1);
    const redisTotal = Number((await redis.hget(`polls:poll:{${id}}:c`, 't')) ?? 0);
    const redisVoters = await redis.hlen(`polls:poll:{${id}}:v`);
    // A stack that no longer answers is a disagreement, not a verdict that never comes.
    const api = await fetch(`${base}/api/polls/${id}`, {
      headers: { cookie: `sid=${creator}` },
      signal: AbortSignal.timeout(30_000),
    })
      .then((res) => res.json())
      .catch((err) => ({ totalVotes: `no answer (${err.message})` }));
    // Votes whose connection was cut (no answer) and that were counted all the same belong to the expected total.
    const range = expectedOf(key);
    const cut = docs.filter((d) => cutOff(`${key}|${d.voter}`)).length;
    const [min, max] = [range.min + cut, range.max + cut];
    const options = {
      mongo: optionCounts(docs).join('/'),
      redis: (await redisOptions(id)).join('/'),
      api: (api.options ?? []).map((/** @type {{ votes: number }} */ o) => o.votes).join('/') || 'none',
    };
    /** @type {{ mongo: string, redis: string, runoff: boolean | null } | null} */
    let rankings = null;
    if (rankedKeys.has(key)) {
      const hash = await redis.hgetall(`polls:poll:{${id}}:c`);
      const inMongo = rankingCounts(docs);
      const inRedis = Object.fromEntries(
        Object.entries(hash)
          .filter(([field, n]) => field.startsWith('>') && Number(n) > 0)
          .map(([field, n]) => [field.slice(1), Number(n)]),
      );
      const fromMongo = instantRunoff(3, rankedBallotsOf(inMongo));
      const told = api.runoff ?? api.poll?.runoff;
      rankings = {
        mongo: countsText(inMongo),
        redis: countsText(inRedis),
        // null: the API gave no runoff (it did not answer), so none was compared; that is no agreement either.
        runoff: told === undefined ? null : JSON.stringify(told) === JSON.stringify(fromMongo),
      };
      if (rankings.mongo !== rankings.redis || rankings.runoff !== true || docs.length === 0) mismatch = true;
    }
    const row = {
      poll: key,
      rankings,
      accepted: min === max ? min : `${min}–${max}`,
      mongo: docs.length,
      redisTotal,
      redisVoters,
      api: api.totalVotes ?? api.poll?.totalVotes,
      options,
    };
    if (new Set([row.mongo, row.redisTotal, row.redisVoters, row.api]).size !== 1 || row.mongo < min || row.mongo > max)
      mismatch = true;
    if (new Set(Object.values(options)).size !== 1) mismatch = true;
    perPoll.push(row);
  }
  redis.disconnect();
  await client.close();
  return { stored, perPoll, mismatch };
}
