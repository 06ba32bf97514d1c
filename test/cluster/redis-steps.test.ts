import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, type CreatorSummary } from '@meydan/proto';
import { connectAll, connectRedis, CountsCache, isCluster, type Connections, type StandIn } from '@meydan/kit';
import { infra, testLogger, until } from '@meydan/testing';
import { startRedisCluster, type RedisCluster } from '../redis-cluster.js';
import { SessionStore } from '../../services/auth/src/store/sessions.js';
import { markVotesSeen, unmarkVotesSeen, voteSeenKey } from '../../services/notifications/src/store/seen-marks.js';
import { ipField } from '../../services/polls/src/domain/share-votes.js';
import { createModels, type Models } from '../../services/polls/src/model/index.js';
import { CreatorPolls } from '../../services/polls/src/timelines/creator-polls.js';
import { Engagement } from '../../services/polls/src/counting/engagement.js';
import { keys } from '../../services/polls/src/store/keys.js';
import { memberVoters } from '../../services/polls/src/counting/poll-voters.js';
import { People } from '../../services/polls/src/clients/people.js';
import { Quotas } from '../../services/polls/src/store/quota.js';
import { VoteCounters, type PollShape } from '../../services/polls/src/counting/vote-counters.js';
import { claimEdit, defineEditScripts } from '../../services/polls/src/counting/edit-claims.js';
import { UserDirectory } from '../../services/social/src/clients/user-directory.js';
import { RateCounters } from '../../gateway/src/rate-limits.js';
import { SessionReader, endedSessions } from '../../gateway/src/sessions.js';

/**
 * Every step of the services that names several Redis keys, run against a real three-master Redis Cluster with many
 * objects at once (40 polls, users or keys: their keys fall on every node), through the services' own store code and
 * Lua scripts. A client made for a cluster refuses a pipeline or MGET whose keys are on different nodes before it
 * sends it, and a node refuses a MULTI or script whose keys are of different slots: one object proves nothing.
 */
const MANY = 40;
const log = testLogger();

let cluster: RedisCluster;
let conns: Connections;
const clients: Redis[] = [];
let models: Models;

/** A client of the cluster with the service's key prefix, as the service's main makes it. */
function redisOf(service: string): Redis {
  const redis = connectRedis(cluster.url, service, log);
  clients.push(redis);
  return redis;
}

const newId = () => new Types.ObjectId().toHexString();
const pollShape = (optionsCount = 3): PollShape => ({ id: newId(), optionsCount, expiresAt: null });

beforeAll(async () => {
  cluster = await startRedisCluster();
  const { natsUrl, mongoUrl } = infra();
  conns = await connectAll({
    service: 'polls',
    natsUrl,
    redisUrl: cluster.url,
    mongoUrl,
    mongoDb: `test_cluster_${randomBytes(4).toString('hex')}`,
    consumerPrefix: `cluster-${randomBytes(4).toString('hex')}--`,
    log,
  });
  models = createModels(conns.mongo);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  await conns?.mongo.dropDatabase().catch(() => {});
  await conns?.close();
  await cluster?.stop();
});

describe('polls on a Redis Cluster', () => {
  it('spreads the polls over every node: the test means something', async () => {
    expect(isCluster(conns.redis)).toBe(true);
    const counters = new VoteCounters(conns.redis, models);
    const polls = Array.from({ length: MANY }, () => pollShape());
    await Promise.all(polls.map((p) => counters.init(p)));
    expect(cluster.keysPerNode().every((n) => n > 0)).toBe(true);
  });

  it('casts member votes, counts feeds of many polls (rebuilding the missing from MongoDB) and reads the choices', async () => {
    const counters = new VoteCounters(conns.redis, models);
    const polls = Array.from({ length: MANY }, () => pollShape());
    const inRedis = polls.slice(0, MANY - 5);
    const onlyInMongo = polls.slice(MANY - 5);
    await Promise.all(inRedis.map((p) => counters.init(p)));
    for (const [i, p] of inRedis.entries()) {
      const cast = await counters.cast(p.id, 3, 'u:alice', [i % 3]);
      expect(cast).toMatchObject({ status: 'counted', choice: [i % 3] });
      expect(await counters.cast(p.id, 3, 'u:alice', [(i + 1) % 3])).toMatchObject({
        status: 'duplicate',
        choice: [i % 3],
      });
    }
    // Counters a failover lost: the votes are in MongoDB only.
    await models.Vote.collection.insertMany(
      onlyInMongo.flatMap((p) =>
        ['u:alice', 'u:bob'].map((voter) => ({
          _id: new Types.ObjectId(),
          pollId: new Types.ObjectId(p.id),
          voter,
          userId: voter.slice(2),
          optionIndex: 2,
          votedAt: new Date(),
          persistedAt: new Date(),
        })),
      ),
    );

    const counts = await counters.countsOf(polls);
    for (const [i, p] of inRedis.entries()) {
      const expected = [0, 0, 0];
      expected[i % 3] = 1;
      expect(counts.get(p.id)).toMatchObject({ total: 1, votes: expected });
    }
    for (const p of onlyInMongo) expect(counts.get(p.id)).toMatchObject({ total: 2, votes: [0, 0, 2] });

    const choices = await counters.choicesOf(
      polls.map((p) => p.id),
      'u:alice',
    );
    for (const [i, p] of inRedis.entries()) expect(choices.get(p.id)).toEqual([i % 3]);
    for (const p of onlyInMongo) expect(choices.get(p.id)).toEqual([2]);
    const nobody = await counters.choicesOf(
      polls.map((p) => p.id),
      'u:nobody',
    );
    expect([...nobody.values()].every((c) => c === null)).toBe(true);
  });

  it("puts back the persisted votes counters of many polls do not know (the persister's ensure)", async () => {
    const counters = new VoteCounters(conns.redis, models);
    const polls = Array.from({ length: MANY }, () => pollShape(2));
    await Promise.all(polls.map((p) => counters.init(p)));
    const persisted = polls.map((p, i) => ({ pollId: p.id, voter: `v:visitor-${i}`, field: String(i % 2) }));
    const changed = await counters.ensure(persisted);
    expect([...changed].sort()).toEqual(polls.map((p) => p.id).sort());
    // Known now: the same votes again change nothing.
    expect((await counters.ensure(persisted)).size).toBe(0);
    const counts = await counters.countsOf(polls);
    for (const [i, p] of polls.entries()) {
      expect(counts.get(p.id)).toMatchObject({ total: 1, visitorVotes: 1, votes: i % 2 === 0 ? [1, 0] : [0, 1] });
    }
  });

  it('claims edits of many polls only while they have no vote, refusing their votes until each edit is released', async () => {
    const counters = new VoteCounters(conns.redis, models);
    defineEditScripts(conns.redis);
    const polls = Array.from({ length: MANY }, () => pollShape(2));
    await Promise.all(polls.map((p) => counters.init(p)));
    const voted = polls.slice(0, MANY / 2);
    const unvoted = polls.slice(MANY / 2);
    for (const p of voted) expect((await counters.cast(p.id, 2, 'u:ilk', [0])).status).toBe('counted');
    for (const p of voted) expect(await claimEdit({ redis: conns.redis, counters }, p)).toEqual({ status: 'answered' });
    const claims = await Promise.all(unvoted.map((p) => claimEdit({ redis: conns.redis, counters }, p)));
    expect(claims.every((c) => c.status === 'claimed')).toBe(true);
    for (const p of unvoted) expect((await counters.cast(p.id, 2, 'u:ilk', [1])).status).toBe('editing');
    await Promise.all(claims.map((c) => (c.status === 'claimed' ? c.release() : undefined)));
    for (const p of unvoted) expect((await counters.cast(p.id, 2, 'u:ilk', [1])).status).toBe('counted');
  });

  it('counts share-link votes with their per-IP limits: the per-minute attempts, then the IP network on the poll', async () => {
    const counters = new VoteCounters(conns.redis, models);
    const poll = pollShape(2);
    await counters.init(poll);
    const ip = '203.0.113.7';
    const claim = { network: ipField('secret', ip), perIp: 2 };
    const rateKey = keys.shareVoteRate(ip);
    const quotas = new Quotas(conns.redis);
    const outcomes: string[] = [];
    for (const visitor of ['v:a', 'v:b', 'v:c']) {
      expect(await quotas.take(rateKey, 4, 60_000)).toEqual({ allowed: true });
      outcomes.push((await counters.cast(poll.id, 2, visitor, [1], claim)).status);
    }
    expect(outcomes).toEqual(['counted', 'counted', 'ip_used']);
    expect(await quotas.take(rateKey, 4, 60_000)).toEqual({ allowed: true });
    expect(await quotas.take(rateKey, 4, 60_000)).toMatchObject({ allowed: false });
    // An undone vote gives its IP claim back.
    await counters.undo(poll.id, 'v:b', [1], claim);
    expect((await counters.cast(poll.id, 2, 'v:c', [0], claim)).status).toBe('counted');
    expect(await counters.countsOfOne(poll)).toMatchObject({ total: 2, visitorVotes: 2, votes: [1, 1] });
    // A deleted poll's keys go in one DEL: they share the poll's hash tag.
    await counters.drop(poll.id);
    const pollKeys = [keys.counts(poll.id), keys.voters(poll.id), keys.shareVoteIps(poll.id)];
    expect(await Promise.all(pollKeys.map((key) => conns.redis.exists(key)))).toEqual([0, 0, 0]);
  });

  it('reads and rebuilds the engagement of many polls', async () => {
    const counters = new VoteCounters(conns.redis, models);
    const engagement = new Engagement(conns.redis, models, counters);
    const polls = Array.from({ length: MANY }, () => pollShape());
    await models.Like.collection.insertMany(
      polls.slice(0, 10).map((p) => ({ pollId: new Types.ObjectId(p.id), userId: 'u1', createdAt: new Date() })),
    );
    // Read as the member who liked the first ten: their own like comes back with the counts.
    const first = await engagement.of(polls, 'u1');
    for (const [i, p] of polls.entries())
      expect(first.get(p.id)).toEqual({ likes: i < 10 ? 1 : 0, comments: 0, shares: 0, liked: i < 10 });
    await Promise.all(polls.map((p) => engagement.add(p, 'comments', 2)));
    const second = await engagement.of(polls);
    for (const [i, p] of polls.entries())
      expect(second.get(p.id)).toEqual({ likes: i < 10 ? 1 : 0, comments: 2, shares: 0, liked: false });
    await engagement.drop(polls[0]!.id);
    expect(await conns.redis.exists(keys.engagement(polls[0]!.id))).toBe(0);
  });
});

describe('the people caches on a Redis Cluster', () => {
  const users: CreatorSummary[] = Array.from({ length: MANY }, (_, i) => ({
    id: newId(),
    username: `uye${i}`,
    displayName: `Üye ${i}`,
    avatarUrl: null,
  }));
  let auth: StandIn | null = null;

  beforeAll(async () => {
    auth = await conns.bus.standIn('auth', subjects.auth.usersSummaries, ({ ids }) => ({
      users: users.filter((u) => ids.includes(u.id)),
    }));
  });
  afterAll(async () => {
    await auth?.stop();
  });

  it("keeps polls' creator summaries and social's user directory for when auth is gone, and forgets mutuals", async () => {
    const people = new People(conns.redis, conns.bus, log);
    const social = redisOf('social');
    const directory = new UserDirectory(conns.bus, social, log);
    const ids = users.map((u) => u.id);

    expect([...(await people.summaries(ids)).values()]).toEqual(users);
    expect([...(await directory.summaries(ids)).known.values()]).toHaveLength(MANY);
    // The directory remembers in the background.
    await until(
      async () => (await Promise.all(ids.map((id) => social.exists(`user:${id}`)))).every((n) => n === 1),
      5_000,
      'summaries cached',
    );

    await auth!.stop();
    auth = null;
    const cached = await people.summaries(ids);
    expect(ids.map((id) => cached.get(id)?.username)).toEqual(users.map((u) => u.username));
    const remembered = await directory.summaries(ids);
    expect(ids.map((id) => remembered.known.get(id)?.displayName)).toEqual(users.map((u) => u.displayName));

    const [a, b] = [ids[0]!, ids[1]!];
    await Promise.all([a, b].map((id) => conns.redis.set(keys.mutuals(id), '[]')));
    await people.forgetMutuals(a, b);
    expect(await Promise.all([a, b].map((id) => conns.redis.exists(keys.mutuals(id))))).toEqual([0, 0]);
  });
});

describe("members' kept counts on a Redis Cluster", () => {
  it('keeps, answers and drops the counts of many members at once', async () => {
    const ids = Array.from({ length: MANY }, () => newId());
    const record = new Map(ids.map((id, i) => [id, i]));
    let counted = 0;
    const cache = new CountsCache<'pollsCount'>(
      conns.redis,
      keys.memberCounts,
      ['pollsCount'],
      async (id) => {
        counted++;
        return { pollsCount: record.get(id)! };
      },
      log,
    );
    expect(await Promise.all(ids.map((id) => cache.get(id)))).toEqual(ids.map((_, i) => ({ pollsCount: i })));
    expect(await Promise.all(ids.map((id) => cache.get(id)))).toEqual(ids.map((_, i) => ({ pollsCount: i })));
    expect(counted).toBe(MANY);

    for (const id of ids) record.set(id, record.get(id)! + 1);
    await cache.changed(ids);
    expect(await Promise.all(ids.map((id) => cache.get(id)))).toEqual(ids.map((_, i) => ({ pollsCount: i + 1 })));
    expect(counted).toBe(2 * MANY);
  });
});

describe("members' poll lists on a Redis Cluster", () => {
  it('builds, changes and reads the lists of many members at once', async () => {
    const creators = Array.from({ length: MANY }, () => newId());
    const at = new Date('2026-11-27T09:00:00Z');
    const lists = new CreatorPolls(conns.redis, async (creatorId) => [{ id: `${creatorId}-1`, createdAt: at }], log);
    expect(await Promise.all(creators.map((c) => lists.newest(c, 0, 10)))).toEqual(creators.map((c) => [`${c}-1`]));
    await Promise.all(creators.map((c) => lists.added(c, `${c}-2`, new Date(at.getTime() + 1000))));
    expect(await Promise.all(creators.map((c) => lists.newest(c, 0, 10)))).toEqual(
      creators.map((c) => [`${c}-2`, `${c}-1`]),
    );
    await Promise.all(creators.map((c) => lists.removed(c, `${c}-1`)));
    expect(await Promise.all(creators.map((c) => lists.newest(c, 0, 10)))).toEqual(creators.map((c) => [`${c}-2`]));
  });
});

describe("polls' member voters on a Redis Cluster", () => {
  it('lists and pages the member voters of many polls at once', async () => {
    const counters = new VoteCounters(conns.redis, models);
    const polls = Array.from({ length: MANY }, () => pollShape(2));
    await Promise.all(polls.map((p) => counters.init(p)));
    for (const p of polls) {
      for (const voter of ['u:ayse', 'u:mert', 'v:ziyaretci', 'u:zeynep'])
        expect((await counters.cast(p.id, 2, voter, [0])).status).toBe('counted');
    }
    const ctx = { redis: conns.redis, models };
    const first = await Promise.all(polls.map((p) => memberVoters(ctx, p.id, null, 2)));
    expect(first).toEqual(polls.map(() => ({ userIds: ['ayse', 'mert'], next: 'u:mert' })));
    const last = await Promise.all(polls.map((p) => memberVoters(ctx, p.id, 'u:mert', 2)));
    expect(last).toEqual(polls.map(() => ({ userIds: ['zeynep'], next: null })));
    expect(await Promise.all(polls.map((p) => conns.redis.exists(keys.memberVoters(p.id))))).toEqual(
      polls.map(() => 0),
    );
  });
});

describe('notifications on a Redis Cluster', () => {
  it('marks many votes seen once, and takes marks back', async () => {
    const redis = redisOf('notifications');
    const marks = Array.from({ length: MANY }, (_, i) => voteSeenKey(newId(), `u:voter${i}`));
    expect(await markVotesSeen(redis, marks)).toEqual(marks);
    // A redelivered batch: nothing is new.
    expect(await markVotesSeen(redis, [...marks, voteSeenKey(newId(), 'u:late')])).toHaveLength(1);
    await unmarkVotesSeen(redis, marks.slice(0, 20));
    expect(await markVotesSeen(redis, marks)).toEqual(marks.slice(0, 20));
  });
});

describe('sessions on a Redis Cluster', () => {
  it('creates, reads (sliding), revokes one and revokes all of a member; the gateway reads them alike', async () => {
    const authRedis = redisOf('auth');
    const store = new SessionStore(authRedis, 3600);
    const gateway = new SessionReader(authRedis, 3600, log);
    const userId = newId();
    const sids = await Promise.all(Array.from({ length: 6 }, () => store.create(userId, 'member')));
    expect(await store.count(userId)).toBe(6);
    for (const sid of sids) {
      expect(await store.resolve(sid)).toEqual({ userId, role: 'member', mfa: null });
      expect(await gateway.resolve(sid, 'req-1')).toEqual({ userId, role: 'member', mfa: null });
    }
    expect((await endedSessions(authRedis, sids)).size).toBe(0);

    await store.revoke(sids[0]!);
    expect(await store.resolve(sids[0]!)).toBeNull();
    expect(await store.count(userId)).toBe(5);
    expect([...(await endedSessions(authRedis, sids))]).toEqual([sids[0]]);

    expect(await store.revokeAll(userId)).toBe(5);
    expect(await store.count(userId)).toBe(0);
    for (const sid of sids) expect(await gateway.resolve(sid, 'req-2')).toBeNull();
    expect((await endedSessions(authRedis, sids)).size).toBe(sids.length);
    // A session made after the revocation stands.
    const fresh = await store.create(userId, 'member');
    expect(await gateway.resolve(fresh, 'req-3')).toEqual({ userId, role: 'member', mfa: null });
  });
});

describe("the gateway's rate limits on a Redis Cluster", () => {
  it("adds many keys' synced counts to Redis, and each gateway takes over the others' totals", async () => {
    const redis = redisOf('gateway');
    const one = new RateCounters(redis, log);
    const two = new RateCounters(redis, log);
    const clientsKeys = Array.from({ length: MANY }, (_, i) => `api:ip:198.51.100.${i}`);
    clientsKeys.forEach((key, i) => {
      for (let n = 0; n <= i % 3; n++) one.hitSynced(key, 100, 60_000);
    });
    await one.sync();
    const stored = await Promise.all(clientsKeys.map((key) => redis.get(`rl:${key}`)));
    expect(stored).toEqual(clientsKeys.map((_, i) => String((i % 3) + 1)));

    for (const key of clientsKeys) two.hitSynced(key, 100, 60_000);
    await two.sync();
    // The second gateway's next request sees both gateways' counts.
    clientsKeys.forEach((key, i) => {
      expect(two.hitSynced(key, 100, 60_000).remaining).toBe(100 - ((i % 3) + 3));
    });
    one.close();
    two.close();
  });
});
