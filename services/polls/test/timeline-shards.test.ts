/**
 * The feed timelines' shards (timelines/timelines.ts, timelines/shards.ts): visitors' pages from the timelines answer
 * as MongoDB's queries do, on one Redis and on a Redis Cluster; on a three-master cluster the shards' keys and the
 * members' reads land on every master, and a master's loss stops only the reads of the shards it held: their members
 * get MongoDB's page meanwhile, the others read Redis, and once the master is back its shards alone are rebuilt.
 */
import { Redis } from 'ioredis';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { startRedisCluster, type RedisCluster } from '../../../test/redis-cluster.js';
import { feedFilter } from '../src/domain/visibility.js';
import { feedPage } from '../src/timelines/feed.js';
import type { TimelineQuery } from '../src/timelines/timelines.js';
import { createPoll, endNow, newUserId, startPolls, until, type PollsTestService } from './support.js';

type Page = { ids: string[]; totalCount: number; currentPage?: number; nextCursor?: string | null };

/** A cluster whose masters go on serving their slots when another master is lost. */
const startCluster = () => startRedisCluster(3, ['--cluster-require-full-coverage', 'no']);

/**
 * Polls of every kind a visitor's feed must show or leave out: public (shown) and private, friends and share-link
 * ones (never), a closed, an ended and a deleted one, and those of a creator then banned; trending scores with ties.
 */
async function seed(svc: PollsTestService): Promise<{ ayse: string; banned: string; bannedPolls: string[] }> {
  const [ayse, bora, banned] = [newUserId(), newUserId(), newUserId()];
  const made: Record<string, string> = {};
  let n = 0;
  for (const [name, user] of [
    ['ayse', ayse],
    ['bora', bora],
    ['banned', banned],
  ] as const) {
    for (const type of ['public', 'private', 'friends'] as const) {
      for (const category of ['oyun-geek', 'teknoloji-ai'] as const) {
        for (const copy of [1, 2]) {
          const poll = await createPoll(svc.app, user, {
            type,
            category,
            title: `${name} ${type} ${copy}?`,
            duration: 0,
          });
          made[`${name}-${type}-${category}-${copy}`] = poll.id;
          // A trending score with ties (the id orders them), rewritten as the rank job does: MongoDB, then every shard.
          const hot = n % 4;
          await svc.app.polls.models.PollRank.updateOne({ _id: new Types.ObjectId(poll.id) }, { $set: { hot } });
          await svc.app.polls.timelines.rescore(poll.id, hot);
          n++;
        }
      }
    }
  }
  await createPoll(svc.app, ayse, { title: 'Bağlantıyla?', category: 'oyun-geek' }, '/api/polls/shareable');
  await endNow(svc.app, made['ayse-public-oyun-geek-1']!);
  const closed = made['bora-public-oyun-geek-1'];
  const closing = { method: 'POST' as const, url: `/api/polls/${closed}/close`, headers: asMember(bora) };
  expect((await svc.app.inject(closing)).statusCode).toBe(200);
  const deleted = made['bora-public-teknoloji-ai-2'];
  const deleting = { method: 'DELETE' as const, url: `/api/polls/${deleted}`, headers: asMember(bora) };
  expect((await svc.app.inject(deleting)).statusCode).toBe(200);
  const bannedPolls = Object.entries(made)
    .filter(([key]) => key.startsWith('banned-public'))
    .map(([, id]) => id);
  return { ayse, banned, bannedPolls };
}

/**
 * Visitors' pages from the timelines against MongoDB's, every feed, category, page number and cursor; and members'
 * (trending and new: the friends feed needs social) on the same shards and topology.
 */
function feedsAlike(topology: 'one Redis' | 'a Redis Cluster') {
  describe(`feeds from the timelines as from MongoDB, on ${topology}`, () => {
    let cluster: RedisCluster | undefined;
    let svc: PollsTestService;
    let seeded: Awaited<ReturnType<typeof seed>>;

    beforeAll(async () => {
      if (topology === 'a Redis Cluster') cluster = await startCluster();
      svc = await startPolls(cluster ? { REDIS_URL: cluster.url } : {});
      seeded = await seed(svc);
    }, 120_000);
    afterAll(async () => {
      await svc?.close();
      await cluster?.stop();
    });

    /**
     * A visitor's page (or a member's) as the given path finds it (the kept visitor pages are dropped first: each read
     * finds its own).
     */
    const pageFrom = async (path: 'timelines' | 'database', query: string, member?: string): Promise<Page> => {
      svc.app.polls.config.POLLS_MEMBER_FEEDS = path;
      svc.app.polls.feedPages.changed();
      const res = await svc.app.inject({
        url: `/api/polls?${query}`,
        headers: member ? asMember(member) : asVisitor(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { polls, ...rest } = res.json();
      return { ids: polls.map((p: { id: string }) => p.id), ...rest };
    };

    const bothAlike = async (member?: string) => {
      let compared = 0;
      for (const feed of ['trending', 'new']) {
        for (const category of ['', '&category=oyun-geek', '&category=teknoloji-ai']) {
          for (const page of [1, 2, 3, 9]) {
            const query = `feed=${feed}${category}&limit=2&page=${page}`;
            expect(await pageFrom('timelines', query, member), query).toEqual(
              await pageFrom('database', query, member),
            );
            compared++;
          }
          let cursor: string | null | undefined = null;
          do {
            const query = `feed=${feed}${category}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
            const fromTimelines = await pageFrom('timelines', query, member);
            expect(fromTimelines, query).toEqual(await pageFrom('database', query, member));
            cursor = fromTimelines.nextCursor;
            compared++;
          } while (cursor);
        }
      }
      svc.app.polls.config.POLLS_MEMBER_FEEDS = 'timelines';
      return compared;
    };

    it('answers every visitor page as MongoDB does, from the timelines: public polls only, the rules kept', async () => {
      const found = vi.spyOn(svc.app.polls.timelines, 'page');
      try {
        const all = await pageFrom('timelines', 'feed=new&limit=100');
        // Public polls only: 3 creators × 2 categories × 2 copies, less the closed, ended and deleted ones.
        expect(all.totalCount).toBe(9);
        expect(await bothAlike()).toBeGreaterThan(30);
        // Every visitor page was found in the timelines, none fell back to MongoDB.
        const results = await Promise.all(found.mock.results.map((r) => r.value as Promise<unknown>));
        expect(results.length).toBeGreaterThan(30);
        expect(results.every((page) => page !== null)).toBe(true);
      } finally {
        found.mockRestore();
      }
    }, 60_000);

    it('answers every member page as MongoDB does: private polls and the member’s own Dost Meclisi ones too', async () => {
      const own = await pageFrom('timelines', 'feed=new&limit=100', seeded.ayse);
      // The 9 public polls, the 12 private ones (3 creators × 2 categories × 2) and her own 4 Dost Meclisi polls.
      expect(own.totalCount).toBe(9 + 12 + 4);
      expect(await bothAlike(seeded.ayse)).toBeGreaterThan(30);
      const stranger = newUserId();
      expect((await pageFrom('timelines', 'feed=new&limit=100', stranger)).totalCount).toBe(9 + 12);
      expect(await bothAlike(stranger)).toBeGreaterThan(30);
    }, 60_000);

    it('leaves a banned creator’s polls out of visitors’ and members’ pages, and brings them back on reactivation', async () => {
      const at = new Date().toISOString();
      const shown = async () =>
        (await pageFrom('timelines', 'feed=trending&limit=100')).ids.filter((id) => seeded.bannedPolls.includes(id))
          .length;
      expect(await shown()).toBe(4);
      const by = newUserId();
      await svc.deps.bus.publish(events.admin.userBanned, { userId: seeded.banned, by, at });
      await until(async () => (await shown()) === 0, 10_000, 'ban shown');
      await bothAlike();
      await bothAlike(seeded.ayse);
      await svc.deps.bus.publish(events.admin.userReactivated, { userId: seeded.banned, by, at });
      await until(async () => (await shown()) === 4, 10_000, 'reactivation shown');
      await bothAlike();
    }, 60_000);
  });
}

feedsAlike('one Redis');
feedsAlike('a Redis Cluster');

describe('the timelines’ shards on a three-master Redis Cluster', () => {
  let cluster: RedisCluster;
  let svc: PollsTestService;
  /** A member of each shard (index: the shard). */
  const members: string[] = [];
  const shards = 8;

  /** A standalone client of each node (MONITOR, KEYS), in the order of cluster.nodes. */
  const nodeClient = (index: number) => new Redis({ port: cluster.nodes[index]!.port, lazyConnect: true });
  /** Which shards each node holds (by the shards' facts keys found on it). */
  const shardsPerNode = async (): Promise<number[][]> => {
    const tags = svc.app.polls.timelines.tags;
    return Promise.all(
      cluster.nodes.map(async (_, i) => {
        const node = nodeClient(i);
        try {
          const facts = await node.keys('polls:feed:*:facts');
          return tags.flatMap((tag, k) => (facts.includes(`polls:feed:{${tag}}:facts`) ? [k] : []));
        } finally {
          node.disconnect();
        }
      }),
    );
  };
  /** A member's newest-polls page from the timelines (null: the shard could not be read). */
  const memberPage = (member: string) => {
    const query: TimelineQuery = {
      feed: 'new',
      reader: member,
      audience: 'members',
      circle: [member],
      hiddenCreators: [],
      limit: 5,
      at: { cursor: null },
      now: new Date(),
    };
    return svc.app.polls.timelines.page(query);
  };
  /** The same page from MongoDB: what the feed route answers when the timelines give null. */
  const databasePage = async (member: string) => {
    const filter = feedFilter({ userId: member }, [], { feed: 'new', now: new Date() });
    const page = await feedPage(svc.app.polls, filter, false, 5, { cursor: null });
    return { ids: page.polls.map((p) => String(p._id)), totalCount: page.totalCount, nextCursor: page.nextCursor };
  };

  beforeAll(async () => {
    cluster = await startCluster();
    svc = await startPolls({ REDIS_URL: cluster.url, FEED_SHARDS: shards });
    const creator = newUserId();
    for (let i = 0; i < 8; i++)
      await createPoll(svc.app, creator, { title: `Kümede ${i}?`, type: i % 2 ? 'public' : 'private', duration: 0 });
    // Members that read no poll of their own: every one of them finds the same page.
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await cluster?.stop();
  });

  it('keeps a copy of the timelines on every master', async () => {
    // The timelines' keys on each node, whatever their names.
    const feedKeys = await Promise.all(
      cluster.nodes.map(async (_, i) => {
        const node = nodeClient(i);
        try {
          return (await node.keys('polls:feed:*')).length;
        } finally {
          node.disconnect();
        }
      }),
    );
    expect(
      feedKeys.every((n) => n > 0),
      `feed keys per node: ${feedKeys.join(', ')}`,
    ).toBe(true);
    const held = await shardsPerNode();
    expect(
      held.every((list) => list.length > 0),
      JSON.stringify(held),
    ).toBe(true);
    expect(held.flat().sort()).toEqual([...Array(shards).keys()]);
  });

  it('serves members’ feed reads from every master', async () => {
    while (members.filter(Boolean).length < shards) {
      const id = newUserId();
      members[svc.app.polls.timelines.shardOf(id)] ??= id;
    }
    // Each node's timeline reads while members read their feeds.
    const reads = cluster.nodes.map(() => 0);
    const monitors = await Promise.all(
      cluster.nodes.map(async (_, i) => {
        const monitor = await nodeClient(i).monitor();
        monitor.on('monitor', (_time: string, args: string[]) => {
          const command = String(args[0]).toLowerCase();
          // EVALSHA sha 1 <shard>:facts now order …: the read script (the others' fifth argument is no order).
          const read = String(args[3]).endsWith(':facts') && ['new', 'hot'].includes(String(args[5]));
          if ((command === 'evalsha' || command === 'eval') && read) reads[i]! += 1;
        });
        return monitor;
      }),
    );
    try {
      for (let round = 0; round < 3; round++) {
        for (const member of members) {
          const res = await svc.app.inject({ url: '/api/polls?feed=new&limit=5', headers: asMember(member) });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().totalCount).toBe(8);
        }
      }
      // MONITOR lines arrive a moment after the commands ran.
      await until(() => reads.reduce((a, b) => a + b, 0) >= 3 * shards, 5_000, 'the reads monitored');
      console.log(`timeline reads per master (${3 * shards} member pages, ${shards} shards): ${reads.join(', ')}`);
      expect(
        reads.every((n) => n > 0),
        reads.join(', '),
      ).toBe(true);
    } finally {
      for (const monitor of monitors) monitor.disconnect();
    }
  }, 60_000);

  it('goes on reading the other masters’ shards when one master is lost, and rebuilds its shards alone once back', async () => {
    const held = await shardsPerNode();
    const lostNode = held.findIndex((list) => list.length > 0);
    const lostShards = held[lostNode]!;
    for (const member of members) expect(await memberPage(member)).toEqual(await databasePage(member));

    const node = cluster.nodes[lostNode]!;
    node.proc.kill('SIGKILL');
    await node.exited;
    // A poll removed while the master is gone: MongoDB first (as removePoll does), then the timelines.
    const { Poll, PollRank } = svc.app.polls.models;
    const victim = (await databasePage(members[0]!)).ids[0]!;
    await Poll.deleteOne({ _id: new Types.ObjectId(victim) });
    await PollRank.deleteOne({ _id: new Types.ObjectId(victim) });
    await svc.app.polls.timelines.drop(victim);

    for (const [shard, member] of members.entries()) {
      const page = await memberPage(member);
      const expected = await databasePage(member);
      expect(expected.ids).not.toContain(victim);
      // The lost shards' members get null (the route reads MongoDB: `expected`); the others read Redis, the poll
      // removed meanwhile gone from it.
      if (lostShards.includes(shard)) expect(page, `shard ${shard}`).toBeNull();
      else expect(page, `shard ${shard}`).toEqual(expected);
    }
    const rebuilt = vi.spyOn(svc.app.polls.timelines, 'rebuild');
    try {
      await cluster.restart(lostNode);
      const restarted = Date.now();
      // Back (empty, as a replaced master): its shards are rebuilt from MongoDB and read again.
      await until(
        async () => (await Promise.all(members.map((m) => memberPage(m)))).every((page) => page !== null),
        20_000,
        'the lost shards read again',
      );
      console.log(
        `lost shards ${lostShards.join(', ')} read again ${Date.now() - restarted} ms after their master's restart`,
      );
      for (const member of members) expect(await memberPage(member)).toEqual(await databasePage(member));
      expect([...new Set(rebuilt.mock.calls.map(([shard]) => shard))].sort()).toEqual([...lostShards].sort());
    } finally {
      rebuilt.mockRestore();
    }
  }, 90_000);
});
