/**
 * The read model's vote counts follow changed and taken-back votes (`events.polls.vote.changed`). A change that moves
 * a ballot leaves the poll's count as it is; taking a vote back lowers it, voting again after that raises it. The vote
 * record (store/vote-tally.ts: `_id` a pseudonym of poll and voter) keeps the voter's last applied `seq` and whether
 * their ballot stands (`active`); a change is applied only with a higher seq, so a redelivery changes nothing and
 * changes arriving out of order end where the highest says. A change that arrives before the first vote's event
 * writes the record itself (counted if it leaves a ballot), so that event then finds it and is not counted again.
 */
import type { mongo } from 'mongoose';
import { isDuplicateKey } from '@meydan/kit';
import type { VoteChangedEvent } from '@meydan/proto';
import { collections, voteRecordId, type Tally, type VoteRecord } from './vote-tally.js';

/** Applies a batch of changes, each voter's in seq order (see above). */
export async function tallyChanges(ctx: Tally, batch: readonly VoteChangedEvent[]): Promise<void> {
  const { votes, polls } = collections(ctx);
  const deltas = new Map<string, number>();
  for (const e of [...batch].sort((a, b) => a.seq - b.seq)) {
    const delta = await applyChange(votes, voteRecordId(ctx.config.INTERNAL_SECRET, e.pollId, e.voter), e);
    if (delta !== 0) deltas.set(e.pollId, (deltas.get(e.pollId) ?? 0) + delta);
  }
  if (!deltas.size) return;
  await polls.bulkWrite(
    [...deltas].map(([pollId, n]) => ({ updateOne: { filter: { _id: pollId }, update: { $inc: { votesCount: n } } } })),
    { ordered: false },
  );
}

/**
 * Applies one change to its vote record and returns what it does to the poll's count (-1, 0 or +1). The record is
 * raised to the change's seq and read as it was in one step (findOneAndUpdate, the record before), so no write comes
 * between the read and the raise. Finding no record below that seq, the change stores the record itself with an
 * insert. An insert refused as a duplicate means a record was stored meanwhile (the first vote's event, or a replica
 * applying another change of this voter): the raise is tried once more on it, and finding nothing again, the record
 * holds this seq or a later one. (An upsert there, as before, matched a first vote's record stored between the read
 * and the write and took it for uncounted: a take-back then left the count one too high, a vote again counted twice.)
 */
async function applyChange(votes: mongo.Collection<VoteRecord>, _id: string, e: VoteChangedEvent): Promise<number> {
  const active = e.to !== null;
  const raise = () =>
    votes.findOneAndUpdate(
      { _id, $or: [{ seq: { $exists: false } }, { seq: { $lt: e.seq } }] },
      { $set: { seq: e.seq, active } },
      { returnDocument: 'before' },
    );
  let before = await raise();
  if (!before) {
    try {
      await votes.insertOne({ _id, pollId: e.pollId, at: new Date(e.at), seq: e.seq, active });
      return Number(active);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    before = await raise();
  }
  return before ? Number(active) - Number(before.active !== false) : 0;
}
