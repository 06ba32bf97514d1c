// The member_feed scenario's data: a follow graph and a few thousand polls among already seeded members, written
// straight into social's and polls' stores (creating them through the API would take minutes and measure poll
// creation). Members each follow 50–200 others, most of them near themselves on a ring of members (so that, as
// among friends, many follows are returned) and the rest anywhere; polls are public, private, Dost Meclisi and a few
// share-link ones, of every category, made over the last three days, some already ended, with some likes.
//
// Social answers mutual followers by scanning its follows on FerretDB (seconds at this graph's size), and polls keeps
// each member's mutuals for a while (dropped by social's follow events), so the mutuals of the graph's members are
// put into polls' cache here with the values social would give: the run measures the feeds, not that scan.
//
// Env: BENCH_FEED_MEMBERS (how many of the seeded members form the graph, default 1000), BENCH_FEED_POLLS (default
// 3000), BENCH_FEED_SEED (the random seed, default 1).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCsv, MEMBER_COLUMNS } from '../k6/lib/csv.js';

/**
 * A small seeded random source (mulberry32): the same graph on every run.
 * @param {number} seed
 */
function randomSource(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Whom each member follows: 50–200 others, about 70% of them within reach on the ring, the rest at random.
 * @param {number} count
 * @param {() => number} random
 */
export function followGraph(count, random) {
  const following = Array.from({ length: count }, () => /** @type {Set<number>} */ (new Set()));
  for (let i = 0; i < count; i++) {
    const wanted = Math.min(count - 1, 50 + Math.floor(random() * 151));
    const reach = Math.max(1, Math.floor((wanted * 0.7) / 2));
    const follows = /** @type {Set<number>} */ (following[i]);
    for (let d = 1; d <= reach && follows.size < wanted; d++) {
      follows.add((i + d) % count);
      follows.add((i - d + count) % count);
    }
    while (follows.size < wanted) {
      const j = Math.floor(random() * count);
      if (j !== i) follows.add(j);
    }
  }
  return following;
}

/**
 * The mutual followers of every member of the graph.
 * @param {Set<number>[]} following
 */
export function mutualsOf(following) {
  return following.map((follows, i) => [...follows].filter((j) => /** @type {Set<number>} */ (following[j]).has(i)));
}

const HOUR = 3600_000;
const DURATIONS_H = [1, 6, 12, 24, 48, 168];
const OPTIONS = ['Kedi', 'Köpek', 'Kuş', 'Balık'];
/** How long the warmed mutuals last: the whole run (polls sets its own expiry when it asks social itself). */
const WARM_MUTUALS_S = 1800;

/**
 * How many documents of `collection` have each of `ids` in `field`.
 * @param {import('mongodb').Collection} collection
 * @param {string} field
 * @param {string[]} ids
 * @returns {Promise<Map<string, number>>}
 */
async function groupCount(collection, field, ids) {
  const rows = await collection
    .aggregate([{ $match: { [field]: { $in: ids } } }, { $group: { _id: `$${field}`, n: { $sum: 1 } } }])
    .toArray();
  return new Map(rows.map((row) => [row._id, row.n]));
}

/** How many members the graph is made of (BENCH_FEED_MEMBERS): the bench seeds at least this many. */
export const feedGraphMembers = (env = process.env) => Number(env.BENCH_FEED_MEMBERS || 1000);

/**
 * Seeds the graph among the first BENCH_FEED_MEMBERS of `seeded` (deploy/local/members.mjs's answer) and writes their
 * members CSV into `workDir`; returns its path.
 * @param {{ seeded: { sids: string[], ids: string[], usernames: string[] }, base: string, mongoUrl: string, redisUrl: string, root: string, workDir: string, env?: NodeJS.ProcessEnv, say?: (line: string) => void }} options
 */
export async function seedFeedGraph({
  seeded,
  base,
  mongoUrl,
  redisUrl,
  root,
  workDir,
  env = process.env,
  say = () => {},
}) {
  const started = Date.now();
  const count = Math.min(seeded.ids.length, feedGraphMembers(env));
  const pollCount = Number(env.BENCH_FEED_POLLS || 3000);
  const random = randomSource(Number(env.BENCH_FEED_SEED || 1));
  const ids = seeded.ids.slice(0, count);
  const following = followGraph(count, random);
  const mutuals = mutualsOf(following);

  const { MongoClient, ObjectId } = await import('mongodb');
  const { createRedisClient } = await import('@meydan/kit');
  const { pollCategorySlugs } = await import('@meydan/proto');
  const { trendingScore } = await import(join(root, 'services/polls/dist/domain/trending.js'));
  const { keys } = await import(join(root, 'services/polls/dist/store/keys.js'));
  // A checkout from before the member-feed timelines has no such module (and nothing to rebuild).
  const timelines = await import(join(root, 'services/polls/dist/timelines/timelines.js')).catch(() => null);
  // Nor the counts and lists kept in Redis (a member's followers, polls and votes; their polls).
  const { followCountsKey } = await import(join(root, 'services/social/dist/store/follows.js'));
  const client = await new MongoClient(mongoUrl).connect();
  const redis = createRedisClient(redisUrl, { keyPrefix: 'polls:' });
  try {
    const follows = client.db('meydan_social').collection('follows');
    /** @type {{ followerId: string | undefined, followeeId: string | undefined, createdAt: Date }[]} */
    const edges = [];
    following.forEach((set, i) => {
      set.forEach((j) => {
        edges.push({
          followerId: ids[i],
          followeeId: ids[j],
          createdAt: new Date(started - random() * 30 * 24 * HOUR),
        });
      });
    });
    for (let i = 0; i < edges.length; i += 5000) await follows.insertMany(edges.slice(i, i + 5000), { ordered: false });

    const polls = [];
    const ranks = [];
    /** @type {import('mongodb').Document[]} */
    const codes = [];
    const counters = redis.pipeline();
    for (let n = 0; n < pollCount; n++) {
      const _id = new ObjectId();
      const roll = random();
      const shareable = roll < 0.05;
      const type = shareable ? 'public' : roll < 0.5 ? 'public' : roll < 0.7 ? 'private' : 'friends';
      const createdAt = new Date(started - random() * 72 * HOUR);
      const endless = random() < 0.4;
      const expiresAt = endless
        ? null
        : new Date(
            createdAt.getTime() + /** @type {number} */ (DURATIONS_H[Math.floor(random() * DURATIONS_H.length)]) * HOUR,
          );
      const ended = expiresAt !== null && expiresAt.getTime() <= started;
      const category = pollCategorySlugs[Math.floor(random() * pollCategorySlugs.length)];
      const creatorId = ids[Math.floor(random() * count)];
      const likes = Math.floor(random() ** 3 * 40);
      const shortUrl = shareable ? `fg${n.toString(36)}${Math.floor(random() * 1e6).toString(36)}` : null;
      polls.push({
        _id,
        title: `Akış anketi ${n}: hangisi?`,
        description: null,
        category,
        type,
        options: OPTIONS,
        expiresAt,
        creatorId,
        isShareable: shareable,
        shortUrl,
        maxChoices: 1,
        shareVoteMode: null,
        resultsVisibility: null,
        endedAt: ended ? expiresAt : null,
        closedAt: null,
        createdAt,
        updatedAt: createdAt,
      });
      ranks.push({
        _id,
        type,
        category,
        creatorId,
        isShareable: shareable,
        expiresAt,
        createdAt,
        hot: trendingScore({ votes: 0, likes, comments: 0, shares: 0 }, createdAt),
      });
      if (shortUrl) codes.push({ _id: shortUrl, pollId: _id });
      // Zero vote counters and the like counts, as a new poll has them (else the first read recounts MongoDB).
      const ttlMs = Math.max((expiresAt?.getTime() ?? started) - started, 0) + 3 * 24 * HOUR;
      const id = _id.toHexString();
      counters
        .hset(keys.counts(id), { t: 0, pv: 0, ...Object.fromEntries(OPTIONS.map((_, i) => [String(i), 0])) })
        .pexpire(keys.counts(id), ttlMs);
      // `lk`: the hash names every liker (none here: the likes are counted, not stored).
      counters.hset(keys.engagement(id), { l: likes, c: 0, s: 0, lk: 1 }).pexpire(keys.engagement(id), ttlMs);
    }
    const pollsDb = client.db('meydan_polls');
    for (let i = 0; i < polls.length; i += 1000) {
      await pollsDb.collection('polls').insertMany(polls.slice(i, i + 1000));
      await pollsDb.collection('pollranks').insertMany(ranks.slice(i, i + 1000));
    }
    if (codes.length) await pollsDb.collection('shortcodes').insertMany(codes);
    await counters.exec();
    // Timelines built before these polls existed are rebuilt with them on the next member read.
    if (timelines) await redis.del(timelines.timelineKeys('meydan_polls').built);

    const warm = redis.pipeline();
    mutuals.forEach((list, i) => {
      warm.set(keys.mutuals(ids[i]), JSON.stringify(list.map((j) => ids[j])), 'EX', WARM_MUTUALS_S);
    });
    await warm.exec();

    // The graph's members' counts as the services keep them, counted here once for all of them (one pass over each
    // collection) rather than by each service per member, a scan each on FerretDB; their poll lists are built again
    // on their next read.
    const [followers, followings, created, cast] = await Promise.all([
      groupCount(client.db('meydan_social').collection('follows'), 'followeeId', ids),
      groupCount(client.db('meydan_social').collection('follows'), 'followerId', ids),
      groupCount(pollsDb.collection('polls'), 'creatorId', ids),
      groupCount(pollsDb.collection('votes'), 'userId', ids),
    ]);
    const kept = redis.pipeline();
    for (const id of ids) {
      if (keys.memberCounts)
        kept
          .del(keys.memberCounts(id))
          .hset(keys.memberCounts(id), { pollsCount: created.get(id) ?? 0, votesCount: cast.get(id) ?? 0 })
          .expire(keys.memberCounts(id), WARM_MUTUALS_S);
      if (keys.creatorPolls) kept.del(keys.creatorPolls(id), keys.creatorPollsGeneration(id));
    }
    await kept.exec();
    if (followCountsKey) {
      const social = createRedisClient(redisUrl, { keyPrefix: 'social:' });
      try {
        const counts = social.pipeline();
        for (const id of ids) {
          const key = followCountsKey(id);
          counts
            .del(key)
            .hset(key, { followersCount: followers.get(id) ?? 0, followingCount: followings.get(id) ?? 0 })
            .expire(key, WARM_MUTUALS_S);
        }
        await counts.exec();
      } finally {
        social.disconnect();
      }
    }
  } finally {
    await client.close();
    redis.disconnect();
  }

  // Every member reads their feed once, unmeasured (as members who were here before the run would have): the
  // timelines are built, and the poll documents and the people they name are cached, as in a running service.
  const warmStarted = Date.now();
  for (let i = 0; i < count; i += 8) {
    await Promise.all(
      seeded.sids.slice(i, Math.min(i + 8, count)).map(async (sid) => {
        const res = await fetch(`${base}/api/polls`, { headers: { cookie: `sid=${sid}` } });
        if (res.status !== 200) throw new Error(`feed warm-up: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }),
    );
  }
  say(`feed graph: every member read their feed once in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s`);

  const csv = join(workDir, 'feed-members.csv');
  writeFileSync(
    csv,
    formatCsv(
      MEMBER_COLUMNS,
      ids.map((userId, i) => ({ sid: seeded.sids[i], userId, username: seeded.usernames[i] })),
    ),
  );
  const mutualCounts = mutuals.map((m) => m.length).sort((a, b) => a - b);
  say(
    `feed graph: ${count} members following ${Math.round(following.reduce((s, f) => s + f.size, 0) / count)} each on average ` +
      `(mutuals: median ${mutualCounts[Math.floor(count / 2)]}), ${pollCount} polls, in ${((Date.now() - started) / 1000).toFixed(1)} s (${csv})`,
  );
  return csv;
}
