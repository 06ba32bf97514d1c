import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, live, pollMessages as M, pollServiceMessages as S, type LiveCountsMessage } from '@meydan/proto';
import { asMember, asVisitor, drained, identityHeaders } from '@meydan/testing';
import { trendingScore } from '../src/domain/trending.js';
import { keys } from '../src/store/keys.js';
import {
  asShareVisitor,
  collect,
  createPoll,
  newUserId,
  startPolls,
  until,
  vote,
  endNow,
  type PollsTestService,
} from './support.js';
import { busyFor } from '../../../test/quiet.js';

describe('votes', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();

  beforeAll(async () => {
    svc = await startPolls({ SHARE_VOTE_IP_LIMIT: 5 });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  const persisted = (pollId: string) => ctx().models.Vote.countDocuments({ pollId });

  it('counts a member vote once, answers the new counts, publishes the event and persists it', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'] });
    const stream = collect(svc.deps.nats, events.polls.voteCast);
    const res = await vote(svc.app, poll.id, bob, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pollId: poll.id,
      voteCounts: { '0': 0, '1': 0, '2': 1 },
      totalVotes: 1,
      votersCount: 1,
      hasVoted: true,
      userChoice: 2,
      userChoices: [2],
      message: S.voteRecorded,
      feedback: 'İlk oyu sen verdin!',
      resultsVisible: true,
    });
    const again = await vote(svc.app, poll.id, bob, 0);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_voted', message: 'Bu ankete zaten oy verdin' });

    await until(async () => (await persisted(poll.id)) === 1, 10_000, 'vote persisted');
    const stored = await ctx().models.Vote.findOne({ pollId: poll.id }).lean();
    expect(stored).toMatchObject({ voter: `u:${bob}`, userId: bob, optionIndex: 2 });
    await until(() => stream.received.length >= 1);
    expect(stream.received[0]!.data).toMatchObject({
      pollId: poll.id,
      creatorId: alice,
      voter: `u:${bob}`,
      userId: bob,
      optionIndex: 2,
    });
    stream.stop();

    const seen = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(seen).toMatchObject({ hasVoted: true, userChoice: 2, totalVotes: 1, votesCount: 1 });
    expect(seen.options.map((o: { votes: number }) => o.votes)).toEqual([0, 0, 1]);
    const other = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json();
    expect(other).toMatchObject({ hasVoted: false, userChoice: null, totalVotes: 1 });
  });

  it('persists a vote delivered twice only once (the unique index; a duplicate key means already stored)', async () => {
    const poll = await createPoll(svc.app, alice);
    const carol = newUserId();
    expect((await vote(svc.app, poll.id, carol, 1)).statusCode).toBe(200);
    await until(async () => (await persisted(poll.id)) === 1);
    const replay = {
      pollId: poll.id,
      creatorId: alice,
      voter: `u:${carol}`,
      userId: carol,
      optionIndex: 1,
      at: new Date().toISOString(),
    };
    // Different message ids get past JetStream's de-duplication: the unique index is what stops them.
    await svc.deps.bus.publish(events.polls.voteCast, replay, { msgId: `replay-1-${poll.id}` });
    await svc.deps.bus.publish(
      events.polls.voteCast,
      { ...replay, voter: 'v:late-visitor', userId: null },
      { msgId: `replay-2-${poll.id}` },
    );
    await until(async () => (await persisted(poll.id)) === 2, 10_000, 'the new vote persisted');
    await svc.deps.bus.publish(events.polls.voteCast, replay, { msgId: `replay-3-${poll.id}` });
    await drained(svc.deps, 'polls--persist-votes');
    expect(await persisted(poll.id)).toBe(2);
    // The counters learn the vote they never saw (as after a rebuild), exactly once.
    const seen = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json();
    expect(seen.totalVotes).toBe(2);
    expect(seen.publicVotesCount).toBe(1);
  });

  it('persists a batch of votes with one lookup by id per poll, syncs its trending rank, and drops a deleted poll’s votes', async () => {
    const poll = await createPoll(svc.app, alice);
    const gone = newUserId(); // no poll has this id: as if deleted before its votes were persisted
    const queries: { collection: string; method: string; filter: unknown }[] = [];
    svc.deps.mongo.set(
      'debug',
      (collection: string, method: string, filter: unknown) => void queries.push({ collection, method, filter }),
    );
    const at = new Date().toISOString();
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => [
          svc.deps.bus.publish(events.polls.voteCast, {
            pollId: poll.id,
            creatorId: alice,
            voter: `v:batch-${i}`,
            userId: null,
            optionIndex: i % 2,
            at,
          }),
          svc.deps.bus.publish(events.polls.voteCast, {
            pollId: gone,
            creatorId: alice,
            voter: `v:batch-${i}`,
            userId: null,
            optionIndex: 0,
            at,
          }),
        ]).flat(),
      );
      await drained(svc.deps, 'polls--persist-votes');
      await until(
        async () => ((await ctx().models.PollRank.findById(poll.id).lean())?.hot ?? 0) > 0,
        10_000,
        'trending rank synced',
      );
    } finally {
      svc.deps.mongo.set('debug', false);
    }
    expect(await persisted(poll.id)).toBe(40);
    expect(await persisted(gone)).toBe(0);
    // `$in` makes FerretDB scan the whole polls collection, once per batch.
    const pollQueries = queries.filter((q) => q.collection === 'polls');
    expect(pollQueries.filter((q) => JSON.stringify(q.filter ?? {}).includes('$in'))).toEqual([]);
    expect(pollQueries.length).toBeGreaterThan(0);
    const rankWrites = queries.filter((q) => q.collection === 'pollranks' && q.method.startsWith('update'));
    expect(rankWrites.length).toBeGreaterThan(0);
  });

  it('takes the documented optionId (number or digits) and ignores a userId in the body', async () => {
    const poll = await createPoll(svc.app, alice);
    const carol = newUserId();
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/vote`,
      headers: asMember(carol),
      payload: { optionId: '1', userId: 'hard-coded-test-user' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userChoice).toBe(1);
    const dan = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/vote`,
      headers: asMember(newUserId()),
      payload: { optionId: 0 },
    });
    expect(dan.json().voteCounts).toEqual({ '0': 1, '1': 1 });
    await until(async () => (await persisted(poll.id)) === 2);
    expect(await ctx().models.Vote.exists({ pollId: poll.id, voter: `u:${carol}` })).toBeTruthy();
    expect(await ctx().models.Vote.exists({ userId: 'hard-coded-test-user' })).toBeNull();
  });

  it('refuses bad indexes, missing choices, visitors, unknown polls and expired polls with Turkish texts', async () => {
    const poll = await createPoll(svc.app, alice);
    const post = (payload: unknown, headers = asMember(bob), id = poll.id) =>
      svc.app.inject({ method: 'POST', url: `/api/polls/${id}/vote`, headers, payload: payload as object });
    for (const body of [
      { optionIndex: 2 },
      { optionIndex: -1 },
      { optionIndex: 1.5 },
      { optionIndex: '1' },
      { optionId: 'x' },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(M.optionInvalid);
    }
    const none = await post({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.optionRequired);

    const visitor = await post({ optionIndex: 0 }, asVisitor());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(S.signInToVote);

    for (const id of ['0123456789abcdef01234567', 'not-an-id']) {
      const res = await post({ optionIndex: 0 }, asMember(bob), id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: S.pollNotFound });
    }

    await endNow(svc.app, poll.id);
    const expired = await post({ optionIndex: 0 });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: 'poll_expired', message: S.pollExpired });
    expect((await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json().totalVotes).toBe(0);
  });

  it('lets share-link visitors vote once per visitor cookie, members through the link as themselves', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['Evet', 'Hayır'] }, '/api/polls/shareable');
    const code = poll.shortUrl!;
    const page = await svc.app.inject({ url: `/api/s/${code}`, headers: asShareVisitor('visitor-1') });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      poll: { id: poll.id, shortUrl: code, isShareable: true, title: poll.title },
      creator: { id: alice },
      voteCounts: { '0': 0, '1': 0 },
      hasVoted: false,
      userChoice: null,
    });

    const first = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${code}/vote`,
      headers: asShareVisitor('visitor-1'),
      payload: { optionIndex: 1 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      voteCounts: { '0': 0, '1': 1 },
      totalVotes: 1,
      userChoice: 1,
      message: S.voteRecorded,
    });
    expect(typeof first.json().feedback).toBe('string');
    const twice = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${code}/vote`,
      headers: asShareVisitor('visitor-1'),
      payload: { optionIndex: 0 },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Bu ankete zaten oy verdin');

    const again = (await svc.app.inject({ url: `/api/s/${code}`, headers: asShareVisitor('visitor-1') })).json();
    expect(again).toMatchObject({ hasVoted: true, userChoice: 1, voteCounts: { '0': 0, '1': 1 } });
    expect(
      (await svc.app.inject({ url: `/api/s/${code}`, headers: asShareVisitor('visitor-2') })).json().hasVoted,
    ).toBe(false);

    const member = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${code}/vote`,
      headers: identityHeaders({ userId: bob, role: 'member', visitorId: 'visitor-9' }),
      payload: { optionIndex: 0 },
    });
    expect(member.statusCode).toBe(200);
    const byId = await vote(svc.app, poll.id, alice, 0);
    expect(byId.statusCode).toBe(200);
    await until(async () => (await persisted(poll.id)) === 3);
    const voters = (await ctx().models.Vote.find({ pollId: poll.id }).lean()).map((v) => v.voter).sort();
    expect(voters).toEqual([`u:${alice}`, `u:${bob}`, 'v:visitor-1'].sort());
    const view = (await svc.app.inject({ url: `/api/s/${code}`, headers: asMember(bob) })).json();
    expect(view).toMatchObject({ hasVoted: true, userChoice: 0, voteCounts: { '0': 2, '1': 1 } });
    expect(view.poll).toMatchObject({ totalVotes: 3, publicVotesCount: 1 });

    const nobody = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${code}/vote`,
      headers: asVisitor(),
      payload: { optionIndex: 0 },
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toEqual({ error: 'visitor_required', message: S.visitorUnknown });
    const missing = await svc.app.inject({ url: '/api/s/ZZZZZZZZZZ', headers: asVisitor() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(S.pollNotFound);
    const missingVote = await svc.app.inject({
      method: 'POST',
      url: '/api/s/ZZZZZZZZZZ/vote',
      headers: asShareVisitor('v-x'),
      payload: { optionIndex: 0 },
    });
    expect(missingVote.statusCode).toBe(404);
    const badBody = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${code}/vote`,
      headers: asShareVisitor('v-y'),
      payload: {},
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe(M.optionRequired);
  });

  it('keeps share-link polls off their id for anyone but the creator', async () => {
    const poll = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
    expect((await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).statusCode).toBe(200);
    for (const headers of [asMember(bob), asVisitor()]) {
      expect((await svc.app.inject({ url: `/api/polls/${poll.id}`, headers })).statusCode).toBe(404);
    }
    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(404);
    const list = (await svc.app.inject({ url: '/api/polls?feed=new&limit=100', headers: asMember(alice) })).json();
    expect(list.polls.map((p: { id: string }) => p.id)).not.toContain(poll.id);
  });

  it('limits share-link votes without an account per IP and minute', async () => {
    const minute = () => Math.floor(Date.now() / 60_000);
    // The limit counts per minute: attempts that straddle a minute's end are made again, with a fresh poll and IP.
    const { poll, ip, results } = await until(
      async () => {
        const started = minute();
        const poll = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
        const ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
        const results = [];
        for (let i = 0; i < 7; i++) {
          results.push(
            await svc.app.inject({
              method: 'POST',
              url: `/api/s/${poll.shortUrl}/vote`,
              headers: asShareVisitor(`ip-visitor-${i}`, ip),
              payload: { optionIndex: 0 },
            }),
          );
        }
        return minute() === started && { poll, ip, results };
      },
      30_000,
      'seven share-link votes within one minute',
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(results[5]!.json()).toEqual({ error: 'rate_limited', message: S.tooManyShareVotes });
    const elsewhere = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${poll.shortUrl}/vote`,
      headers: asShareVisitor('ip-visitor-x', `${ip}9`),
      payload: { optionIndex: 0 },
    });
    expect(elsewhere.statusCode).toBe(200);
    const member = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${poll.shortUrl}/vote`,
      headers: identityHeaders({ userId: newUserId(), role: 'member', ip }),
      payload: { optionIndex: 0 },
    });
    expect(member.statusCode).toBe(200);
    expect(member.json().totalVotes).toBe(7);
  });

  describe('500 members at once on one poll', () => {
    let pollId: string;
    const members = Array.from({ length: 500 }, () => newUserId());

    it('counts exactly 500 in Redis and in MongoDB, with 200 repeat attempts refused', async () => {
      const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C', 'D'] });
      pollId = poll.id;
      const attempts = [
        ...members.map((m, i) => vote(svc.app, pollId, m, i % 4)),
        ...members.slice(0, 200).map((m) => vote(svc.app, pollId, m, 3)),
      ];
      const results = await Promise.all(attempts);
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(500);
      expect(statuses.filter((s) => s === 409)).toHaveLength(200);
      const redis = svc.deps.redis;
      expect(await redis.hget(keys.counts(pollId), 't')).toBe('500');
      expect(await redis.hlen(keys.voters(pollId))).toBe(500);
      const perOption = await redis.hmget(keys.counts(pollId), '0', '1', '2', '3');
      expect(perOption.map(Number).reduce((a, b) => a + b, 0)).toBe(500);
      await until(async () => (await persisted(pollId)) === 500, 30_000, '500 votes persisted');
      await drained(svc.deps, 'polls--persist-votes');
      expect(await persisted(pollId)).toBe(500);
      const stored = await ctx().models.Vote.aggregate([
        { $match: { pollId: ctx().models.Vote.castObject({ pollId }).pollId } },
        { $group: { _id: '$optionIndex', n: { $sum: 1 } } },
      ]);
      const byOption = Object.fromEntries(stored.map((s: { _id: number; n: number }) => [s._id, s.n]));
      expect([0, 1, 2, 3].map((i) => byOption[i] ?? 0)).toEqual(perOption.map(Number));
      // The trending rank follows the persisted batches to the 500 votes.
      const expectedHot = trendingScore({ votes: 500, likes: 0, comments: 0, shares: 0 }, new Date(poll.createdAt));
      await until(
        async () => Math.abs(((await ctx().models.PollRank.findById(pollId).lean())?.hot ?? 0) - expectedHot) < 1e-9,
        10_000,
        'rank updated',
      );
    }, 60_000);

    it('rebuilds the counts from MongoDB after Redis lost them, and still refuses a second vote', async () => {
      const before = (await svc.app.inject({ url: `/api/polls/${pollId}`, headers: asMember(alice) })).json();
      // Flush the polls service's Redis state (its keys only: other suites share this Redis).
      const redis = svc.deps.redis;
      const all = await redis.keys('polls:*');
      expect(all.length).toBeGreaterThan(0);
      await redis.del(...all.map((k) => k.slice('polls:'.length)));
      expect(await redis.exists(keys.counts(pollId))).toBe(0);

      const after = (await svc.app.inject({ url: `/api/polls/${pollId}`, headers: asMember(members[7]!) })).json();
      expect(after.totalVotes).toBe(500);
      expect(after.options).toEqual(before.options);
      expect(after).toMatchObject({ hasVoted: true, userChoice: 7 % 4 });
      expect(await redis.hlen(keys.voters(pollId))).toBe(500);

      await redis.del(keys.counts(pollId), keys.voters(pollId));
      const repeat = await vote(svc.app, pollId, members[3]!, 0);
      expect(repeat.statusCode).toBe(409);
      const fresh = await vote(svc.app, pollId, newUserId(), 1);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().totalVotes).toBe(501);
      expect(fresh.json().voteCounts['1']).toBe(Number(before.options[1].votes) + 1);
    });
  });

  it("hides a banned creator's polls from votes and feeds as soon as the ban arrives, and shows them again on reactivation", async () => {
    const creator = newUserId();
    const admin = newUserId();
    const poll = await createPoll(svc.app, creator, { category: 'serbest-kursu', title: 'Yasaklanacak mı?' });
    const listed = async () =>
      (
        (await svc.app.inject({ url: '/api/polls?category=serbest-kursu&feed=new', headers: asVisitor() })).json() as {
          polls: { id: string }[];
        }
      ).polls.map((p) => p.id);
    // Read (and keep) the banned set first, so the ban has to replace what is kept.
    expect((await vote(svc.app, poll.id, newUserId(), 0)).statusCode).toBe(200);
    expect(await listed()).toContain(poll.id);

    await svc.deps.bus.publish(events.admin.userBanned, { userId: creator, by: admin, at: new Date().toISOString() });
    await until(
      async () => (await vote(svc.app, poll.id, newUserId(), 0)).statusCode === 404,
      5000,
      'vote refused after the ban',
    );
    expect((await vote(svc.app, poll.id, newUserId(), 1)).json()).toEqual({
      error: 'not_found',
      message: S.pollNotFound,
    });
    expect(await listed()).not.toContain(poll.id);

    await svc.deps.bus.publish(events.admin.userReactivated, {
      userId: creator,
      by: admin,
      at: new Date().toISOString(),
    });
    await until(
      async () => (await vote(svc.app, poll.id, newUserId(), 1)).statusCode === 200,
      5000,
      'vote taken after reactivation',
    );
    expect(await listed()).toContain(poll.id);
  });

  it('publishes live counts at once when quiet, at most once per interval under load, and ends on the exact counts', async () => {
    const interval = svc.app.polls.config.LIVE_COUNTS_INTERVAL_MS ?? 100;
    expect(interval).toBe(100);
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B'] });
    const liveCounts = collect<LiveCountsMessage>(svc.deps.nats, live.pollCounts);
    const mine = () => liveCounts.received.filter((m) => m.data.pollId === poll.id);
    const t0 = Date.now();
    expect((await vote(svc.app, poll.id, newUserId(), 0)).statusCode).toBe(200);
    await until(() => mine().length === 1, 2000, 'first live message');
    expect(mine()[0]!.at - t0).toBeLessThan(1000);
    expect(mine()[0]!.data).toMatchObject({ pollId: poll.id, voteCounts: { 0: 1, 1: 0 }, totalVotes: 1 });

    // 40 votes over about two seconds.
    for (let i = 0; i < 40; i++) {
      expect((await vote(svc.app, poll.id, newUserId(), i % 2)).statusCode).toBe(200);
      await busyFor(50); // paces the votes
    }
    // The trailing push carries the exact final counts.
    await until(() => mine().at(-1)?.data.totalVotes === 41, 5000, 'the trailing push');
    const messages = mine();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    // At most one per interval however long the votes took on a loaded machine (40 without the throttle).
    expect(messages.length).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - t0) / interval));
    expect(messages.length).toBeLessThan(41);
    // Spacing by the publisher's own clock (the `at` it stamps), so delivery jitter cannot blur it; on average, since
    // a trailing push stamps its time after reading the counts, which a loaded machine may delay.
    const spread = Date.parse(messages.at(-1)!.data.at) - Date.parse(messages[0]!.data.at);
    expect(spread / (messages.length - 1)).toBeGreaterThanOrEqual(interval * 0.75);
    expect(messages[messages.length - 1]!.data).toMatchObject({ voteCounts: { 0: 21, 1: 20 }, totalVotes: 41 });
    liveCounts.stop();
  });
});
