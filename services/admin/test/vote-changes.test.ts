/**
 * The read model's vote counts follow changed and taken-back votes (`events.polls.vote.changed`, issue 38): a move
 * leaves the count, a take-back lowers it and a vote again raises it, each voter's changes applied once and in
 * sequence order, whatever the redeliveries and the order they arrive in, before or after the first vote's event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types, type mongo } from 'mongoose';
import { events, type VoteCastEvent, type VoteChangedEvent } from '@meydan/proto';
import { drained, type TestService } from '@meydan/testing';
import { startAdmin } from './support.js';
import { tallyCastVotes, tallyChangedVotes } from '../src/usecases/read-model.js';

const objectId = () => new Types.ObjectId().toString();

describe('admin read model: changed votes', () => {
  let admin: TestService;
  let polls: mongo.Collection<{ _id: string; votesCount: unknown }>;
  const creatorId = objectId();

  const cast = (pollId: string, voter: string): VoteCastEvent => ({
    pollId,
    creatorId,
    voter,
    userId: null,
    optionIndex: 0,
    at: new Date().toISOString(),
  });
  const change = (pollId: string, voter: string, seq: number, to: number[] | null): VoteChangedEvent => ({
    pollId,
    creatorId,
    voter,
    userId: null,
    seq,
    from: null,
    to,
    at: new Date().toISOString(),
  });
  const newPoll = async (): Promise<string> => {
    const _id = objectId();
    await admin.app.admin.models.Poll.create({
      _id,
      title: 'Çay mı kahve mi?',
      category: 'genel',
      type: 'public',
      creatorId,
      createdAt: new Date(),
      search: 'cay mi kahve mi',
    });
    return _id;
  };
  const counted = async (pollId: string) => (await polls.findOne({ _id: pollId }))?.votesCount;
  const settled = async () => {
    await drained(admin.deps, 'admin--votes-cast', 30_000);
    await drained(admin.deps, 'admin--votes-changed', 30_000);
  };

  beforeAll(async () => {
    admin = await startAdmin({}, { listen: false, rebuilt: false });
    polls = admin.app.admin.models.Poll.collection as unknown as typeof polls;
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('counts a take-back down and a vote again up, a move not at all, each change once however often it comes', async () => {
    const poll = await newPoll();
    const { bus } = admin.deps;
    for (const v of ['v:a', 'v:b', 'v:c']) await bus.publish(events.polls.voteCast, cast(poll, v));
    await settled();
    expect(await counted(poll)).toBe(3);
    // a moves; b takes back; c takes back and votes again.
    const changes = [
      change(poll, 'v:a', 1, [1]),
      change(poll, 'v:b', 1, null),
      change(poll, 'v:c', 1, null),
      change(poll, 'v:c', 2, [2]),
    ];
    for (const e of changes) await bus.publish(events.polls.voteChanged, e);
    await settled();
    expect(await counted(poll)).toBe(2);
    // Every change again (redelivered, past the dedupe window), the older ones last: nothing moves.
    for (const e of [...changes].reverse()) await bus.publish(events.polls.voteChanged, e);
    await settled();
    expect(await counted(poll)).toBe(2);
  });

  it('applies changes arriving out of order, and before the first vote, as their highest seq says', async () => {
    const poll = await newPoll();
    const { bus } = admin.deps;
    // d: voted, took back (1), voted again (2), took back (3) — the events newest first, its first vote last.
    for (const e of [change(poll, 'v:d', 3, null), change(poll, 'v:d', 2, [1]), change(poll, 'v:d', 1, null)])
      await bus.publish(events.polls.voteChanged, e);
    // e: voted, took back (1), voted again (2) — the vote again first, then the first vote.
    await bus.publish(events.polls.voteChanged, change(poll, 'v:e', 2, [0]));
    await settled();
    for (const v of ['v:d', 'v:e']) await bus.publish(events.polls.voteCast, cast(poll, v));
    await bus.publish(events.polls.voteChanged, change(poll, 'v:e', 1, null));
    await settled();
    expect(await counted(poll)).toBe(1);
  });

  it('counts a first vote once when its record is stored between a change finding none and writing', async () => {
    // Two consumers at once: the change finds no record of its voter, and before it writes, the first vote's batch
    // stores that record and counts it. The change then applies to that record as to any counted vote.
    const ctx = admin.app.admin;
    const votes = ctx.models.Vote.collection;
    const firstVoteStoredAfterRead = (pollId: string, voter: string) => {
      let stored = false;
      const collection = new Proxy(votes, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key, target);
          if (typeof value !== 'function') return value;
          if (key !== 'findOne' && key !== 'findOneAndUpdate') return value.bind(target);
          return async (...args: unknown[]) => {
            const found: unknown = await value.apply(target, args);
            if (!stored) {
              stored = true;
              await tallyCastVotes(ctx, [cast(pollId, voter)]);
            }
            return found;
          };
        },
      });
      return { ...ctx, models: { ...ctx.models, Vote: { collection } as unknown as typeof ctx.models.Vote } };
    };
    const takenBack = await newPoll();
    await tallyChangedVotes(firstVoteStoredAfterRead(takenBack, 'v:f'), [change(takenBack, 'v:f', 1, null)]);
    expect(await counted(takenBack)).toBe(0);
    const moved = await newPoll();
    await tallyChangedVotes(firstVoteStoredAfterRead(moved, 'v:g'), [change(moved, 'v:g', 1, [1])]);
    expect(await counted(moved)).toBe(1);
    // The records end as the changes left them: a later take-back of the moved vote counts it down once.
    await tallyChangedVotes(ctx, [change(moved, 'v:g', 2, null)]);
    expect(await counted(moved)).toBe(0);
  });
});
