/**
 * The read model's vote counts, in batches: per batch one insertMany of the vote records (`_id`
 * `<pollId>:<pseudonym of the voter>`, so a vote is stored once whatever the redeliveries) and one `$inc` per poll by
 * the records that were new. The pseudonym is a keyed hash (INTERNAL_SECRET) of the voter: the read model never holds a
 * member's or visitor's id in a vote, so nothing of a deleted member stays there.
 *
 * The records and the poll's count are two writes that cannot be made atomic here (no transactions on a
 * MongoDB-wire server), so each batch gets a token: it is added to its polls' `tallying` before the records (tagged
 * with it) are inserted, and taken out in the very update that adds the count. A stored record whose token its poll
 * still lists was therefore never counted: a batch that failed after inserting it (for any reason) left it so, and
 * the redelivery that finds it as a duplicate takes it over and counts it. A record whose token is gone was counted.
 * A token stays listed only after such a failure, until the poll is deleted.
 */
import { Types, type mongo } from 'mongoose';
import { duplicateKeyIndexes, findEachById, hmacSign, isDuplicateKey, type Logger } from '@meydan/kit';
import type { VoteCastEvent } from '@meydan/proto';
import type { Models } from '../model/index.js';

/** Where the tally writes: the read model's votes and polls, and the log; the secret its pseudonyms are keyed with. */
export type Tally = { models: Pick<Models, 'Vote' | 'Poll'>; log: Logger; config: { INTERNAL_SECRET: string } };

/** A vote's record id: its poll and a keyed hash of its voter (`u:<member>`, `v:<visitor>`), never the voter's id. */
export function voteRecordId(secret: string, pollId: string, voter: string): string {
  return `${pollId}:${hmacSign(secret, `admin-vote:${voter}`, 22)}`;
}

/**
 * Vote records stored before their ids were pseudonyms (`<pollId>:u:<member>`): each is stored again under its
 * pseudonym and the old one removed, once, at start (a marker says it was done). Counts are not touched: the record is
 * the same vote.
 */
export async function pseudonymiseVoteIds(ctx: Tally): Promise<void> {
  const marker = ctx.models.Vote.db.collection<{ _id: string }>('admin_migrations');
  if (await marker.findOne({ _id: 'vote-ids-pseudonymised' })) return;
  const { votes } = collections(ctx);
  let moved = 0;
  for await (const old of votes.find({ _id: { $regex: ':[uv]:' } })) {
    const { _id: oldId, ...record } = old;
    const _id = voteRecordId(ctx.config.INTERNAL_SECRET, record.pollId, oldId.slice(record.pollId.length + 1));
    await upsertedByEither(votes.updateOne({ _id }, { $setOnInsert: record }, { upsert: true }));
    await votes.deleteOne({ _id: oldId });
    moved += 1;
  }
  await upsertedByEither(
    marker.updateOne({ _id: 'vote-ids-pseudonymised' }, { $set: { at: new Date() } }, { upsert: true }),
  );
  if (moved > 0) ctx.log.info({ votes: moved }, 'vote record ids pseudonymised');
}

/**
 * An upsert that another instance, started at the same moment, made first: both found nothing and one inserted, so
 * the other's is a duplicate key (MongoDB retries such an upsert itself; the MongoDB-wire server does not). What the
 * other wrote is what this one would have. Seen as a second admin process that exited at start (chaos-cluster run).
 */
async function upsertedByEither(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * A vote's record: `tally`, the token of the batch storing it (see above); `seq` and `active`, the voter's last
 * applied change and whether their ballot stands (store/vote-changes.ts).
 */
export interface VoteRecord {
  _id: string;
  pollId: string;
  at: Date;
  tally?: string;
  seq?: number;
  active?: boolean;
}

interface PollCount {
  _id: string;
  votesCount: number;
  tallying?: string[];
}

/** The driver's collections (no mongoose document per vote), typed with the read model's string ids. */
export function collections(ctx: Tally) {
  return {
    votes: ctx.models.Vote.collection as unknown as mongo.Collection<VoteRecord>,
    polls: ctx.models.Poll.collection as unknown as mongo.Collection<PollCount>,
  };
}

/** Counts a batch of votes (see above): a vote the read model holds already is not counted again. */
export async function tallyVotes(ctx: Tally, batch: VoteCastEvent[]): Promise<void> {
  const { votes, polls } = collections(ctx);
  const tally = new Types.ObjectId().toString();
  const records = new Map<string, VoteRecord>();
  for (const e of batch) {
    const _id = voteRecordId(ctx.config.INTERNAL_SECRET, e.pollId, e.voter);
    // The JetStream dedupe window or a redelivery can bring one vote twice into a batch.
    if (!records.has(_id)) records.set(_id, { _id, pollId: e.pollId, at: new Date(e.at), tally });
  }
  const pollIds = [...new Set([...records.values()].map((r) => r.pollId))];
  await polls.bulkWrite(
    pollIds.map((pollId) => ({ updateOne: { filter: { _id: pollId }, update: { $addToSet: { tallying: tally } } } })),
    { ordered: false },
  );

  const list = [...records.values()];
  const fresh = new Map<string, number>();
  const count = (pollId: string, n = 1) => fresh.set(pollId, (fresh.get(pollId) ?? 0) + n);
  let duplicates: VoteRecord[] = [];
  try {
    await votes.insertMany(list, { ordered: false });
  } catch (err) {
    const refused = duplicateKeyIndexes(err);
    if (!refused) throw err;
    duplicates = list.filter((_, i) => refused.has(i));
  }
  const duplicateIds = new Set(duplicates.map((r) => r._id));
  for (const r of list) if (!duplicateIds.has(r._id)) count(r.pollId);
  if (duplicates.length) {
    for (const [pollId, n] of await takeOverUncounted(ctx, duplicates, tally)) count(pollId, n);
  }

  await polls.bulkWrite(
    pollIds.map((pollId) => {
      const n = fresh.get(pollId) ?? 0;
      return {
        updateOne: {
          filter: { _id: pollId },
          update: n > 0 ? { $inc: { votesCount: n }, $pull: { tallying: tally } } : { $pull: { tallying: tally } },
        },
      };
    }),
    { ordered: false },
  );
}

/**
 * Of the records already stored, those a failed batch inserted but never counted: tagged with `tally` now (so this
 * batch's update counts them), counted by poll. The usual duplicate (a vote counted before) is left alone.
 */
async function takeOverUncounted(ctx: Tally, duplicates: VoteRecord[], tally: string): Promise<Map<string, number>> {
  const { votes, polls } = collections(ctx);
  const taken = new Map<string, number>();
  const stored = await findEachById(
    duplicates.map((r) => r._id),
    (_id) => votes.findOne({ _id }, { projection: { pollId: 1, tally: 1 } }),
  );
  const tagged = stored.filter((r) => r.tally !== undefined && r.tally !== tally);
  if (!tagged.length) return taken;
  const pollIds = [...new Set(tagged.map((r) => r.pollId))];
  const found = await findEachById(pollIds, (_id) => polls.findOne({ _id }, { projection: { tallying: 1 } }));
  const pending = new Map(found.map((p) => [p._id, new Set(p.tallying ?? [])]));
  const uncounted = tagged.filter((r) => pending.get(r.pollId)?.has(r.tally!));
  if (!uncounted.length) return taken;
  ctx.log.info({ votes: uncounted.length }, 'votes stored by a failed batch are counted now');
  await votes.bulkWrite(
    uncounted.map((r) => ({ updateOne: { filter: { _id: r._id, tally: r.tally }, update: { $set: { tally } } } })),
    { ordered: false },
  );
  for (const r of uncounted) taken.set(r.pollId, (taken.get(r.pollId) ?? 0) + 1);
  return taken;
}
