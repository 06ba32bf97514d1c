/**
 * Votes MongoDB stored that Redis lost (what a master that stalled, was failed over and woke up drops when Sentinel
 * makes it a replica; `npm run chaos:cluster` with CHAOS_FAULTS=redis-stall does it for real) are counted again once
 * the polls process's Redis connection comes back, and reconciling twice counts nothing twice. Real NATS, Redis and
 * MongoDB-wire; the loss is made by taking the votes back in Redis only, the reconnection by dropping the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drained } from '@meydan/testing';
import { reconcileVotes, RECONCILE_LOOKBACK_MS } from '../src/jobs/reconcile-votes.js';
import { keys } from '../src/store/keys.js';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

describe('reconciling the vote counters with MongoDB', () => {
  let svc: PollsTestService;
  beforeAll(async () => {
    svc = await startPolls();
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  const total = async (pollId: string) => Number(await ctx().redis.hget(keys.counts(pollId), 't'));
  const stored = (pollId: string) => ctx().models.Vote.countDocuments({ pollId });

  /** A poll with `count` member votes on option 1, each stored in MongoDB. */
  async function votedPoll(count: number) {
    const poll = await createPoll(svc.app, newUserId());
    const voters = Array.from({ length: count }, () => newUserId());
    for (const userId of voters) expect((await vote(svc.app, poll.id, userId, 1)).statusCode).toBe(200);
    await until(async () => (await stored(poll.id)) === count, 10_000, 'votes stored');
    // Stored is not done: the consumer checks the counters after each batch it stores, then acknowledges it. A check
    // still under way would count again the votes the tests take back from Redis.
    await drained(svc.deps, 'polls--persist-votes');
    return { poll, voters };
  }

  it('counts again, after Redis reconnects, the stored votes Redis lost', async () => {
    const { poll, voters } = await votedPoll(4);
    // Two of the four gone from Redis only, as a dropped write leaves them.
    for (const userId of voters.slice(0, 2)) await ctx().counters.undo(poll.id, `u:${userId}`, [1]);
    expect(await total(poll.id)).toBe(2);

    ctx().redis.disconnect(true);
    await until(
      async () => ctx().redis.status === 'ready' && (await total(poll.id)) === 4,
      15_000,
      'counters reconciled',
    );
    expect(await ctx().redis.hgetall(keys.counts(poll.id))).toMatchObject({ '0': '0', '1': '4', t: '4' });
    expect(await ctx().redis.hget(keys.voters(poll.id), `u:${voters[0]}`)).toBe('1');
  });

  it('counts nothing twice, and leaves votes stored before the look-back alone', async () => {
    const { poll, voters } = await votedPoll(3);
    expect(await reconcileVotes(ctx(), new Date(Date.now() - RECONCILE_LOOKBACK_MS))).toBe(0);
    expect(await total(poll.id)).toBe(3);

    await ctx().counters.undo(poll.id, `u:${voters[0]}`, [1]);
    expect(await reconcileVotes(ctx(), new Date(Date.now() + 60_000))).toBe(0);
    expect(await total(poll.id)).toBe(2);
    expect(await reconcileVotes(ctx(), new Date(Date.now() - RECONCILE_LOOKBACK_MS))).toBe(1);
    expect(await total(poll.id)).toBe(3);
  });
});
