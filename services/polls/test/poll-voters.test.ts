/**
 * The member voters of a poll, a page at a time in voter order (`polls.poll.voters`, walked by notifications when a
 * poll ends): listed once per walk in Redis from the poll's voters hash (or MongoDB in one query when that has gone),
 * so a walk of many pages does not read the votes collection per page. Real NATS, Redis and MongoDB-wire.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keys } from '../src/store/keys.js';
import { memberVoters } from '../src/counting/poll-voters.js';
import { drained } from '@meydan/testing';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

describe('the member voters of a poll, page by page', () => {
  let svc: PollsTestService;
  beforeAll(async () => {
    svc = await startPolls();
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  /** Every page of a walk of `limit` voters each, as notifications asks for them. */
  async function walk(pollId: string, limit: number, between: () => Promise<unknown> = async () => {}) {
    const pages: { userIds: string[]; next: string | null }[] = [];
    let after: string | null = null;
    do {
      const page = await memberVoters(ctx(), pollId, after, limit);
      pages.push(page);
      after = page.next;
      await between();
    } while (after);
    return pages;
  }
  /**
   * The walk's reads of this poll's member voters that `find` saw. Only those: the service reads the votes collection
   * on its own too (rebuilding missing counters reads the poll's votes and those stored since), and a busy run once
   * had such a rebuild inside a walk.
   */
  const votersReads = (find: { mock: { calls: unknown[][] } }, pollId: string) =>
    find.mock.calls.filter(([filter]) => {
      const f = filter as { pollId?: unknown; voter?: unknown } | undefined;
      return String(f?.pollId) === pollId && f?.voter !== undefined;
    }).length;
  /** A poll `members` voted on, their votes stored in MongoDB too. */
  async function votedPoll(members: string[]) {
    const poll = await createPoll(svc.app, newUserId());
    for (const userId of members) expect((await vote(svc.app, poll.id, userId, 0)).statusCode).toBe(200);
    await until(
      async () => (await ctx().models.Vote.countDocuments({ pollId: poll.id })) === members.length,
      10_000,
      'votes stored',
    );
    // Stored is not finished: after storing a batch the consumer counts its votes into the voters hash where they are
    // missing, then acknowledges it. A test that then takes the hash away must wait for that, or the last batch's
    // voters come back into it mid-walk (a busy run walked 2 of 7).
    await drained(svc.deps, 'polls--persist-votes');
    return poll.id;
  }

  it('pages every member voter once, in voter order, from Redis: MongoDB is not read, and the last page drops the list', async () => {
    const members = Array.from({ length: 11 }, newUserId);
    const pollId = await votedPoll(members);
    const find = vi.spyOn(ctx().models.Vote, 'find');
    try {
      const pages = await walk(pollId, 3);
      expect(pages.map((p) => p.userIds.length)).toEqual([3, 3, 3, 2]);
      expect(pages.flatMap((p) => p.userIds)).toEqual([...members].sort());
      expect(pages.map((p) => p.next)).toEqual([
        `u:${pages[0]!.userIds[2]}`,
        `u:${pages[1]!.userIds[2]}`,
        `u:${pages[2]!.userIds[2]}`,
        null,
      ]);
      expect(votersReads(find, pollId)).toBe(0);
    } finally {
      find.mockRestore();
    }
    expect(await ctx().redis.exists(keys.memberVoters(pollId))).toBe(0);
  });

  it('lists a vote counted in Redis before MongoDB has stored it, and leaves visitors out', async () => {
    const pollId = await votedPoll([newUserId()]);
    // Counted (the voters hash has them), not stored yet. Written straight into the hash: a vote counted through the
    // counters would also stay pending, and the pending-votes job of a later test file on this database would find it.
    const counted = newUserId();
    await ctx().redis.hset(keys.voters(pollId), `u:${counted}`, '1', 'v:ziyaretci-1', '0');
    const [page] = await walk(pollId, 10);
    expect(page!.userIds).toContain(counted);
    expect(page!.userIds).toHaveLength(2);
    expect(page!.next).toBeNull();
  });

  it('reads MongoDB once, not per page, when the voters hash has gone', async () => {
    const members = Array.from({ length: 7 }, newUserId);
    const pollId = await votedPoll(members);
    // Only the voters hash: with the counts gone too, the trending rank's sync that the votes' storing scheduled (a
    // second later) would rebuild both from MongoDB, before or during the walk.
    await ctx().redis.del(keys.voters(pollId));
    const find = vi.spyOn(ctx().models.Vote, 'find');
    try {
      const pages = await walk(pollId, 2);
      expect(pages.flatMap((p) => p.userIds)).toEqual([...members].sort());
      expect(votersReads(find, pollId)).toBe(1);
    } finally {
      find.mockRestore();
    }
  });

  it('goes on after the last voter it gave when its list expired mid-walk, repeating and skipping no one', async () => {
    const members = Array.from({ length: 9 }, newUserId);
    const pollId = await votedPoll(members);
    const pages = await walk(pollId, 4, () => ctx().redis.del(keys.memberVoters(pollId)));
    expect(pages.flatMap((p) => p.userIds)).toEqual([...members].sort());
  });

  it('answers a poll no member voted on with one empty page, whether visitors voted on it or nobody did', async () => {
    const visited = await createPoll(svc.app, newUserId());
    await ctx().redis.hset(keys.voters(visited.id), 'v:ziyaretci-2', '0');
    expect(await walk(visited.id, 5)).toEqual([{ userIds: [], next: null }]);
    const untouched = await createPoll(svc.app, newUserId());
    expect(await walk(untouched.id, 5)).toEqual([{ userIds: [], next: null }]);
  });
});
