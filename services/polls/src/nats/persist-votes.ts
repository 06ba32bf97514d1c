/**
 * The vote consumer: persists `events.polls.vote.cast` to MongoDB in batches behind the unique (pollId, voter)
 * index. A duplicate key means the vote is already stored (idempotent). While MongoDB is unreachable the batch is
 * nak'ed with a delay and redelivered, without limit, so every acknowledged vote is eventually stored.
 */
import { AckPolicy, DeliverPolicy, JSONCodec, nanos, type ConsumerMessages, type JsMsg } from 'nats';
import { Types } from 'mongoose';
import { events, streams } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import type { VoteCastEvent } from '../routes/votes.js';

const codec = JSONCodec<VoteCastEvent>();
const BATCH_MAX = 500;

function parseVote(m: JsMsg): VoteCastEvent | null {
  try {
    const v = codec.decode(m.data);
    const ok =
      typeof v?.pollId === 'string' &&
      /^[0-9a-f]{24}$/i.test(v.pollId) &&
      typeof v.voter === 'string' &&
      /^[uv]:.{1,128}$/.test(v.voter) &&
      Number.isInteger(v.optionIndex) &&
      v.optionIndex >= 0;
    return ok ? v : null;
  } catch {
    return null;
  }
}

const onlyDuplicates = (err: unknown): boolean => {
  const e = err as { code?: number; writeErrors?: { code?: number }[] | { code?: number }; result?: unknown };
  if (e?.code === 11000 && !e.writeErrors) return true;
  const list = Array.isArray(e?.writeErrors) ? e.writeErrors : e?.writeErrors ? [e.writeErrors] : [];
  return list.length > 0 && list.every((w) => w.code === 11000);
};

export interface VotePersister {
  stop(): Promise<void>;
}

export async function startVotePersister(ctx: PollsContext): Promise<VotePersister> {
  const { bus, models, log } = ctx;
  const durable = ctx.durable('persist-votes');
  const jsm = await bus.nc.jetstreamManager();
  const settings = { ack_wait: nanos(60_000), max_ack_pending: 20_000, max_deliver: -1 };
  try {
    await jsm.consumers.info(streams.events.name, durable);
    await jsm.consumers.update(streams.events.name, durable, settings);
  } catch {
    await jsm.consumers.add(streams.events.name, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: events.polls.voteCast,
      ...settings,
    });
  }
  const consumer = await bus.js.consumers.get(streams.events.name, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 2000 });

  const buffer: JsMsg[] = [];
  let flushing: Promise<void> | null = null;
  let failures = 0;

  async function persist(batch: JsMsg[]): Promise<void> {
    const votes: { m: JsMsg; v: VoteCastEvent }[] = [];
    for (const m of batch) {
      const v = parseVote(m);
      if (v) votes.push({ m, v });
      else {
        log.error({ seq: m.seq }, 'malformed vote event dropped');
        m.term();
      }
    }
    if (votes.length === 0) return;
    try {
      const pollIds = [...new Set(votes.map(({ v }) => v.pollId))];
      const existing = await models.Poll.find({ _id: { $in: pollIds.map((id) => new Types.ObjectId(id)) } }, { _id: 1 }).lean();
      const known = new Set(existing.map((p) => String(p._id)));
      // Votes of a poll deleted meanwhile are dropped with it.
      const kept = votes.filter(({ v }) => known.has(v.pollId));
      const now = new Date();
      if (kept.length) {
        try {
          await models.Vote.collection.insertMany(
            kept.map(({ v }) => ({
              _id: new Types.ObjectId(),
              pollId: new Types.ObjectId(v.pollId),
              voter: v.voter,
              userId: v.userId ?? null,
              optionIndex: v.optionIndex,
              votedAt: new Date(v.at),
              persistedAt: now,
            })),
            { ordered: false },
          );
        } catch (err) {
          if (!onlyDuplicates(err)) throw err;
        }
      }
      failures = 0;
      // Counters rebuilt from MongoDB before these votes reached it learn them now (before the ack: a crash in
      // between redelivers the batch rather than leave the counters short).
      const changed = await ctx.counters
        .ensure(kept.map(({ v }) => ({ pollId: v.pollId, voter: v.voter, optionIndex: v.optionIndex })))
        .catch((err) => {
          log.warn({ err }, 'vote counters not checked after persisting');
          return new Set<string>();
        });
      for (const { m } of votes) m.ack();
      for (const pollId of changed) {
        const meta = await ctx.polls.meta(pollId).catch(() => null);
        if (meta) ctx.live.touch(pollId, meta.optionsCount);
      }
      // The trending rank follows the votes (once per poll and batch).
      for (const pollId of new Set(kept.map(({ v }) => v.pollId))) {
        const meta = await ctx.polls.meta(pollId).catch(() => null);
        if (meta) await ctx.engagement.syncRank(meta).catch((err) => log.warn({ err, pollId }, 'trending rank not updated'));
      }
    } catch (err) {
      failures++;
      const delay = Math.min(500 * 2 ** Math.min(failures - 1, 4), 5000);
      log.warn({ err: (err as Error).message, votes: votes.length, delay }, 'votes not persisted: will be redelivered');
      for (const { m } of votes) m.nak(delay);
    }
  }

  const flush = async () => {
    while (buffer.length) await persist(buffer.splice(0, BATCH_MAX));
    flushing = null;
  };

  const loop = (async () => {
    for await (const m of messages) {
      buffer.push(m);
      flushing ??= flush();
    }
  })();

  return {
    async stop() {
      messages.stop();
      await loop.catch(() => undefined);
      await flushing;
    },
  };
}
