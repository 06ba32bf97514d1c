/**
 * What follows a changed or taken-back vote (issue 38), on real NATS, Redis and MongoDB-wire: the creator's results
 * CSV, the voter's own vote list, the trending rank, the live counts; and no notification event for a change (the
 * first vote's event is the only one notifications consume).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, live } from '@meydan/proto';
import { asMember, drained } from '@meydan/testing';
import { trendingScore } from '../src/domain/trending.js';
import { collect, createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

describe('what follows a changed vote', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  beforeAll(async () => {
    svc = await startPolls();
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const ask = (method: 'POST' | 'PUT' | 'DELETE', pollId: string, userId: string, payload?: Record<string, unknown>) =>
    svc.app.inject({
      method,
      url: `/api/polls/${pollId}/vote`,
      headers: asMember(userId),
      ...(payload ? { payload } : {}),
    });
  const csvRows = async (pollId: string): Promise<string[][]> =>
    parse((await svc.app.inject({ url: `/api/polls/${pollId}/results.csv`, headers: asMember(alice) })).body.slice(1), {
      delimiter: ';',
    });
  const ownVotes = async (userId: string): Promise<{ pollId: string; selectedOption: string }[]> =>
    (await svc.app.inject({ url: `/api/users/${userId}/votes`, headers: asMember(userId) })).json();
  const hot = async (pollId: string) => (await svc.app.polls.models.PollRank.findById(pollId).lean())!.hot;
  const rankOf = (votes: number, createdAt: string) =>
    trendingScore({ votes, likes: 0, comments: 0, shares: 0 }, new Date(createdAt));

  it("moves the CSV, the voter's own list, the rank and the live counts with the ballot, and sends no vote event", async () => {
    const poll = await createPoll(svc.app, alice, { options: ['Çay', 'Kahve'], allowVoteChange: true });
    const [ayse, burak] = [newUserId(), newUserId()];
    const liveCounts = collect<{ pollId: string; voteCounts: Record<string, number>; totalVotes: number }>(
      svc.deps.nats,
      live.pollCounts,
    );
    const cast = collect<{ pollId: string }>(svc.deps.nats, events.polls.voteCast);
    await Promise.all([liveCounts.flush(), cast.flush()]);
    for (const voter of [ayse, burak])
      expect((await ask('POST', poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    await until(async () => (await ownVotes(ayse)).some((v) => v.pollId === poll.id), 15_000, 'first votes stored');
    await until(async () => (await hot(poll.id)) === rankOf(2, poll.createdAt), 15_000, 'the rank counts the votes');

    expect((await ask('PUT', poll.id, ayse, { optionIndex: 1 })).statusCode).toBe(200);
    expect((await ask('DELETE', poll.id, burak)).statusCode).toBe(200);

    // The creator's results file: the counts as they are now.
    expect((await csvRows(poll.id)).slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['Çay', '0', '0,0', '1'],
      ['Kahve', '1', '100,0', '1'],
    ]);
    // The live counts went out after each change, the last one exact.
    await until(
      () =>
        liveCounts.received.some(
          (m) => m.data.pollId === poll.id && m.data.totalVotes === 1 && m.data.voteCounts['1'] === 1,
        ),
      5000,
      'live counts',
    );
    // Each voter's own list: ayşe's moved vote, none of burak's.
    await until(
      async () => (await ownVotes(ayse)).find((v) => v.pollId === poll.id)?.selectedOption === 'Kahve',
      15_000,
      "ayşe's list follows",
    );
    await until(async () => !(await ownVotes(burak)).some((v) => v.pollId === poll.id), 15_000, "burak's list follows");
    // The trending rank loses the vote taken back.
    await until(async () => (await hot(poll.id)) === rankOf(1, poll.createdAt), 15_000, 'the rank follows');
    await drained(svc.deps, 'polls--persist-vote-changes');
    // Only the two first votes were vote events (notifications tells the creator of those alone).
    expect(cast.received.filter((m) => m.data.pollId === poll.id)).toHaveLength(2);
    liveCounts.stop();
    cast.stop();
  });
});
