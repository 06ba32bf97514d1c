/**
 * The read model's vote counts from `events.polls.vote.cast`, consumed in batches: each vote is counted once however
 * often its event arrives, also when a batch fails after storing its records and is redelivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types, type mongo } from 'mongoose';
import { events, type VoteCastEvent } from '@meydan/proto';
import { drained, type TestService } from '@meydan/testing';
import { startAdmin, until } from './support.js';
import { pseudonymiseVoteIds, voteRecordId } from '../src/store/vote-tally.js';

const objectId = () => new Types.ObjectId().toString();

describe('admin read model: votes counted in batches', () => {
  let admin: TestService;
  let polls: mongo.Collection<{ _id: string; votesCount: unknown; tallying?: string[] }>;

  const vote = (pollId: string, voter: string): VoteCastEvent => ({
    pollId,
    creatorId: objectId(),
    voter,
    userId: null,
    optionIndex: 0,
    at: new Date().toISOString(),
  });
  const publishAll = (votes: VoteCastEvent[]) =>
    Promise.all(votes.map((v) => admin.deps.bus.publish(events.polls.voteCast, v)));
  const newPoll = async (): Promise<string> => {
    const _id = objectId();
    await admin.app.admin.models.Poll.create({
      _id,
      title: 'Çay mı kahve mi?',
      category: 'genel',
      type: 'public',
      creatorId: objectId(),
      createdAt: new Date(),
      search: 'cay mi kahve mi',
    });
    return _id;
  };
  const counted = async (pollId: string) => (await polls.findOne({ _id: pollId }))?.votesCount;

  beforeAll(async () => {
    admin = await startAdmin({}, { listen: false, rebuilt: false });
    polls = admin.app.admin.models.Poll.collection as unknown as typeof polls;
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('counts each vote once though events arrive twice, with a handful of writes per batch rather than two per vote', async () => {
    const [hot, other] = [await newPoll(), await newPoll()];
    const writes: string[] = [];
    admin.deps.mongo.set('debug', (collection: string, method: string) => {
      if (collection === 'votes' || collection === 'polls') writes.push(`${collection}.${method}`);
    });
    const first = Array.from({ length: 60 }, (_, i) => vote(hot, `v:visitor-${i}`));
    const again = first.slice(0, 20); // redelivered, or published twice past the dedupe window
    const elsewhere = Array.from({ length: 5 }, (_, i) => vote(other, `u:${objectId()}-${i}`));
    await publishAll([...first, ...elsewhere, ...again]);
    await drained(admin.deps, 'admin--votes-cast', 30_000);
    admin.deps.mongo.set('debug', false);

    expect(await counted(hot)).toBe(60);
    expect(await counted(other)).toBe(5);
    expect(await admin.app.admin.models.Vote.countDocuments({ pollId: hot })).toBe(60);
    expect((await polls.findOne({ _id: hot }))?.tallying ?? []).toEqual([]);
    // One write per vote would be 85 inserts and as many $inc; a batch costs an insertMany and two poll updates.
    expect(writes.length, writes.join(', ')).toBeLessThan(30);
    expect(writes.filter((w) => w.endsWith('.insertOne') || w.endsWith('.updateOne'))).toEqual([]);
  });

  it('keeps no voter’s id in a vote record, and moves records stored under one to their pseudonym at start', async () => {
    const poll = await newPoll();
    const member = objectId();
    await publishAll([vote(poll, `u:${member}`), vote(poll, 'v:ziyaretci-1')]);
    await until(async () => (await counted(poll)) === 2, 10_000, 'two votes counted');
    const ids = (await admin.app.admin.models.Vote.find({ pollId: poll }).lean()).map((v) => String(v._id));
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      expect(id).not.toContain(member);
      expect(id).not.toContain('ziyaretci');
      expect(id).toMatch(new RegExp(`^${poll}:[A-Za-z0-9_-]{22}$`));
    }
    // A record from before pseudonyms, and a member deleted since: the start moves it, the count stays.
    const votes = admin.app.admin.models.Vote.collection as unknown as mongo.Collection<{
      _id: string;
      pollId: string;
      at: Date;
    }>;
    const gone = objectId();
    await votes.insertOne({ _id: `${poll}:u:${gone}`, pollId: poll, at: new Date() });
    await admin.app.admin.models.Vote.db.collection('admin_migrations').deleteMany({});
    await pseudonymiseVoteIds(admin.app.admin);
    const after = (await admin.app.admin.models.Vote.find({ pollId: poll }).lean()).map((v) => String(v._id));
    expect(after).toHaveLength(3);
    expect(after.join(' ')).not.toContain(gone);
    expect(after).toContain(voteRecordId(admin.app.admin.config.INTERNAL_SECRET, poll, `u:${gone}`));
    // Its vote, published again, is the same record: not counted twice.
    await publishAll([vote(poll, `u:${member}`)]);
    await drained(admin.deps, 'admin--votes-cast', 30_000);
    expect(await counted(poll)).toBe(2);
  });

  it('moves the old records once when several processes start at the same moment, none of them failing', async () => {
    const poll = await newPoll();
    const votes = admin.app.admin.models.Vote.collection as unknown as mongo.Collection<{
      _id: string;
      pollId: string;
      at: Date;
    }>;
    const members = Array.from({ length: 5 }, () => objectId());
    await votes.insertMany(members.map((m) => ({ _id: `${poll}:u:${m}`, pollId: poll, at: new Date() })));
    await admin.app.admin.models.Vote.db.collection('admin_migrations').deleteMany({});
    const starts = await Promise.allSettled(Array.from({ length: 6 }, () => pseudonymiseVoteIds(admin.app.admin)));
    expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);
    const after = (await admin.app.admin.models.Vote.find({ pollId: poll }).lean()).map((v) => String(v._id));
    const secret = admin.app.admin.config.INTERNAL_SECRET;
    expect(after.sort()).toEqual(members.map((m) => voteRecordId(secret, poll, `u:${m}`)).sort());
    expect(await admin.app.admin.models.Vote.db.collection('admin_migrations').countDocuments({})).toBe(1);
  });

  it('counts the votes of a batch that failed after storing them once, when it is redelivered', async () => {
    const [broken, healthy] = [await newPoll(), await newPoll()];
    // A counter that refuses $inc makes the batch fail after its records are stored (the write that can fail there).
    await polls.updateOne({ _id: broken }, { $set: { votesCount: 'bozuk' } });
    const brokenVotes = Array.from({ length: 8 }, (_, i) => vote(broken, `v:b-${i}`));
    const healthyVotes = Array.from({ length: 4 }, (_, i) => vote(healthy, `v:h-${i}`));
    await publishAll([...brokenVotes, ...healthyVotes]);
    await until(
      async () =>
        (await admin.app.admin.models.Vote.countDocuments({ pollId: broken })) === 8 &&
        (await polls.findOne({ _id: broken }))!.tallying!.length > 0,
      20_000,
      'the failing batch stored its records',
    );
    expect(await counted(broken)).toBe('bozuk');

    await polls.updateOne({ _id: broken }, { $set: { votesCount: 0 } });
    await until(async () => (await counted(broken)) === 8, 30_000, 'redelivered votes counted');
    await drained(admin.deps, 'admin--votes-cast', 30_000);
    expect(await counted(broken)).toBe(8);
    expect(await counted(healthy)).toBe(4);

    // Delivered once more (an ack lost after the count): nothing changes.
    await publishAll([...brokenVotes, ...healthyVotes]);
    await drained(admin.deps, 'admin--votes-cast', 30_000);
    expect(await counted(broken)).toBe(8);
    expect(await counted(healthy)).toBe(4);
    expect(await admin.app.admin.models.Vote.countDocuments({ pollId: { $in: [broken, healthy] } })).toBe(12);
  });
});
