/**
 * Changed votes in MongoDB. The votes collection keeps one current ballot per voter (a vote taken back removes it);
 * beside it, on a poll that allows changing a vote, `vote_sequences` keeps each voter's last change applied (its seq
 * and the ballot it left) and `vote_changes` one record per change (the flows are rebuilt from them).
 *
 * A change event is applied only when its seq is higher than the voter's stored one (a redelivery, or an older change
 * arriving late, changes nothing); then the voter's vote document is made to match the sequence record. A first vote's
 * event (vote.cast) that arrives after a change is stored, then made to match too (see `matchVotesOf`), so whichever
 * of the two consumers writes last, the vote ends as the highest change left it.
 */
import { createHash } from 'node:crypto';
import { Types, type mongo } from 'mongoose';
import { isDuplicateKey } from '@meydan/kit';
import type { VoteChangedEvent } from '@meydan/proto';
import { ballotField } from '../domain/ballots.js';
import type { Models, VoteSeqDoc } from '../model/index.js';
import { voteIdOf, type DerivedIds } from './vote-records.js';

type Records = { models: Models };

export const seqRecordId = (pollId: string, voter: string): string => `${pollId}:${voter}`;
/** A voter as a change record names them: a hash, so the records kept for the flows lead back to nobody. */
const voterKey = (voter: string): string => createHash('sha256').update(voter).digest('base64url').slice(0, 22);
const changeRecordId = (pollId: string, voter: string, seq: number): string => `${pollId}:${voterKey(voter)}:${seq}`;

/** The highest-seq event of each voter among `events`, by record id. */
function latestByVoter(events: readonly VoteChangedEvent[]): Map<string, VoteChangedEvent> {
  const latest = new Map<string, VoteChangedEvent>();
  for (const e of events) {
    const id = seqRecordId(e.pollId, e.voter);
    const known = latest.get(id);
    if (!known || known.seq < e.seq) latest.set(id, e);
  }
  return latest;
}

/**
 * Applies a batch of change events (in any order, any of them again): stores each change once, raises each voter's
 * sequence record to their highest seq, then makes their votes match. Returns the sequence records now stored.
 */
export async function applyVoteChanges(
  ctx: Records,
  events: readonly VoteChangedEvent[],
  now: Date,
  derived: DerivedIds,
): Promise<VoteSeqDoc[]> {
  if (!events.length) return [];
  try {
    await ctx.models.VoteChange.collection.insertMany(
      events.map((e) => ({
        _id: changeRecordId(e.pollId, e.voter, e.seq) as never,
        pollId: new Types.ObjectId(e.pollId),
        from: e.from ?? [],
        to: e.to ?? [],
        at: new Date(e.at),
      })),
      { ordered: false },
    );
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const latest = latestByVoter(events);
  // One command per voter, by _id (the MongoDB-wire server finds it from its index): a bulk write of them all lost the
  // rest of the batch at the first duplicate key on that server, though unordered (the cluster chaos run found voters
  // with no sequence record).
  for (const [_id, e] of latest) await raiseSeqRecord(ctx, _id, e, now);
  const records = await seqRecords(ctx, [...latest.keys()]);
  await matchVotes(ctx, records, now, derived);
  return records;
}

/**
 * Raises the voter's sequence record to `e` unless it holds that seq or a higher one already. Only a higher seq moves
 * the record: an equal or lower one finds no document, and its upsert hits the _id. That duplicate key also comes
 * when no record was there yet and another process inserted one at the same moment (two replicas applying one voter's
 * first change and take-back at once): then the record is there now, and the update is made on it again, without the
 * upsert. Swallowing that duplicate lost the take-back (the cluster chaos run's 'doubled').
 */
async function raiseSeqRecord(ctx: Records, _id: string, e: VoteChangedEvent, now: Date): Promise<void> {
  const VoteSeq = ctx.models.VoteSeq.collection;
  const filter = { _id: _id as never, seq: { $lt: e.seq } };
  const update = {
    $set: {
      pollId: new Types.ObjectId(e.pollId),
      voter: e.voter,
      userId: e.userId,
      seq: e.seq,
      ballot: e.to,
      from: e.from,
      at: now,
    },
  };
  try {
    await VoteSeq.updateOne(filter, update, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await VoteSeq.updateOne(filter, update);
  }
}

async function seqRecords(ctx: Records, ids: readonly string[]): Promise<VoteSeqDoc[]> {
  if (!ids.length) return [];
  return ctx.models.VoteSeq.find({ _id: { $in: [...ids] } }).lean<VoteSeqDoc[]>();
}

/**
 * Makes each voter's vote document what their sequence record says: removed when taken back, else that ballot. Two
 * processes may match one voter at once (the change consumer's batches go to every polls replica, and a first vote's
 * batch matches too): one that read an older record can write after one that applied a newer record. So after its
 * write each reads the record again and, if a newer one was stored meanwhile, applies that one: the last write always
 * follows a read of the newest record.
 */
export async function matchVotes(
  ctx: Records,
  records: readonly VoteSeqDoc[],
  now: Date,
  derived: DerivedIds,
): Promise<void> {
  let pending = [...records];
  for (let round = 0; round < MATCH_ROUNDS && pending.length > 0; round++) {
    await matchBatch(ctx, pending, now, derived);
    const fresh = new Map(
      (
        await seqRecords(
          ctx,
          pending.map((r) => r._id),
        )
      ).map((f) => [f._id, f]),
    );
    pending = pending.flatMap((r) => {
      const f = fresh.get(r._id);
      return f && f.seq !== r.seq ? [f] : [];
    });
  }
}

/** How often one voter's vote is matched again while newer records keep arriving (each round is a newer change). */
const MATCH_ROUNDS = 10;

/**
 * Makes the votes of `records` (one per voter) what they say, in one bulk write. On a poll whose votes have derived
 * _ids (every poll made since they came) each vote is removed or replaced by its _id, unread; on an older poll the
 * batch's voters' votes are read once (a scan of the votes on the MongoDB-wire server) and the differing ones written
 * by their _id. A filter on poll and voter per voter made the server scan the votes for each: the changes fell behind
 * at a few hundred votes a second.
 */
async function matchBatch(ctx: Records, records: readonly VoteSeqDoc[], now: Date, derived: DerivedIds): Promise<void> {
  const Vote = ctx.models.Vote.collection;
  const byPoll = new Map<string, VoteSeqDoc[]>();
  for (const r of records) byPoll.set(String(r.pollId), [...(byPoll.get(String(r.pollId)) ?? []), r]);
  const writes: mongo.AnyBulkWriteOperation[] = [];
  const replacement = (r: VoteSeqDoc, ballot: number[]) => ({
    pollId: r.pollId,
    voter: r.voter,
    userId: r.userId ?? null,
    optionIndex: ballot[0]!,
    ...(ballot.length > 1 ? { optionIndexes: [...ballot] } : {}),
    votedAt: r.at,
    persistedAt: now,
  });
  for (const [pollId, group] of byPoll) {
    if (derived(pollId)) {
      for (const r of group) {
        const _id = voteIdOf(pollId, r.voter);
        const ballot = r.ballot ?? [];
        // A take-back whose vote is not stored yet removes nothing: its first vote, when it comes, is matched (matchVotesOf).
        writes.push(
          ballot.length === 0
            ? { deleteOne: { filter: { _id } } }
            : { replaceOne: { filter: { _id }, replacement: replacement(r, ballot), upsert: true } },
        );
      }
      continue;
    }
    const stored = await Vote.find(
      { pollId: group[0]!.pollId, voter: { $in: group.map((r) => r.voter) } },
      { projection: { voter: 1, optionIndex: 1, optionIndexes: 1 } },
    ).toArray();
    const storedOf = new Map(stored.map((d) => [String(d['voter']), d]));
    for (const r of group) {
      const doc = storedOf.get(r.voter);
      const ballot = r.ballot ?? [];
      if (ballot.length === 0) {
        if (doc) writes.push({ deleteOne: { filter: { _id: doc._id } } });
        continue;
      }
      if (
        doc &&
        ballotField((doc['optionIndexes']?.length ? doc['optionIndexes'] : [doc['optionIndex']]) as number[]) ===
          ballotField(ballot)
      )
        continue;
      writes.push({
        replaceOne: doc
          ? { filter: { _id: doc._id }, replacement: replacement(r, ballot) }
          : { filter: { pollId: r.pollId, voter: r.voter }, replacement: replacement(r, ballot), upsert: true },
      });
    }
  }
  // Any failure (a duplicate key too: another process inserted the vote at once) fails the batch, delivered again.
  if (writes.length) await Vote.bulkWrite(writes, { ordered: false });
}

/**
 * After first votes of polls allowing changes were stored: those whose voter has changed since (their change applied
 * first, or meanwhile) are made to match the change.
 */
export async function matchVotesOf(
  ctx: Records,
  votes: readonly { pollId: string; voter: string }[],
  now: Date,
  derived: DerivedIds,
): Promise<void> {
  const records = await seqRecords(ctx, [...new Set(votes.map((v) => seqRecordId(v.pollId, v.voter)))]);
  if (records.length) await matchVotes(ctx, records, now, derived);
}

/** The sequence records applied since `since` (of one poll, or of every poll). */
export function seqRecordsSince(ctx: Records, since: Date, pollId?: string) {
  const filter = { at: { $gte: since }, ...(pollId ? { pollId: pollId as unknown as Types.ObjectId } : {}) };
  return ctx.models.VoteSeq.find(filter).lean<VoteSeqDoc[]>().cursor({ batchSize: 1000 });
}

/**
 * What a rebuild of a poll's counters installs beside them: each changed voter's `<seq>|<ballot before>` and the
 * flows, counted from the stored changes up to each voter's applied seq (a later one is counted when it is applied; a
 * deleted member's changes, whose sequences went with the account, all count).
 */
export async function changeStateOf(
  models: Models,
  pollId: string,
): Promise<{ seqs: Record<string, string>; flows: Record<string, number> }> {
  const pollObjectId = new Types.ObjectId(pollId);
  const seqs: Record<string, string> = {};
  const applied = new Map<string, number>();
  for (const r of await models.VoteSeq.find({ pollId: pollObjectId }).lean<VoteSeqDoc[]>()) {
    seqs[r.voter] = `${r.seq}|${ballotField(r.from ?? [])}`;
    applied.set(voterKey(r.voter), r.seq);
  }
  const flows: Record<string, number> = {};
  for (const c of await models.VoteChange.find({ pollId: pollObjectId }, { from: 1, to: 1 }).lean()) {
    const [, key = '', seq = '0'] = String(c._id).split(':');
    const upTo = applied.get(key);
    if (upTo !== undefined && Number(seq) > upTo) continue;
    const field = `${ballotField(c.from ?? [])}>${ballotField(c.to ?? [])}`;
    flows[field] = (flows[field] ?? 0) + 1;
  }
  return { seqs, flows };
}
