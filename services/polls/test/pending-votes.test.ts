/**
 * A vote counted in Redis whose process was killed before JetStream acknowledged its event (the window between the
 * Lua step and the publish): the pending-votes job publishes it, so MongoDB ends up with it as Redis has it; a vote
 * acknowledged, taken back, or still within its own publish's retries is left alone. Real NATS, Redis and MongoDB-wire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '@meydan/kit';
import { sweepPendingVotes } from '../src/jobs/pending-votes.js';
import { keys } from '../src/store/keys.js';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';
import { quietFor } from '../../../test/quiet.js';

describe('votes counted but never acknowledged', () => {
  let svc: PollsTestService;
  // The job's own timer is kept out of the way: each test sweeps when it means to.
  beforeAll(async () => {
    svc = await startPolls({ POLLS_PENDING_SWEEP_MS: 3_600_000 });
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  const pendingOf = (pollId: string) => ctx().redis.zrange(keys.pending(pollId), 0, -1);
  const storedVotes = (pollId: string) => ctx().models.Vote.find({ pollId }).lean();
  /** The gauge the MeydanPendingVotesGrowing alert reads, as /metrics would show it. */
  const unacknowledged = async () =>
    (await metricsRegistry.getSingleMetric('meydan_votes_unacknowledged')!.get()).values[0]?.value;

  it('publishes a vote whose process died after counting it, and MongoDB then has it as Redis does', async () => {
    const poll = await createPoll(svc.app, newUserId(), { options: ['Evet', 'Hayır', 'Belki'] });
    const voter = `u:${newUserId()}`;
    // What a process killed right after the Lua step leaves: the vote counted and pending, no event.
    expect((await ctx().counters.cast(poll.id, 3, voter, [2])).status).toBe('counted');
    expect(await pendingOf(poll.id)).toEqual([voter]);
    await quietFor(500, 'a vote left pending is not stored until a sweep');
    expect(await storedVotes(poll.id)).toHaveLength(0);

    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(1);
    await until(async () => (await storedVotes(poll.id)).length === 1, 10_000, 'pending vote persisted');
    const [stored] = await storedVotes(poll.id);
    expect([stored!.voter, stored!.optionIndex]).toEqual([voter, 2]);
    expect(await pendingOf(poll.id)).toEqual([]);
    const counts = await ctx().redis.hget(keys.counts(poll.id), 't');
    expect(Number(counts)).toBe(1);
    // A second sweep finds nothing, and the vote is not stored twice.
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(0);
    await quietFor(500, 'a second sweep stores the vote no second time');
    expect(await storedVotes(poll.id)).toHaveLength(1);
  });

  it('leaves nothing pending after a vote that was answered, nor after one taken back', async () => {
    const poll = await createPoll(svc.app, newUserId());
    const res = await vote(svc.app, poll.id, newUserId(), 0);
    expect(res.statusCode, res.body).toBe(200);
    await until(async () => (await pendingOf(poll.id)).length === 0, 5_000, 'acknowledged vote confirmed');

    const voter = `u:${newUserId()}`;
    await ctx().counters.cast(poll.id, 2, voter, [1]);
    await ctx().counters.undo(poll.id, voter, [1]);
    expect(await pendingOf(poll.id)).toEqual([]);
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(0);
  });

  it('leaves a vote alone while its own publish may still be retrying', async () => {
    const poll = await createPoll(svc.app, newUserId());
    const voter = `u:${newUserId()}`;
    await ctx().counters.cast(poll.id, 2, voter, [0]);
    // Default grace: the publish's retry window and then some.
    expect(await sweepPendingVotes(ctx())).toBe(0);
    expect(await pendingOf(poll.id)).toEqual([voter]);
    expect(await sweepPendingVotes(ctx(), Date.now() + 60_000)).toBe(1);
    await until(async () => (await storedVotes(poll.id)).length === 1, 10_000, 'pending vote persisted');
  });

  it('reports how many unacknowledged votes its last sweep found, and 0 when another instance swept', async () => {
    const [first, second] = [await createPoll(svc.app, newUserId()), await createPoll(svc.app, newUserId())];
    for (const [poll, option] of [
      [first, 0],
      [second, 1],
      [second, 0],
    ] as const)
      await ctx().counters.cast(poll.id, 2, `u:${newUserId()}`, [option]);
    // Another instance holds the sweep's lock: this one sweeps nothing and reports nothing.
    await ctx().redis.set(keys.pendingVotesLock, 'another-instance', 'PX', 60_000);
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(0);
    expect(await unacknowledged()).toBe(0);
    await ctx().redis.del(keys.pendingVotesLock);

    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(3);
    expect(await unacknowledged()).toBe(3);
    expect(await metricsRegistry.getSingleMetricAsString('meydan_votes_unacknowledged')).toMatch(
      /^meydan_votes_unacknowledged(\{[^}]*\})? 3$/m,
    );
    await until(async () => (await storedVotes(second.id)).length === 2, 10_000, 'pending votes persisted');
    // Published and confirmed: the next sweep finds none.
    expect(await sweepPendingVotes(ctx(), Date.now() + 1, 0)).toBe(0);
    expect(await unacknowledged()).toBe(0);
  });
});
