import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, subjects } from '@meydan/proto';
import { asMember, drained } from '@meydan/testing';
import { keys } from '../src/store/keys.js';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

describe("polls: a member's polls and votes", () => {
  let svc: PollsTestService;

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('exports them, and when the account is deleted removes the polls and keeps the votes in the counts without a name', async () => {
    const gone = newUserId();
    const other = newUserId();
    const own = await createPoll(svc.app, gone, { title: 'Benim sorum', options: ['Evet', 'Hayır'] });
    const theirs = await createPoll(svc.app, other, { title: 'Onların sorusu', options: ['Kedi', 'Köpek'] });
    expect((await vote(svc.app, theirs.id, gone, 1)).statusCode).toBe(200);

    const exported = await until(
      async () => {
        const answer = await svc.deps.bus.request(
          subjects.polls.userExport,
          { userId: gone },
          { requestId: 'test' },
          2000,
        );
        return answer.votes.length === 1 ? answer : null;
      },
      20_000,
      'vote persisted',
    );
    expect(exported.polls.map((p) => [p.id, p.title, p.options])).toEqual([[own.id, 'Benim sorum', ['Evet', 'Hayır']]]);
    expect(exported.votes[0]).toMatchObject({
      pollId: theirs.id,
      pollTitle: 'Onların sorusu',
      optionIndex: 1,
      option: 'Köpek',
    });

    await svc.deps.bus.publish(
      events.auth.userDeleted,
      { userId: gone, at: new Date().toISOString() },
      { requestId: 'test' },
    );
    const { Poll, Vote } = svc.app.polls.models;
    await vi.waitFor(async () => expect(await Poll.exists({ _id: own.id })).toBeNull(), {
      timeout: 15_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await Vote.countDocuments({ userId: gone })).toBe(0), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await Vote.countDocuments({ pollId: theirs.id })).toBe(1);
    expect(await Poll.exists({ _id: theirs.id })).toBeTruthy();
  });

  it("keeps a deleted member's votes counted once under a pseudonym, in MongoDB and in Redis, however often the event comes", async () => {
    const gone = newUserId();
    const other = newUserId();
    const poll = await createPoll(svc.app, newUserId(), { options: ['Kedi', 'Köpek'] });
    expect((await vote(svc.app, poll.id, gone, 1)).statusCode).toBe(200);
    expect((await vote(svc.app, poll.id, other, 0)).statusCode).toBe(200);
    const { Vote } = svc.app.polls.models;
    await until(async () => (await Vote.countDocuments({ pollId: poll.id })) === 2, 20_000, 'votes persisted');
    const stored = (await Vote.findOne({ pollId: poll.id, userId: gone }).lean())!;
    const redis = svc.deps.redis;

    const deleted = { userId: gone, at: new Date().toISOString() };
    await svc.deps.bus.publish(events.auth.userDeleted, deleted, { requestId: 'test' });
    const pseudonym = `d:${String(stored._id)}`;
    await vi.waitFor(async () => expect((await Vote.findById(stored._id).lean())?.voter).toBe(pseudonym), {
      timeout: 15_000,
      interval: 100,
    });
    // Nothing stored names the account any more; the counts and the other voter are as they were.
    expect(await Vote.countDocuments({ voter: `u:${gone}` })).toBe(0);
    expect(await Vote.findById(stored._id).lean()).toMatchObject({ userId: null, optionIndex: 1 });
    expect(await redis.hget(keys.voters(poll.id), `u:${gone}`)).toBeNull();
    expect(await redis.hget(keys.voters(poll.id), pseudonym)).toBe('1');
    expect(await redis.hgetall(keys.counts(poll.id))).toMatchObject({ '0': '1', '1': '1', t: '2' });

    // The event again (a redelivery) changes nothing; counters rebuilt from MongoDB count the same two votes once.
    await svc.deps.bus.publish(events.auth.userDeleted, deleted, { requestId: 'test-again' });
    await drained(svc.deps, 'polls--member-deleted');
    expect(await Vote.countDocuments({ pollId: poll.id })).toBe(2);
    await redis.del(keys.counts(poll.id), keys.voters(poll.id));
    const rebuilt = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(other) })).json();
    expect(rebuilt).toMatchObject({ totalVotes: 2, hasVoted: true, userChoice: 0 });
    expect(rebuilt.options.map((o: { votes: number }) => o.votes)).toEqual([1, 1]);
    expect(await redis.hkeys(keys.voters(poll.id))).toEqual(expect.arrayContaining([pseudonym, `u:${other}`]));
    expect(await redis.hlen(keys.voters(poll.id))).toBe(2);
  });
  it("keeps a member's poll and vote counts in Redis, dropped by a new poll, a stored vote and a removed poll", async () => {
    const member = newUserId();
    const other = newUserId();
    const counts = () =>
      svc.deps.bus.request(subjects.polls.userCounts, { userId: member }, { requestId: 'test' }, 2000);
    const counted: string[] = [];
    const mongo = svc.deps.mongo;
    mongo.set('debug', (collection: string, method: string) => {
      if (method === 'countDocuments' && (collection === 'polls' || collection === 'votes')) counted.push(collection);
    });
    try {
      expect(await counts()).toEqual({ pollsCount: 0, votesCount: 0 });
      counted.length = 0;
      expect(await counts()).toEqual({ pollsCount: 0, votesCount: 0 });
      expect(counted).toEqual([]);
    } finally {
      mongo.set('debug', false);
    }

    const own = await createPoll(svc.app, member, { title: 'Benim sorum' });
    expect(await counts()).toEqual({ pollsCount: 1, votesCount: 0 });
    const theirs = await createPoll(svc.app, other, { title: 'Onların sorusu' });
    expect((await vote(svc.app, theirs.id, member, 0)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await counts()).toEqual({ pollsCount: 1, votesCount: 1 }), {
      timeout: 20_000,
      interval: 100,
    });

    // Their poll goes, and the member's vote with it; then the member's own poll.
    expect(
      (await svc.app.inject({ method: 'DELETE', url: `/api/polls/${theirs.id}`, headers: asMember(other) })).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual({ pollsCount: 1, votesCount: 0 });
    expect(
      (await svc.app.inject({ method: 'DELETE', url: `/api/polls/${own.id}`, headers: asMember(member) })).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual({ pollsCount: 0, votesCount: 0 });
  });
});
