/**
 * Changed votes exactly once under faults (issue 38), on real NATS, Redis and MongoDB-wire: a redelivered change
 * changes nothing, changes delivered out of order end where the highest sequence number says (a first vote arriving
 * after them too), a change counted but never acknowledged is published by the pending-votes job, and the counters
 * rebuilt from MongoDB after a mix of votes, changes and take-backs equal the live ones.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, type VoteChangedEvent } from '@meydan/proto';
import { asMember, drained } from '@meydan/testing';
import { sweepPendingVotes } from '../src/jobs/pending-votes.js';
import { keys } from '../src/store/keys.js';
import { applyVoteChanges, matchVotes } from '../src/store/vote-change-records.js';
import { voteIdOf } from '../src/store/vote-records.js';
import type { VoteSeqDoc } from '../src/model/index.js';
import { Types } from 'mongoose';
import { collect, createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

describe('changed votes under redelivery, reordering and lost acknowledgements', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  beforeAll(async () => {
    // The job's own timer is kept out of the way: the test sweeps when it means to.
    svc = await startPolls({ POLLS_PENDING_SWEEP_MS: 3_600_000 });
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  /** Every poll of these tests is new: its votes go under derived _ids. */
  const derivedIds = () => true;
  const ask = (method: 'POST' | 'PUT' | 'DELETE', pollId: string, userId: string, payload?: Record<string, unknown>) =>
    svc.app.inject({
      method,
      url: `/api/polls/${pollId}/vote`,
      headers: asMember(userId),
      ...(payload ? { payload } : {}),
    });
  const storedBallots = async (pollId: string) =>
    Object.fromEntries(
      (await ctx().models.Vote.find({ pollId }).lean()).map((v) => [
        v.voter,
        v.optionIndexes?.length ? v.optionIndexes : [v.optionIndex],
      ]),
    );
  const redisState = async (pollId: string) => {
    const r = svc.deps.redis;
    return {
      counts: await r.hgetall(keys.counts(pollId)),
      voters: await r.hgetall(keys.voters(pollId)),
      seqs: await r.hgetall(keys.seqs(pollId)),
      flows: await r.hgetall(keys.flows(pollId)),
    };
  };
  const settled = async () => {
    await drained(svc.deps, 'polls--persist-votes');
    await drained(svc.deps, 'polls--persist-vote-changes');
  };
  const change = (
    pollId: string,
    voter: string,
    seq: number,
    from: number[] | null,
    to: number[] | null,
  ): VoteChangedEvent => ({
    pollId,
    creatorId: alice,
    voter,
    userId: voter.slice(2),
    seq,
    from,
    to,
    at: new Date().toISOString(),
  });

  it('applies a redelivered change once: MongoDB, the flows records and Redis stay as they were', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
    const voter = newUserId();
    const published = collect<VoteChangedEvent>(svc.deps.nats, events.polls.voteChanged);
    await published.flush();
    expect((await ask('POST', poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    expect((await ask('PUT', poll.id, voter, { optionIndex: 1 })).statusCode).toBe(200);
    expect((await ask('PUT', poll.id, voter, { optionIndex: 2 })).statusCode).toBe(200);
    await until(async () => (await storedBallots(poll.id))[`u:${voter}`]?.[0] === 2, 15_000, 'changes stored');
    await until(
      () => published.received.filter((m) => m.data.pollId === poll.id).length === 2,
      5000,
      'both change events',
    );
    published.stop();
    const [first, second] = published.received.filter((m) => m.data.pollId === poll.id).map((m) => m.data) as [
      VoteChangedEvent,
      VoteChangedEvent,
    ];
    await settled();
    const before = {
      mongo: await storedBallots(poll.id),
      redis: await redisState(poll.id),
      records: await ctx().models.VoteChange.countDocuments({ pollId: poll.id }),
    };
    expect(before.records).toBe(2);

    // Both changes again, exactly as they went out, past JetStream's dedupe (other message ids), the older one last.
    await svc.deps.bus.publish(events.polls.voteChanged, second, { msgId: `again-2-${poll.id}` });
    await svc.deps.bus.publish(events.polls.voteChanged, first, { msgId: `again-1-${poll.id}` });
    await settled();
    expect(await storedBallots(poll.id)).toEqual(before.mongo);
    expect(await redisState(poll.id)).toEqual(before.redis);
    expect(await ctx().models.VoteChange.countDocuments({ pollId: poll.id })).toBe(2);
    expect((await ctx().models.VoteSeq.findById(`${poll.id}:u:${voter}`).lean())?.seq).toBe(second.seq);
    expect(second.seq).toBeGreaterThan(first.seq);
  });

  it('applies changes delivered out of order in sequence order, a first vote arriving last included', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
    const [moved, gone] = [`u:${newUserId()}`, `u:${newUserId()}`];
    const bus = svc.deps.bus;
    // moved: voted A, then C, took it back, voted B (seq 3); gone: voted A, took it back (seq 1). The changes come
    // first, newest first; the first votes after them.
    await bus.publish(events.polls.voteChanged, change(poll.id, moved, 3, null, [1]), { msgId: `m3-${poll.id}` });
    await bus.publish(events.polls.voteChanged, change(poll.id, gone, 1, [0], null), { msgId: `g1-${poll.id}` });
    await bus.publish(events.polls.voteChanged, change(poll.id, moved, 1, [0], [2]), { msgId: `m1-${poll.id}` });
    await bus.publish(events.polls.voteChanged, change(poll.id, moved, 2, [2], null), { msgId: `m2-${poll.id}` });
    await settled();
    for (const voter of [moved, gone]) {
      await bus.publish(
        events.polls.voteCast,
        {
          pollId: poll.id,
          creatorId: alice,
          voter,
          userId: voter.slice(2),
          optionIndex: 0,
          at: new Date().toISOString(),
        },
        { msgId: `cast-${voter}` },
      );
    }
    await settled();
    expect(await storedBallots(poll.id)).toEqual({ [moved]: [1] });
    const seqs = await ctx().models.VoteSeq.find({ pollId: poll.id }).lean();
    expect(Object.fromEntries(seqs.map((r) => [r.voter, [r.seq, r.ballot ?? null]]))).toEqual({
      [moved]: [3, [1]],
      [gone]: [1, null],
    });
    // Redis learned the changes its own steps never made, each voter at their highest seq: only moved's B counts.
    const redis = await redisState(poll.id);
    expect(redis.voters).toEqual({ [moved]: '1' });
    expect(redis.counts).toMatchObject({ '0': '0', '1': '1', '2': '0', t: '1' });
    expect(Object.fromEntries(Object.entries(redis.seqs).map(([v, s]) => [v, s.split('|')[0]]))).toEqual({
      [moved]: '3',
      [gone]: '1',
    });
  });

  it('ends a vote as the newest change left it when a replica that read an older change writes after the newer one was applied', async () => {
    // Two replicas apply one voter's changes at once (seen in the cluster chaos run): one applied the take-back (seq 2),
    // the other had read the move before it (seq 1) and writes that ballot after the take-back's delete.
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
    const voter = `u:${newUserId()}`;
    await applyVoteChanges(ctx(), [change(poll.id, voter, 2, [2], null)], new Date(), derivedIds);
    expect(await storedBallots(poll.id)).toEqual({});
    const readBefore = {
      _id: `${poll.id}:${voter}`,
      pollId: new Types.ObjectId(poll.id),
      voter,
      userId: voter.slice(2),
      seq: 1,
      ballot: [2],
      from: [0],
      at: new Date(),
    };
    await matchVotes(ctx(), [readBefore as unknown as VoteSeqDoc], new Date(), derivedIds);
    expect(await storedBallots(poll.id)).toEqual({});
  });

  it("keeps a take-back whose sequence record's first insert lost the race to another replica's older change", async () => {
    // Two replicas apply one voter's first change (seq 1) and take-back (seq 2) at once, no record stored yet: both
    // upserts find none, the change's insert lands first and the take-back's hits its _id (seen in the cluster chaos
    // run). That lost race is played here: the change's record goes in just before the take-back's upsert, which then
    // gets the server's own duplicate-key error, as the losing upsert does.
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
    const voter = `u:${newUserId()}`;
    const VoteSeq = ctx().models.VoteSeq.collection;
    const older = change(poll.id, voter, 1, [0], [1]);
    const spy = vi.spyOn(VoteSeq, 'updateOne').mockImplementationOnce((async () => {
      await applyVoteChanges(ctx(), [older], new Date(), derivedIds);
      return VoteSeq.insertOne({ _id: `${poll.id}:${voter}` as never });
    }) as never);
    try {
      await applyVoteChanges(ctx(), [change(poll.id, voter, 2, [1], null)], new Date(), derivedIds);
    } finally {
      spy.mockRestore();
    }
    expect((await ctx().models.VoteSeq.findById(`${poll.id}:${voter}`).lean())?.seq).toBe(2);
    expect(await storedBallots(poll.id)).toEqual({});
  });

  it('publishes a change counted but never acknowledged (a move and a take-back), and MongoDB then has it', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B'], allowVoteChange: true });
    const [mover, leaver] = [newUserId(), newUserId()];
    for (const v of [mover, leaver]) expect((await ask('POST', poll.id, v, { optionIndex: 0 })).statusCode).toBe(200);
    await until(async () => Object.keys(await storedBallots(poll.id)).length === 2, 15_000, 'first votes stored');
    // What a process killed right after the change's Lua step leaves: counted and pending, no event.
    expect((await ctx().voteChanges.change(poll.id, 2, `u:${mover}`, [1], 'change')).status).toBe('changed');
    expect((await ctx().voteChanges.change(poll.id, 2, `u:${leaver}`, [], 'take')).status).toBe('changed');
    expect((await ctx().redis.zrange(keys.pending(poll.id), 0, -1)).sort()).toEqual(
      [`u:${leaver}`, `u:${mover}`].sort(),
    );

    // A mark's score is its step's millisecond and a fraction of one (attempt-stamp.ts): a sweep in that same
    // millisecond looks up to its end.
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(2);
    await until(
      async () => JSON.stringify(await storedBallots(poll.id)) === JSON.stringify({ [`u:${mover}`]: [1] }),
      15_000,
      'pending changes stored',
    );
    expect(await ctx().redis.zrange(keys.pending(poll.id), 0, -1)).toEqual([]);
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(0);
    // The voters go on: the next change has a higher seq, and is applied.
    const published = (await ctx().models.VoteSeq.findById(`${poll.id}:u:${mover}`).lean())!.seq;
    const again = await ask('PUT', poll.id, mover, { optionIndex: 0 });
    expect(again.statusCode, again.body).toBe(200);
    await until(
      async () => ((await ctx().models.VoteSeq.findById(`${poll.id}:u:${mover}`).lean())?.seq ?? 0) > published,
      15_000,
      'the next change applied',
    );
    await until(
      async () => (await storedBallots(poll.id))[`u:${mover}`]?.[0] === 0,
      15_000,
      'the vote moved in MongoDB',
    );
  });

  it('answers a change whose event JetStream did not take with a Turkish 503, keeps it pending, and the job publishes it', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B'], allowVoteChange: true });
    const voter = newUserId();
    expect((await ask('POST', poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    await until(async () => (await storedBallots(poll.id))[`u:${voter}`]?.[0] === 0, 15_000, 'the vote stored');
    const bus = svc.deps.bus;
    const publish = bus.publishReliably.bind(bus) as unknown as (...args: unknown[]) => Promise<unknown>;
    const refuse = vi.spyOn(bus, 'publishReliably').mockImplementation((async (subject: string, ...rest: unknown[]) => {
      if (subject === events.polls.voteChanged) throw new Error('JetStream away');
      return publish(subject, ...rest);
    }) as unknown as typeof bus.publishReliably);
    const res = await ask('PUT', poll.id, voter, { optionIndex: 1 });
    refuse.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: 'event_not_published',
      message: 'İşlemin kaydedildi ama şu anda duyurulamadı. Lütfen biraz sonra sayfayı yenileyip kontrol et.',
    });
    // Made, not yet announced: counted and pending, MongoDB still has the first vote.
    expect(await svc.deps.redis.hget(keys.voters(poll.id), `u:${voter}`)).toBe('1');
    expect(await ctx().redis.zrange(keys.pending(poll.id), 0, -1)).toEqual([`u:${voter}`]);
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(1);
    await until(async () => (await storedBallots(poll.id))[`u:${voter}`]?.[0] === 1, 15_000, 'the change stored');
    expect(await ctx().redis.zrange(keys.pending(poll.id), 0, -1)).toEqual([]);
  });

  it('never hands out again a sequence number Redis lost with its last writes: the next change is still applied', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
    const voter = newUserId();
    expect((await ask('POST', poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    expect((await ask('PUT', poll.id, voter, { optionIndex: 1 })).statusCode).toBe(200);
    await until(async () => (await storedBallots(poll.id))[`u:${voter}`]?.[0] === 1, 15_000, 'the change stored');
    await settled();
    const lost = (await ctx().models.VoteSeq.findById(`${poll.id}:u:${voter}`).lean())!.seq;
    // A failover's new master never had the change: the voter's sequence (and ballot) as before it.
    await svc.deps.redis.hdel(keys.seqs(poll.id), `u:${voter}`);
    await svc.deps.redis.hset(keys.voters(poll.id), `u:${voter}`, '0');
    await svc.deps.redis.hincrby(keys.counts(poll.id), '1', -1);
    await svc.deps.redis.hincrby(keys.counts(poll.id), '0', 1);
    // The voter moves on before any reconciliation: their change gets a seq above the lost one, and MongoDB takes it.
    expect((await ask('PUT', poll.id, voter, { optionIndex: 2 })).statusCode).toBe(200);
    expect(Number((await svc.deps.redis.hget(keys.seqs(poll.id), `u:${voter}`))!.split('|')[0])).toBeGreaterThan(lost);
    await until(async () => (await storedBallots(poll.id))[`u:${voter}`]?.[0] === 2, 15_000, 'the next change applied');
    await settled();
    expect((await redisState(poll.id)).counts).toMatchObject({ '0': '0', '1': '0', '2': '1', t: '1' });
  });

  it('rebuilds from MongoDB, after a mix of votes, changes and take-backs, the counters, sequences and flows Redis had', async () => {
    const poll = await createPoll(svc.app, alice, {
      options: ['A', 'B', 'C', 'D'],
      maxChoices: 2,
      allowVoteChange: true,
    });
    let seed = 38;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const voters = Array.from({ length: 24 }, () => newUserId());
    // Each voter's steps in order, the voters at once: a vote, then up to four changes, take-backs and votes again.
    const plans = voters.map(() => Array.from({ length: 1 + random(5) }, () => random(3)));
    const ballot = () => [...new Set([random(4), random(4)])].slice(0, 1 + random(2));
    await Promise.all(
      voters.map(async (voter, i) => {
        let hasBallot = false;
        for (const [k, step] of plans[i]!.entries()) {
          const res: Awaited<ReturnType<typeof ask>> =
            k === 0 || !hasBallot
              ? await ask('POST', poll.id, voter, { optionIndexes: ballot() })
              : step === 0
                ? await ask('DELETE', poll.id, voter)
                : await ask('PUT', poll.id, voter, { optionIndexes: ballot() });
          // The same ballot again is refused (409) and changes nothing; everything else goes through.
          expect([200, 409], res.body).toContain(res.statusCode);
          if (res.statusCode === 200) hasBallot = res.json().hasVoted;
        }
      }),
    );
    const live = await redisState(poll.id);
    expect(Object.keys(live.seqs).length).toBeGreaterThan(5);
    await until(
      async () => Object.keys(await storedBallots(poll.id)).length === Object.keys(live.voters).length,
      20_000,
      'MongoDB has every ballot',
    );
    await settled();
    // MongoDB's ballots are Redis's, and so are the counts they add up to and the API's.
    const mongo = await storedBallots(poll.id);
    expect(Object.fromEntries(Object.entries(mongo).map(([v, b]) => [v, b.join(',')]))).toEqual(live.voters);
    const fromMongo = [0, 0, 0, 0];
    for (const b of Object.values(mongo)) for (const o of b) fromMongo[o]!++;
    const api = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json();
    expect(api.options.map((o: { votes: number }) => o.votes)).toEqual(fromMongo);
    expect(fromMongo.map((_, i) => Number(live.counts[String(i)]))).toEqual(fromMongo);
    expect(Number(live.counts['t'])).toBe(Object.keys(mongo).length);

    // Redis loses the poll's hashes: rebuilt from MongoDB they are what they were.
    await svc.deps.redis.del(keys.counts(poll.id), keys.voters(poll.id), keys.seqs(poll.id), keys.flows(poll.id));
    await ctx().counters.countsOfOne({ id: poll.id, optionsCount: 4, expiresAt: new Date(poll.expiresAt!) });
    expect(await redisState(poll.id)).toEqual(live);
    // And the voters go on from where they were: a change after the rebuild takes a higher seq.
    const someone = Object.keys(live.voters)[0]!;
    const last = Number(live.seqs[someone]?.split('|')[0] ?? 0);
    expect((await ask('DELETE', poll.id, someone.slice(2))).statusCode).toBe(200);
    expect(Number((await svc.deps.redis.hget(keys.seqs(poll.id), someone))!.split('|')[0])).toBeGreaterThan(last);
  }, 90_000);

  // Every poll made now stores its votes under _ids made from poll and voter; polls from before, by poll and voter.
  for (const derived of [true, false]) {
    it(`applies a batch of many voters’ changes in a few commands, not a round trip per voter (${derived ? 'votes by derived _id, unread' : 'an older poll’s votes, read once'})`, async () => {
      const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
      const voters = Array.from({ length: 60 }, () => `u:${newUserId()}`);
      const pollId = new Types.ObjectId(poll.id);
      await ctx().models.Vote.insertMany(
        voters.map((voter) => ({
          ...(derived ? { _id: voteIdOf(poll.id, voter) } : {}),
          pollId,
          voter,
          userId: voter.slice(2),
          optionIndex: 0,
          votedAt: new Date(),
          persistedAt: new Date(),
        })),
      );
      // Half move to B, half are taken back.
      const batch = voters.map((voter, i) => change(poll.id, voter, 1, [0], i % 2 ? null : [1]));
      const Vote = ctx().models.Vote.collection;
      const VoteSeq = ctx().models.VoteSeq.collection;
      // The votes: never one command per voter (the sequence records are: one update by _id each).
      const perVoter = [
        vi.spyOn(Vote, 'findOne'),
        vi.spyOn(Vote, 'replaceOne'),
        vi.spyOn(Vote, 'deleteOne'),
        vi.spyOn(Vote, 'updateOne'),
        vi.spyOn(VoteSeq, 'findOne'),
      ];
      const batched = [vi.spyOn(Vote, 'find'), vi.spyOn(Vote, 'bulkWrite')];
      // Only this poll's commands count: the consumers of the earlier tests' polls may still be at work beside it.
      const ours = (spy: { mock: { calls: unknown[][] } }) =>
        spy.mock.calls.filter((call) => JSON.stringify(call[0]).includes(poll.id)).length;
      await settled();
      try {
        await applyVoteChanges(ctx(), batch, new Date(), () => derived);
        expect(perVoter.map(ours)).toEqual([0, 0, 0, 0, 0]);
        // Derived ids: no read at all; an older poll: one read of the batch's voters.
        expect(batched.map(ours)).toEqual([derived ? 0 : 1, 1]);
      } finally {
        for (const spy of [...perVoter, ...batched]) spy.mockRestore();
      }
      const stored = await storedBallots(poll.id);
      expect(Object.keys(stored)).toHaveLength(30);
      expect(Object.values(stored).every((b) => b.join() === '1')).toBe(true);
    });
  }
});
