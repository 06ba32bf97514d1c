/**
 * The read model's vote counts follow changed and taken-back votes (`events.polls.vote.changed`). A change that moves
 * a ballot leaves the poll's count as it is; taking a vote back lowers it, voting again after that raises it. The vote
 * record (store/vote-tally.ts: `_id` a pseudonym of poll and voter) keeps the voter's last applied `seq` and whether
 * their ballot stands (`active`); a change is applied only with a higher seq, so a redelivery changes nothing and
 * changes arriving out of order end where the highest says. A change that arrives before the first vote's event
 * writes the record itself, so that event then finds it and is not counted again.
 */
import type { mongo } from 'mongoose';
import type { Logger } from '@meydan/kit';
import type { VoteChangedEvent } from '@meydan/proto';
import type { Models } from '../model/index.js';
import { voteRecordId } from './vote-tally.js';

type Tally = { models: Pick<Models, 'Vote' | 'Poll'>; log: Logger; config: { INTERNAL_SECRET: string } };

interface VoteRecord {
  _id: string;
  pollId: string;
  at: Date;
  seq?: number;
  active?: boolean;
}

/** Applies a batch of changes, each voter's in seq order (see above). */
export async function tallyChanges(ctx: Tally, batch: readonly VoteChangedEvent[]): Promise<void> {
  const votes = ctx.models.Vote.collection as unknown as mongo.Collection<VoteRecord>;
  const polls = ctx.models.Poll.collection as unknown as mongo.Collection<{ _id: string; votesCount: number }>;
  const deltas = new Map<string, number>();
  for (const e of [...batch].sort((a, b) => a.seq - b.seq)) {
    const _id = voteRecordId(ctx.config.INTERNAL_SECRET, e.pollId, e.voter);
    const record = await votes.findOne({ _id }, { projection: { seq: 1, active: 1 } });
    if (record && (record.seq ?? 0) >= e.seq) continue;
    const was = record ? record.active !== false : false;
    const active = e.to !== null;
    const filter = record ? { _id, $or: [{ seq: { $exists: false } }, { seq: { $lt: e.seq } }] } : { _id };
    const update = { $set: { seq: e.seq, active }, $setOnInsert: { pollId: e.pollId, at: new Date(e.at) } };
    // (A first vote's record stored meanwhile makes the upsert fail: the batch is redelivered and finds it.)
    const written = await votes.updateOne(filter, update, { upsert: !record });
    if (written.modifiedCount + written.upsertedCount === 0) continue;
    const delta = Number(active) - Number(was);
    if (delta !== 0) deltas.set(e.pollId, (deltas.get(e.pollId) ?? 0) + delta);
  }
  if (!deltas.size) return;
  await polls.bulkWrite(
    [...deltas].map(([pollId, n]) => ({ updateOne: { filter: { _id: pollId }, update: { $inc: { votesCount: n } } } })),
    { ordered: false },
  );
}
