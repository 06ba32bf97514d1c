/**
 * Members' feed pages from the Redis timelines against the same pages from MongoDB's queries, with the real auth and
 * social services, on one Redis and on a Redis Cluster: every viewer, feed, category and page (by number and by
 * cursor) answers the same, and stays the same through follows and unfollows, a ban and a reactivation, blocks and
 * mutes and their undoing, a closed, an expired and a deleted poll, and (on one Redis) flushed timelines.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '@meydan/proto';
import { asMember, startTestService, type TestService } from '@meydan/testing';
import { buildApp as authBuildApp } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as socialBuildApp } from '../../social/src/app.js';
import { startRedisCluster, type RedisCluster } from '../../../test/redis-cluster.js';
import { keys } from '../src/store/keys.js';
import {
  createPoll,
  follow as followThrough,
  endNow,
  hideAct,
  startPolls,
  until,
  type PollsTestService,
} from './support.js';

type Page = { ids: string[]; totalCount: number; currentPage?: number; nextCursor?: string | null };

function memberFeeds(topology: 'one Redis' | 'a Redis Cluster') {
  describe(`member feeds from the timelines, on ${topology}`, () => {
    let cluster: RedisCluster | undefined;
    let auth: TestService;
    let social: TestService;
    let svc: PollsTestService;
    const users: Record<'ayse' | 'bora' | 'cem' | 'deniz' | 'ece', TestUser> = {} as never;
    const made: Record<string, string> = {};

    const follow = (who: TestUser, whom: TestUser) => followThrough(social, who, whom);

    /** One page as the given path answers it. */
    const pageFrom = async (path: 'timelines' | 'database', viewer: TestUser, query: string): Promise<Page> => {
      svc.app.polls.config.POLLS_MEMBER_FEEDS = path;
      const res = await svc.app.inject({ url: `/api/polls?${query}`, headers: asMember(viewer.id) });
      expect(res.statusCode, res.body).toBe(200);
      const { polls, ...rest } = res.json();
      return { ids: polls.map((p: { id: string }) => p.id), ...rest };
    };
    const pageOf = (viewer: TestUser, query: string) => pageFrom('timelines', viewer, query);

    /** Both paths answer every page of every feed alike, for every member. */
    const bothAlike = async () => {
      let compared = 0;
      for (const viewer of Object.values(users)) {
        for (const feed of ['trending', 'new', 'friends']) {
          for (const category of ['', '&category=oyun-geek']) {
            for (const page of [1, 2, 3, 9]) {
              const query = `feed=${feed}${category}&limit=2&page=${page}`;
              expect(await pageFrom('timelines', viewer, query), query).toEqual(
                await pageFrom('database', viewer, query),
              );
              compared++;
            }
            let cursor: string | null | undefined = null;
            let walked = 0;
            do {
              const query = `feed=${feed}${category}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
              const fromTimelines = await pageFrom('timelines', viewer, query);
              expect(fromTimelines, query).toEqual(await pageFrom('database', viewer, query));
              cursor = fromTimelines.nextCursor;
              compared++;
            } while (cursor && ++walked < 20);
          }
        }
      }
      svc.app.polls.config.POLLS_MEMBER_FEEDS = 'timelines';
      return compared;
    };

    beforeAll(async () => {
      auth = await startTestService('auth', authBuildApp);
      social = await startTestService('social', socialBuildApp);
      if (topology === 'a Redis Cluster') cluster = await startRedisCluster(3);
      svc = await startPolls(cluster ? { REDIS_URL: cluster.url } : {});
      for (const name of ['ayse', 'bora', 'cem', 'deniz', 'ece'] as const)
        users[name] = await createUser(auth.deps, { username: name });
      const { ayse, bora, cem, deniz, ece } = users;
      // ayse ⇄ bora, ayse ⇄ ece, bora ⇄ deniz, cem ⇄ deniz mutual; ayse → cem one way.
      for (const [a, b] of [
        [ayse, bora],
        [bora, ayse],
        [ayse, ece],
        [ece, ayse],
        [bora, deniz],
        [deniz, bora],
        [cem, deniz],
        [deniz, cem],
        [ayse, cem],
      ] as const) {
        expect(await follow(a, b)).toBe(true);
      }
      const categories = ['oyun-geek', 'teknoloji-ai'] as const;
      let n = 0;
      for (const [name, user] of Object.entries(users)) {
        for (const type of ['public', 'private', 'friends'] as const) {
          for (const category of categories) {
            const poll = await createPoll(svc.app, user.id, {
              type,
              category,
              title: `${name} ${type} ${category}?`,
              duration: 0,
            });
            made[`${name}-${type}-${category}`] = poll.id;
            // Likes give the trending order something to rank by (a like rewrites the score at once).
            const likers = type === 'friends' ? [user] : Object.values(users);
            for (let i = 0; i < Math.min(n % 4, likers.length); i++) {
              const liker = likers[i]!;
              expect(
                (
                  await svc.app.inject({
                    method: 'POST',
                    url: `/api/polls/${poll.id}/like`,
                    headers: asMember(liker.id),
                  })
                ).statusCode,
              ).toBeLessThan(300);
            }
            n++;
          }
        }
      }
      await createPoll(
        svc.app,
        ayse.id,
        { title: 'Bağlantıyla açılan?', category: 'oyun-geek' },
        '/api/polls/shareable',
      );
      // One with an end still ahead (listed), one ended (not listed), one closed early and one deleted (neither).
      made['bora-friends-day'] = (
        await createPoll(svc.app, bora.id, {
          type: 'friends',
          category: 'oyun-geek',
          title: 'Bir gün sürer?',
          duration: 24,
        })
      ).id;
      await endNow(svc.app, made['bora-friends-oyun-geek']!);
      expect(
        (
          await svc.app.inject({
            method: 'POST',
            url: `/api/polls/${made['cem-public-oyun-geek']}/close`,
            headers: asMember(cem.id),
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await svc.app.inject({
            method: 'DELETE',
            url: `/api/polls/${made['deniz-private-oyun-geek']}`,
            headers: asMember(deniz.id),
          })
        ).statusCode,
      ).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await svc?.close();
      await social?.close();
      await auth?.close();
      await cluster?.stop();
    });

    it('answers every member feed page as MongoDB does: every viewer, feed, category, page number and cursor', async () => {
      const { ayse, bora, cem } = users;
      const friendsOfAyse = (await pageOf(ayse, 'feed=friends&limit=100')).ids;
      // Her own, bora's and ece's Dost Meclisi polls (not cem's: she follows him one way), none ended.
      const expected = [
        'ayse-friends-oyun-geek',
        'ayse-friends-teknoloji-ai',
        'bora-friends-teknoloji-ai',
        'bora-friends-day',
        'ece-friends-oyun-geek',
        'ece-friends-teknoloji-ai',
      ];
      expect(new Set(friendsOfAyse)).toEqual(new Set(expected.map((k) => made[k])));
      // bora's circle is ayse and deniz: his ended poll is gone, the one still running first.
      const borasGames = (await pageOf(bora, 'feed=friends&category=oyun-geek&limit=100')).ids;
      expect(borasGames).toEqual([
        made['bora-friends-day'],
        made['deniz-friends-oyun-geek'],
        made['ayse-friends-oyun-geek'],
      ]);
      const trending = (await pageOf(cem, 'feed=trending&limit=100')).ids;
      expect(trending).not.toContain(made['cem-public-oyun-geek']);
      expect(trending).not.toContain(made['deniz-private-oyun-geek']);
      expect(trending).toContain(made['deniz-friends-oyun-geek']);
      expect(trending).not.toContain(made['ayse-friends-oyun-geek']);
      expect(await bothAlike()).toBeGreaterThan(150);
    }, 120_000);

    it('follows an unfollow and a follow back in the friends feed, as MongoDB does', async () => {
      const { ayse, bora } = users;
      const borasPoll = made['bora-friends-teknoloji-ai']!;
      expect((await pageOf(ayse, 'feed=friends&limit=100')).ids).toContain(borasPoll);
      expect(await follow(bora, ayse)).toBe(false);
      await until(
        async () => !(await pageOf(ayse, 'feed=friends&limit=100')).ids.includes(borasPoll),
        10_000,
        'unfollow shown',
      );
      expect((await pageOf(ayse, 'feed=new&limit=100')).ids).not.toContain(borasPoll);
      expect((await pageOf(bora, 'feed=new&limit=100')).ids).not.toContain(made['ayse-friends-oyun-geek']);
      await bothAlike();
      expect(await follow(bora, ayse)).toBe(true);
      await until(
        async () => (await pageOf(ayse, 'feed=friends&limit=100')).ids.includes(borasPoll),
        10_000,
        'follow back shown',
      );
      await bothAlike();
    }, 120_000);

    it('hides a banned creator’s polls and shows them again on reactivation, as MongoDB does', async () => {
      const { ayse, ece } = users;
      const at = new Date().toISOString();
      const ecePolls = Object.entries(made)
        .filter(([k]) => k.startsWith('ece-'))
        .map(([, id]) => id);
      const shown = async () =>
        (await pageOf(ayse, 'feed=new&limit=100')).ids.filter((id) => ecePolls.includes(id)).length;
      expect(await shown()).toBe(6);
      await svc.deps.bus.publish(events.admin.userBanned, { userId: ece.id, by: ayse.id, at });
      await until(async () => (await shown()) === 0, 10_000, 'ban shown');
      expect((await pageOf(ayse, 'feed=new&limit=100')).totalCount).toBe(
        (await pageFrom('database', ayse, 'feed=new&limit=100')).totalCount,
      );
      await bothAlike();
      await svc.deps.bus.publish(events.admin.userReactivated, { userId: ece.id, by: ayse.id, at });
      await until(async () => (await shown()) === 6, 10_000, 'reactivation shown');
      await bothAlike();
    }, 120_000);

    it('hides blocked and muted members’ polls as MongoDB does: a block both ways, a mute from the muter only', async () => {
      const { ayse, bora, cem, ece } = users;
      const pollsOf = (name: string) =>
        Object.entries(made)
          .filter(([k]) => k.startsWith(`${name}-`))
          .map(([, id]) => id);
      /** How many of `name`'s polls the viewer's new and friends feeds show. */
      const seen = async (viewer: TestUser, name: string) => {
        const theirs = pollsOf(name);
        const shown = [
          ...(await pageOf(viewer, 'feed=new&limit=100')).ids,
          ...(await pageOf(viewer, 'feed=friends&limit=100')).ids,
        ];
        return shown.filter((id) => theirs.includes(id)).length;
      };
      /** What each pair sees of the other, the pairs the block and the mute are about. */
      const now = async () => ({
        eceSeesCem: await seen(ece, 'cem'),
        cemSeesEce: await seen(cem, 'ece'),
        ayseSeesBora: await seen(ayse, 'bora'),
        boraSeesAyse: await seen(bora, 'ayse'),
      });
      // ece and cem follow neither way; ayse and bora are in each other's Dost Meclisi.
      const before = await now();
      expect(Object.values(before).every((n) => n > 0)).toBe(true);
      const eceNew = await pageOf(ece, 'feed=new&limit=100');
      const cemsForEce = eceNew.ids.filter((id) => pollsOf('cem').includes(id)).length;
      await hideAct(social, 'POST', 'block', ece, cem);
      await hideAct(social, 'POST', 'mute', ayse, bora);
      const hidden = { eceSeesCem: 0, cemSeesEce: 0, ayseSeesBora: 0, boraSeesAyse: before.boraSeesAyse };
      await until(async () => JSON.stringify(await now()) === JSON.stringify(hidden), 10_000, 'block and mute shown');
      // Counted without them, and every page full (the timelines' pages came short, their total counted cem's).
      const eceNewNow = await pageOf(ece, 'feed=new&limit=2');
      expect(eceNewNow.totalCount).toBe(eceNew.totalCount - cemsForEce);
      expect(eceNewNow.ids).toHaveLength(2);
      expect(await bothAlike()).toBeGreaterThan(150);
      await hideAct(social, 'DELETE', 'block', ece, cem);
      await hideAct(social, 'DELETE', 'mute', ayse, bora);
      await until(async () => JSON.stringify(await now()) === JSON.stringify(before), 10_000, 'undoing shown');
      expect((await pageOf(ece, 'feed=new&limit=100')).totalCount).toBe(eceNew.totalCount);
    }, 120_000);

    it('reads no MongoDB for a member’s page once warm, the member’s own like included, kept through a recount', async () => {
      const { ayse, bora } = users;
      const pollId = made['bora-public-teknoloji-ai']!;
      const likedBy = async (user: TestUser) =>
        (await svc.app.inject({ url: '/api/polls?feed=new&limit=100', headers: asMember(user.id) }))
          .json()
          .polls.find((p: { id: string }) => p.id === pollId).isLiked;
      const like = () =>
        svc.app.inject({ method: 'POST', url: `/api/polls/${pollId}/like`, headers: asMember(ayse.id) });
      const wasLiked = await likedBy(ayse);
      expect((await like()).json().liked).toBe(!wasLiked);
      expect(await likedBy(ayse)).toBe(!wasLiked);
      if (wasLiked) expect((await like()).json().liked).toBe(true);
      expect(await likedBy(ayse)).toBe(true);
      expect(await likedBy(bora)).toBe((await svc.app.polls.models.Like.exists({ pollId, userId: bora.id })) !== null);
      // The like counts are recounted from MongoDB when their hash is gone, the likers with them.
      await svc.deps.redis.del(keys.engagement(pollId));
      expect(await likedBy(ayse)).toBe(true);

      const { models } = svc.app.polls;
      const spies = Object.values(models).flatMap((model) =>
        (['find', 'findOne', 'findById', 'countDocuments', 'aggregate'] as const).map((m) => vi.spyOn(model, m)),
      );
      try {
        for (const feed of ['trending', 'new', 'friends']) await pageOf(ayse, `feed=${feed}&limit=20`);
        for (const feed of ['trending', 'new', 'friends'])
          expect((await pageOf(ayse, `feed=${feed}&limit=20`)).ids.length).toBeGreaterThan(0);
        // The ended-polls sweep (a background job every POLLS_ENDED_SWEEP_MS) reads MongoDB on its own clock, not for a page.
        const bySweep = (filter: unknown) => typeof filter === 'object' && filter !== null && 'endedAt' in filter;
        expect(spies.flatMap((spy) => spy.mock.calls as unknown[][]).filter(([filter]) => !bySweep(filter))).toEqual(
          [],
        );
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      expect((await like()).json().liked).toBe(false);
      expect(await likedBy(ayse)).toBe(false);
    }, 60_000);

    // Of one Redis only: a second database beside the first on the same server, and flushing the timelines' keys.
    if (topology === 'a Redis Cluster') return;

    it('keeps each database’s timelines apart on one Redis: another polls database shows none of these polls', async () => {
      const { ayse } = users;
      expect((await pageOf(ayse, 'feed=new&limit=5')).totalCount).toBeGreaterThan(0);
      // Its own MongoDB database, the same Redis (as every test file, or two deployments sharing a Redis).
      const other = await startPolls();
      try {
        for (const feed of ['trending', 'new', 'friends']) {
          const res = await other.app.inject({ url: `/api/polls?feed=${feed}&limit=20`, headers: asMember(ayse.id) });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json(), feed).toMatchObject({ polls: [], totalCount: 0 });
        }
        // And its rebuild (it had no timelines) left these alone.
        expect((await pageOf(ayse, 'feed=new&limit=100')).totalCount).toBe(
          (await pageFrom('database', ayse, 'feed=new&limit=100')).totalCount,
        );
      } finally {
        await other.close();
      }
    }, 60_000);

    it('rebuilds each flushed shard of the timelines from MongoDB once, however many members ask at once', async () => {
      const redis = svc.deps.redis;
      const prefix = 'polls:';
      const feedKeys = (await redis.keys(`${prefix}feed:*`)).map((k) => k.slice(prefix.length));
      expect(feedKeys.length).toBeGreaterThan(5);
      const before = await Promise.all(Object.values(users).map((u) => pageOf(u, 'feed=trending&limit=5')));
      await redis.del(...feedKeys);
      const reads = vi.spyOn(svc.app.polls.models.PollRank, 'find');
      try {
        const after = await Promise.all(
          Object.values(users).flatMap((u) => [pageOf(u, 'feed=trending&limit=5'), pageOf(u, 'feed=trending&limit=5')]),
        );
        // One rebuild of each shard these members read (a reader reads one shard, every shard is a whole copy): its
        // read and its catch-up read of the polls created meanwhile, whatever the number of readers.
        const shards = new Set(Object.values(users).map((u) => svc.app.polls.timelines.shardOf(u.id)));
        expect(reads).toHaveBeenCalledTimes(2 * shards.size);
        expect(after.filter((_, i) => i % 2 === 0)).toEqual(before);
      } finally {
        reads.mockRestore();
      }
      await bothAlike();
    }, 120_000);
  });
}

memberFeeds('one Redis');
memberFeeds('a Redis Cluster');
