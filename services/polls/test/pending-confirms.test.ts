/**
 * A voter's pending mark belongs to their latest Redis step. The acknowledgement of an earlier step, sent later (the
 * confirmations of a moment go out together, after its answers), leaves a newer step's mark in place: a take-back whose
 * event then failed to publish is still published by the pending-votes job, and MongoDB ends where Redis is. Found by
 * `npm run chaos:cluster` (a take-back answered 503 while the stream leader was re-elected, MongoDB one vote over Redis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drained } from '@meydan/testing';
import { sweepPendingVotes } from '../src/jobs/pending-votes.js';
import { keys } from '../src/store/keys.js';
import { publishVote, voteEventOf } from '../src/usecases/vote-events.js';
import { createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

describe('pending marks and their confirmations', () => {
  let svc: PollsTestService;
  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("leave a later step's mark when an earlier step's confirmation comes late, so the job still publishes that step", async () => {
    const ctx = svc.app.polls;
    const poll = await createPoll(svc.app, newUserId(), { options: ['A', 'B', 'C'], allowVoteChange: true });
    const meta = (await ctx.polls.meta(poll.id))!;
    const [voter, other] = [`u:${newUserId()}`, `u:${newUserId()}`];

    // The vote: counted, published, stored; its confirmation not sent yet.
    const voted = await ctx.counters.cast(poll.id, 3, voter, [1]);
    if (voted.status !== 'counted') throw new Error(`vote: ${voted.status}`);
    await publishVote(ctx, voteEventOf(meta, voter, voted.choice), 'test-vote');
    await until(
      async () => (await ctx.models.Vote.countDocuments({ pollId: poll.id, voter })) === 1,
      10_000,
      'the vote stored',
    );
    // The take-back: counted in Redis, its event not published (JetStream refused it): it stays pending.
    const taken = await ctx.voteChanges.change(poll.id, 3, voter, [], 'take');
    if (taken.status !== 'changed') throw new Error(`take-back: ${taken.status}`);
    const mark = await svc.deps.redis.zscore(keys.pending(poll.id), voter);
    expect(mark).not.toBeNull();

    // The vote's confirmation arrives now, in one batch with another voter's.
    const otherVote = await ctx.counters.cast(poll.id, 3, other, [0]);
    if (otherVote.status !== 'counted') throw new Error(`other vote: ${otherVote.status}`);
    ctx.counters.confirm(poll.id, voter, voted.stamp);
    ctx.counters.confirm(poll.id, other, otherVote.stamp);
    await until(
      async () => ((await svc.deps.redis.zscore(keys.pending(poll.id), other)) === null ? true : null),
      10_000,
      'the batch of confirmations sent',
    );
    expect(await svc.deps.redis.zscore(keys.pending(poll.id), voter)).toBe(mark);

    // The job publishes the take-back: MongoDB loses the vote, as Redis did.
    expect(await sweepPendingVotes(ctx, Date.now() + 1_000, 0)).toBe(1);
    await drained(svc.deps, 'polls--persist-votes');
    await until(
      async () => (await ctx.models.Vote.countDocuments({ pollId: poll.id, voter })) === 0,
      10_000,
      'the take-back stored',
    );
    expect(await svc.deps.redis.zscore(keys.pending(poll.id), voter)).toBeNull();
    expect(await svc.deps.redis.hget(keys.counts(poll.id), 't')).toBe('1');
  });
});
