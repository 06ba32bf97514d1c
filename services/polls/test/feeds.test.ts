import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pollMessages as M, pollServiceMessages as S } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { DECADE_SECONDS, trendingScore } from '../src/domain/trending.js';
import { createPoll, newUserId, rewritten, startPolls, until, vote, endNow, type PollsTestService } from './support.js';

// Every rule holds whether members' and visitors' pages come from the Redis timelines or from MongoDB's queries.
describe.each(['timelines', 'database'] as const)('feeds (pages read from %s)', (memberFeeds) => {
  let svc: PollsTestService;
  const alice = newUserId();
  const hour = 3600_000;

  beforeAll(async () => {
    svc = await startPolls({ POLLS_MEMBER_FEEDS: memberFeeds });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  const ids = (body: { polls: { id: string }[] }) => body.polls.map((p) => p.id);
  const list = async (query: string, headers = asMember(alice)) => {
    const res = await svc.app.inject({ url: `/api/polls?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Makes a poll `hoursOld` hours old with `votes` persisted votes, and recomputes its trending score. */
  const seed = async (category: string, hoursOld: number, votes: number, title = `${hoursOld}h/${votes}`) => {
    const poll = await createPoll(svc.app, alice, { category: category as never, title, duration: 0 });
    // Moved back before any vote: the vote consumer rewrites the score from the creation time it reads from MongoDB
    // (at once, and again up to a second later for the last batch), so whenever that rewrite lands it is this one.
    const { Poll, PollRank } = ctx().models;
    const createdAt = new Date(Date.now() - hoursOld * hour);
    const _id = Poll.castObject({ _id: poll.id })._id;
    await Poll.collection.updateOne({ _id }, { $set: { createdAt } });
    await PollRank.collection.updateOne({ _id }, { $set: { createdAt } });
    await rewritten(svc.app, poll.id);
    for (let i = 0; i < votes; i++) expect((await vote(svc.app, poll.id, newUserId(), 0)).statusCode).toBe(200);
    await until(async () => (await ctx().models.Vote.countDocuments({ pollId: poll.id })) === votes);
    await ctx().engagement.syncRank({ id: poll.id, optionsCount: 2, expiresAt: null, createdAt });
    return poll.id;
  };

  it('scores engagement decayed by age: ten times the engagement for each DECADE of age', () => {
    const now = new Date();
    const older = new Date(now.getTime() - DECADE_SECONDS * 1000);
    const e = (votes: number) => ({ votes, likes: 0, comments: 0, shares: 0 });
    expect(trendingScore(e(9), older)).toBeCloseTo(trendingScore(e(0), now), 10);
    expect(trendingScore(e(20), older)).toBeGreaterThan(trendingScore(e(0), now));
    expect(trendingScore(e(5), older)).toBeLessThan(trendingScore(e(1), now));
    expect(trendingScore({ votes: 0, likes: 0, comments: 1, shares: 0 }, now)).toBeGreaterThan(
      trendingScore({ votes: 2, likes: 0, comments: 0, shares: 0 }, now),
    );
  });

  it('keeps a visitor feed page for a moment, with fresh counts, and drops it at once when a poll is created or removed', async () => {
    const category = 'trendler-sosyal';
    // Counts a visitor is shown before voting: an always poll (an after-vote one's are 0 to them).
    const first = await createPoll(svc.app, alice, {
      category,
      title: 'Önbellek bir?',
      duration: 0,
      resultsVisibility: 'always',
    });
    const counted = vi.spyOn(ctx().models.PollRank, 'countDocuments');
    // A visitor's page is found in the timelines' public polls, or by MongoDB's queries.
    const found = memberFeeds === 'timelines' ? vi.spyOn(ctx().timelines, 'page') : counted;
    try {
      expect(ids(await list(`category=${category}`, asVisitor()))).toEqual([first.id]);
      // The same page again: not found again, yet the vote just cast shows.
      expect((await vote(svc.app, first.id, newUserId(), 1)).statusCode).toBe(200);
      const again = await list(`category=${category}`, asVisitor());
      expect(found).toHaveBeenCalledTimes(1);
      expect(counted).toHaveBeenCalledTimes(memberFeeds === 'timelines' ? 0 : 1);
      expect(again.polls[0].options[1].votes).toBe(1);
      expect(again.polls[0].totalVotes).toBe(1);
      // A poll created here is in the very next page; a removed one is gone from it.
      const second = await createPoll(svc.app, alice, { category, title: 'Önbellek iki?', duration: 0 });
      expect(ids(await list(`category=${category}&feed=new`, asVisitor()))).toEqual([second.id, first.id]);
      expect(
        (await svc.app.inject({ method: 'DELETE', url: `/api/polls/${second.id}`, headers: asMember(alice) }))
          .statusCode,
      ).toBe(200);
      expect(ids(await list(`category=${category}&feed=new`, asVisitor()))).toEqual([first.id]);
      // Members' pages are never kept: they come from the timelines each time (no MongoDB query), or from MongoDB.
      const before = counted.mock.calls.length;
      await list(`category=${category}`);
      await list(`category=${category}`);
      expect(counted.mock.calls.length - before).toBe(memberFeeds === 'timelines' ? 0 : 2);
    } finally {
      counted.mockRestore();
      found.mockRestore();
    }
  });

  it('ranks trending by engagement decayed by age, and new by creation time', async () => {
    const fresh = await seed('oyun-geek', 0, 1);
    const stale = await seed('oyun-geek', 30, 6);
    const popular = await seed('oyun-geek', 2, 12);
    const quiet = await seed('oyun-geek', 1, 0);
    expect(ids(await list('category=oyun-geek'))).toEqual([popular, fresh, quiet, stale]);
    expect(ids(await list('category=oyun-geek&feed=trending'))).toEqual([popular, fresh, quiet, stale]);
    expect(ids(await list('category=oyun-geek&feed=new'))).toEqual([fresh, quiet, popular, stale]);

    // A like and a comment lift the quiet poll above the fresh one.
    await svc.app.inject({ method: 'POST', url: `/api/polls/${quiet}/like`, headers: asMember(newUserId()) });
    await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${quiet}/comments`,
      headers: asMember(newUserId()),
      payload: { text: 'İlginç' },
    });
    expect(ids(await list('category=oyun-geek'))).toEqual([popular, quiet, fresh, stale]);
  });

  it('filters by category and never lists expired polls', async () => {
    const music = await createPoll(svc.app, alice, { category: 'muzik-playlist' });
    const film = await createPoll(svc.app, alice, { category: 'film-dizi-anime' });
    const expired = await createPoll(svc.app, alice, { category: 'muzik-playlist' });
    await endNow(svc.app, expired.id);
    expect(ids(await list('category=muzik-playlist', asVisitor()))).toEqual([music.id]);
    expect(ids(await list('category=film-dizi-anime&feed=new'))).toEqual([film.id]);
    expect((await list('category=muzik-playlist')).totalCount).toBe(1);
  });

  it('pages with page/limit in the documented shape, and with cursors for infinite scroll', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await createPoll(svc.app, alice, { category: 'kesfet-seyahat', title: `Gezi ${i}` })).id);
    const newest = [...made].reverse();

    const page1 = await list('category=kesfet-seyahat&feed=new&page=1&limit=2');
    expect(Object.keys(page1).sort()).toEqual(['currentPage', 'polls', 'totalCount']);
    expect(page1).toMatchObject({ totalCount: 5, currentPage: 1 });
    expect(ids(page1)).toEqual(newest.slice(0, 2));
    const page3 = await list('category=kesfet-seyahat&feed=new&page=3&limit=2');
    expect(page3).toMatchObject({ totalCount: 5, currentPage: 3 });
    expect(ids(page3)).toEqual(newest.slice(4));

    for (const feed of ['new', 'trending']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body = await list(`category=kesfet-seyahat&feed=${feed}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(Object.keys(body).sort()).toEqual(['nextCursor', 'polls', 'totalCount']);
        expect(body.totalCount).toBe(5);
        seen.push(...ids(body));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(5);
      expect(new Set(seen)).toEqual(new Set(made));
      if (feed === 'new') expect(seen).toEqual(newest);
    }
    const first = await list('category=kesfet-seyahat');
    expect(first.polls).toHaveLength(5);
    expect(first.nextCursor).toBeNull();
    expect(first.polls[0]).toMatchObject({
      options: [
        { id: 0, text: 'Kedi', votes: 0 },
        { id: 1, text: 'Köpek', votes: 0 },
      ],
      hasVoted: false,
      isLiked: false,
    });
  });

  it('refuses a malformed query with Turkish texts', async () => {
    const cases: [string, string][] = [
      ['category=spor', M.categoryUnknown],
      ['feed=hot', S.feedInvalid],
      ['limit=0', S.limitInvalid],
      ['limit=101', S.limitInvalid],
      ['page=0', S.pageInvalid],
      ['page=iki', S.pageInvalid],
      ['cursor=bozuk', S.cursorInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await svc.app.inject({ url: `/api/polls?${query}`, headers: asVisitor() });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});
