/**
 * A vote counted in Redis whose event never reached JetStream (the process died between the two steps, or its
 * take-back failed after a failed publish) is not lost: the voter's next try publishes what was counted. And the vote's
 * Redis step sent again by the client after a lost connection (Redis ran it, its answer was lost) is counted once and
 * answered as counted, not as already voted.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '@meydan/proto';
import { drained } from '@meydan/testing';
import { keys } from '../src/store/keys.js';
import { collect, createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

describe('a vote counted but not published', () => {
  let svc: PollsTestService;
  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("is published by the voter's next try, with the counted choice, and stored once", async () => {
    const ctx = svc.app.polls;
    const alice = newUserId();
    const bob = newUserId();
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'] });
    const published = collect(svc.deps.nats, events.polls.voteCast);
    // The Lua step alone, as if the process had died before publishing.
    expect(await ctx.counters.cast(poll.id, 3, `u:${bob}`, [1])).toMatchObject({ status: 'counted', choice: [1] });
    await published.flush();
    expect(published.received).toHaveLength(0);

    const retried = await vote(svc.app, poll.id, bob, 2);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error).toBe('already_voted');
    await until(
      async () => (await ctx.models.Vote.countDocuments({ pollId: poll.id })) === 1,
      10_000,
      'the counted vote persisted',
    );
    expect(await ctx.models.Vote.findOne({ pollId: poll.id }).lean()).toMatchObject({
      voter: `u:${bob}`,
      optionIndex: 1,
    });
    expect(published.received.map((m) => m.data)).toMatchObject([
      { pollId: poll.id, voter: `u:${bob}`, optionIndex: 1 },
    ]);

    // Another try publishes under the same message id: JetStream keeps the first, the votes collection one vote.
    const jsm = await svc.deps.nats.jetstreamManager();
    const before = (await jsm.streams.info('EVENTS')).state.messages;
    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(409);
    expect((await jsm.streams.info('EVENTS')).state.messages).toBe(before);
    await drained(svc.deps, 'polls--persist-votes');
    expect(await ctx.models.Vote.countDocuments({ pollId: poll.id })).toBe(1);
    published.stop();
  });

  it('answers the same Redis step run twice (a resend after a lost answer) as counted, counting it once', async () => {
    const ctx = svc.app.polls;
    const poll = await createPoll(svc.app, newUserId(), { options: ['A', 'B', 'C'] });
    const voter = `u:${newUserId()}`;
    // ioredis sends the very command again, arguments and all: the same stamp (time and random fraction) among them.
    const at = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(at);
    const fraction = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const first = await ctx.counters.cast(poll.id, 3, voter, [1]);
      const again = await ctx.counters.cast(poll.id, 3, voter, [1]);
      expect(first).toMatchObject({ status: 'counted', choice: [1], counts: { total: 1, votes: [0, 1, 0] } });
      expect(again).toEqual(first);
      // Another ballot in that step, or the same one in another try (the voter's own second try, even within the same
      // millisecond: another stamp), or a moment later: already voted.
      expect(await ctx.counters.cast(poll.id, 3, voter, [2])).toMatchObject({ status: 'duplicate', choice: [1] });
      fraction.mockReturnValue(0.75);
      expect(await ctx.counters.cast(poll.id, 3, voter, [1])).toMatchObject({ status: 'duplicate', choice: [1] });
      now.mockReturnValue(at + 1);
      fraction.mockReturnValue(0.5);
      expect(await ctx.counters.cast(poll.id, 3, voter, [1])).toMatchObject({ status: 'duplicate', choice: [1] });
    } finally {
      now.mockRestore();
      fraction.mockRestore();
    }
    expect(await svc.deps.redis.hget(keys.counts(poll.id), 't')).toBe('1');
  });

  it('answers a change or a take-back whose Redis step ran twice as made once', async () => {
    const ctx = svc.app.polls;
    const poll = await createPoll(svc.app, newUserId(), { options: ['A', 'B', 'C'], allowVoteChange: true });
    const voter = `u:${newUserId()}`;
    expect(await ctx.counters.cast(poll.id, 3, voter, [0])).toMatchObject({ status: 'counted' });
    const at = Date.now() + 1;
    const now = vi.spyOn(Date, 'now').mockReturnValue(at);
    const fraction = vi.spyOn(Math, 'random').mockReturnValue(0.25);
    try {
      const moved = await ctx.voteChanges.change(poll.id, 3, voter, [2], 'change');
      expect(moved).toMatchObject({
        status: 'changed',
        from: [0],
        choice: [2],
        counts: { total: 1, votes: [0, 0, 1] },
      });
      expect(await ctx.voteChanges.change(poll.id, 3, voter, [2], 'change')).toEqual(moved);
      // The voter asking for the ballot they now have, a moment later: the same ballot, refused.
      now.mockReturnValue(at + 1);
      expect(await ctx.voteChanges.change(poll.id, 3, voter, [2], 'change')).toMatchObject({ status: 'same' });
      now.mockReturnValue(at + 2);
      const taken = await ctx.voteChanges.change(poll.id, 3, voter, [], 'take');
      expect(taken).toMatchObject({ status: 'changed', from: [2], choice: [], counts: { total: 0, votes: [0, 0, 0] } });
      expect(await ctx.voteChanges.change(poll.id, 3, voter, [], 'take')).toEqual(taken);
      // The same take-back again in another try within that millisecond: nothing left to take back.
      fraction.mockReturnValue(0.5);
      expect(await ctx.voteChanges.change(poll.id, 3, voter, [], 'take')).toMatchObject({ status: 'not_voted' });
    } finally {
      now.mockRestore();
      fraction.mockRestore();
    }
    expect(await svc.deps.redis.hget(keys.counts(poll.id), 't')).toBe('0');
  });
});
