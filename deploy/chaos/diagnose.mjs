// What the stores hold of voters the verdict found lost or doubled, printed under the verdict so that a failed run
// says why: the voter's vote document and sequence record in MongoDB, their ballot and sequence in Redis, and every
// answer the storm got for them (vote, change, take-back) with its times.
import { say } from './storm.mjs';

/**
 * `keys`: `<poll key>|<voter>` (at most the first few are looked at); `pollIds`: poll key → id.
 * @param {{ urls: { mongo: string, redis: string } }} stack
 * @param {Record<string, string>} pollIds
 * @param {string[]} keys
 * @param {{ poll: string, voter: string, status: number, sent: number, kind?: string }[]} answers
 * @param {number} t0
 */
export async function diagnoseVoters({ urls }, pollIds, keys, answers, t0) {
  if (!keys.length) return;
  const { MongoClient, ObjectId } = await import('mongodb');
  const { createRedisClient } = await import('@meydan/kit');
  const client = await new MongoClient(urls.mongo).connect();
  const redis = createRedisClient(urls.redis);
  try {
    const db = client.db('meydan_polls');
    for (const key of keys.slice(0, 5)) {
      const [poll, voter] = /** @type {[string, string]} */ (key.split('|'));
      const id = pollIds[poll];
      const vote = await db
        .collection('votes')
        .findOne(
          { pollId: new ObjectId(id), voter },
          { projection: { _id: 0, optionIndex: 1, optionIndexes: 1, votedAt: 1, persistedAt: 1 } },
        );
      // Sequence records are keyed `<poll id>:<voter>`, not by ObjectId.
      const sequences = /** @type {import('mongodb').Collection<{ _id: string }>} */ (db.collection('vote_sequences'));
      const seq = await sequences.findOne(
        { _id: `${id}:${voter}` },
        { projection: { _id: 0, seq: 1, ballot: 1, from: 1, at: 1 } },
      );
      const [ballot, redisSeq] = await Promise.all([
        redis.hget(`polls:poll:{${id}}:v`, voter),
        redis.hget(`polls:poll:{${id}}:s`, voter),
      ]);
      const told = answers
        .filter((a) => a.poll === poll && a.voter === voter)
        .map((a) => `${a.kind ?? 'vote'} ${a.status || 'no answer'} sent ${((a.sent - t0) / 1000).toFixed(1)} s`);
      say(
        `  ${key}: MongoDB ${JSON.stringify(vote)}, sequence ${JSON.stringify(seq)}; Redis ballot ${ballot}, sequence ${redisSeq}; answers: ${told.join(', ')}`,
      );
    }
  } finally {
    redis.disconnect();
    await client.close();
  }
}
