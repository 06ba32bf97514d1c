/**
 * Exact vote counts in Redis. One Lua step per vote does the dedupe (voters hash) and the per-option counters
 * together; MongoDB's votes collection is the record they are rebuilt from whenever Redis lacks them. A vote is a
 * ballot: one option, or on a multiple-choice poll several (stored as "0,2", see domain/ballots.ts), counted all in
 * the same step or not at all; `t` counts ballots.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Types } from 'mongoose';
import { ballotField, ballotOf, countBallotInto, fieldOfVote } from '../domain/ballots.js';
import { countsFromHash, hashFromFlat, type PollCounts } from '../domain/counts.js';
import type { Models } from '../model/index.js';
import { keys } from '../store/keys.js';
import { attemptStamp } from './attempt-stamp.js';
import { CAST, ENSURE, INSTALL, RENAME_VOTER, UNDO, type CounterCommands } from './counter-scripts.js';
import { changeStateOf } from '../store/vote-change-records.js';
import { PendingConfirms } from './pending-confirms.js';
import { defineScripts } from '@meydan/kit';

const DAY_MS = 24 * 3600 * 1000;
/** Stored votes checked against the counters per step (see ensurePersistedSince). */
const ENSURE_CHUNK = 1_000;
/** How often a process lists a poll among the voted ones (the pending-votes job looks 15 minutes back). */
const VOTED_MARK_MS = 10_000;

export type CastOutcome =
  /** `choice`: the ballot counted (or, when a duplicate, the one counted before), ascending indexes. */
  | { status: 'counted'; choice: number[]; counts: PollCounts; stamp: number }
  | { status: 'duplicate'; choice: number[]; counts: PollCounts }
  | { status: 'missing' }
  /** The poll has ended (closed early, or its expiry passed and was swept). */
  | { status: 'ended' }
  /** Its creator is storing an edit of its text right now (edit-claims.ts). */
  | { status: 'editing' }
  /** The voter took their vote back before: voting again is a change (VoteChanges). */
  | { status: 'taken_back' }
  /** The poll already counts as many votes from the voter's IP network as it allows. */
  | { status: 'ip_used' };

/** A vote that claims its IP network on the poll: `network` is the field (see `ipField`), `perIp` the votes it may have. */
export interface IpClaim {
  network: string;
  perIp: number;
}

export interface PollShape {
  id: string;
  optionsCount: number;
  expiresAt: Date | null;
}

/** How long a poll's counters stay in Redis: until three days after it ends, or 30 days for polls without end. */
export function countersTtlMs(expiresAt: Date | null, now = Date.now()): number {
  return expiresAt ? Math.max(expiresAt.getTime() - now, 0) + 3 * DAY_MS : 30 * DAY_MS;
}

const isVisitor = (voter: string) => (voter.startsWith('v:') ? '1' : '0');

export class VoteCounters {
  private readonly redis: Redis & CounterCommands;
  /** When this process last listed each poll among the voted ones (`keys.votedPolls`). */
  private readonly votedMarks = new Map<string, number>();
  /** Acknowledged votes and changes taken off their poll's pending set (pending-confirms.ts). */
  private readonly confirms: PendingConfirms;

  constructor(
    redis: Redis,
    private readonly models: Models,
  ) {
    this.redis = defineScripts<CounterCommands>(redis, {
      pollsCastVote: { keys: 5, lua: CAST },
      pollsCastVotePerIp: { keys: 6, lua: CAST },
      pollsUndoVote: { keys: 3, lua: UNDO },
      pollsUndoVotePerIp: { keys: 4, lua: UNDO },
      pollsEnsureVotes: { keys: 3, lua: ENSURE },
      pollsInstallCounts: { keys: 8, lua: INSTALL },
      pollsRenameVoter: { keys: 1, lua: RENAME_VOTER },
    });
    this.confirms = new PendingConfirms(redis);
  }

  /** Fresh zero counters of a new poll. */
  async init(poll: PollShape): Promise<void> {
    const zero: Record<string, number> = { t: 0, pv: 0 };
    for (let i = 0; i < poll.optionsCount; i++) zero[String(i)] = 0;
    await this.redis
      .multi()
      .hset(keys.counts(poll.id), zero)
      .pexpire(keys.counts(poll.id), countersTtlMs(poll.expiresAt))
      .exec();
  }

  /**
   * The one atomic step of a vote (a valid ballot, ascending, or `ranked` a ranking in its order: see
   * domain/ballots.ts); with `ip`, the vote also claims its IP network on the poll (same step).
   */
  async cast(
    pollId: string,
    optionsCount: number,
    voter: string,
    ballot: readonly number[],
    ip?: IpClaim,
    ranked = false,
  ): Promise<CastOutcome> {
    const counts = keys.counts(pollId);
    const voters = keys.voters(pollId);
    const field = ballotField(ballot, ranked);
    const now = Date.now();
    this.markVoted(pollId, now);
    const [pending, seqs] = [keys.pending(pollId), keys.seqs(pollId)];
    const stamp = attemptStamp(now);
    const reply = ip
      ? await this.redis.pollsCastVotePerIp(
          counts,
          voters,
          keys.ended(pollId),
          pending,
          seqs,
          keys.shareVoteIps(pollId),
          voter,
          field,
          isVisitor(voter),
          ip.network,
          ip.perIp,
          stamp,
        )
      : await this.redis.pollsCastVote(
          counts,
          voters,
          keys.ended(pollId),
          pending,
          seqs,
          voter,
          field,
          isVisitor(voter),
          stamp,
        );
    const [code, choice, flat] = reply;
    if (code === -4) return { status: 'ended' };
    if (code === -6) return { status: 'editing' };
    if (code === -5) return { status: 'taken_back' };
    if (code === -3) return { status: 'ip_used' };
    if (code === -1) return { status: 'missing' };
    const counted = {
      choice: ballotOf(String(choice)),
      counts: countsFromHash(hashFromFlat(flat ?? []), optionsCount),
    };
    return code === 1 ? { status: 'counted', ...counted, stamp } : { status: 'duplicate', ...counted };
  }

  /**
   * Where the pending-votes job looks, sent before a vote or change itself (a different key: another node of a
   * cluster); at most every VOTED_MARK_MS per poll, far inside the job's look-back, so a poll with a pending vote is
   * always listed.
   */
  markVoted(pollId: string, now = Date.now()): void {
    if ((this.votedMarks.get(pollId) ?? 0) > now - VOTED_MARK_MS) return;
    if (this.votedMarks.size >= 10_000) this.votedMarks.clear();
    this.votedMarks.set(pollId, now);
    this.redis.zadd(keys.votedPolls, now, pollId).catch(() => this.votedMarks.delete(pollId));
  }

  async undo(pollId: string, voter: string, ballot: readonly number[], ip?: IpClaim, ranked = false): Promise<void> {
    const [counts, voters, field] = [keys.counts(pollId), keys.voters(pollId), ballotField(ballot, ranked)];
    if (ip)
      await this.redis.pollsUndoVotePerIp(
        counts,
        voters,
        keys.pending(pollId),
        keys.shareVoteIps(pollId),
        voter,
        field,
        isVisitor(voter),
        ip.network,
      );
    else await this.redis.pollsUndoVote(counts, voters, keys.pending(pollId), voter, field, isVisitor(voter));
  }

  /**
   * The event of the step stamped `stamp` was acknowledged: the voter is no longer pending, unless a later step of
   * theirs has marked them since (pending-confirms.ts).
   */
  confirm(pollId: string, voter: string, stamp: number): void {
    this.confirms.confirm(pollId, voter, stamp);
  }

  /** Polls with a vote counted after `sinceMs` (those voted on only up to it are forgotten). */
  async votedPollsSince(sinceMs: number): Promise<string[]> {
    await this.redis.zremrangebyscore(keys.votedPolls, '-inf', sinceMs);
    return this.redis.zrangebyscore(keys.votedPolls, sinceMs, '+inf');
  }

  /**
   * Voters whose vote on the poll was counted before `beforeMs` and is still pending: their ballot (null: taken back
   * or gone) and when it was counted (ms).
   */
  async pendingBefore(
    pollId: string,
    beforeMs: number,
    limit: number,
  ): Promise<{ voter: string; ballot: number[] | null; at: number }[]> {
    const flat = await this.redis.zrangebyscore(
      keys.pending(pollId),
      '-inf',
      beforeMs,
      'WITHSCORES',
      'LIMIT',
      0,
      limit,
    );
    const rows: { voter: string; at: number }[] = [];
    for (let i = 0; i < flat.length; i += 2) rows.push({ voter: flat[i]!, at: Number(flat[i + 1]) });
    const ballots = await this.choicesOn(
      pollId,
      rows.map((r) => r.voter),
    );
    return rows.map(({ voter, at }) => ({ voter, ballot: ballots.get(voter) ?? null, at }));
  }

  /**
   * Counts persisted votes (each ballot as its Redis value: domain/ballots.ts `fieldOfVote`) the counters do not know.
   * Returns the poll ids whose counts changed. One script call per
   * poll for all its votes (a poll's keys share a hash tag), sent together: the polls of a batch are on many cluster
   * nodes.
   */
  async ensure(votes: readonly { pollId: string; voter: string; field: string }[]): Promise<Set<string>> {
    const byPoll = new Map<string, string[]>();
    for (const v of votes) {
      let args = byPoll.get(v.pollId);
      if (!args) {
        args = [];
        byPoll.set(v.pollId, args);
      }
      args.push(v.voter, v.field, isVisitor(v.voter));
    }
    const polls = [...byPoll];
    const added = await Promise.all(
      polls.map(([pollId, args]) =>
        this.redis.pollsEnsureVotes(keys.counts(pollId), keys.voters(pollId), keys.seqs(pollId), ...args),
      ),
    );
    return new Set(polls.filter((_, i) => added[i]! > 0).map(([pollId]) => pollId));
  }

  /** Counts of polls (rebuilt from MongoDB for those Redis lacks). */
  async countsOf(polls: readonly PollShape[]): Promise<Map<string, PollCounts>> {
    const result = new Map<string, PollCounts>();
    if (polls.length === 0) return result;
    // One read per poll, sent together (polls' counters are on many nodes of a cluster).
    const hashes = await Promise.all(polls.map((p) => this.redis.hgetall(keys.counts(p.id))));
    const missing: PollShape[] = [];
    polls.forEach((p, i) => {
      const h = hashes[i]!;
      if (Object.keys(h).length === 0) missing.push(p);
      else result.set(p.id, countsFromHash(h, p.optionsCount));
    });
    for (const p of missing) {
      await this.rebuild(p);
      result.set(p.id, countsFromHash(await this.redis.hgetall(keys.counts(p.id)), p.optionsCount));
    }
    return result;
  }

  async countsOfOne(poll: PollShape): Promise<PollCounts> {
    return (await this.countsOf([poll])).get(poll.id)!;
  }

  /** The ballots of one voter on polls (null where they did not vote). Counters must exist (see countsOf). */
  async choicesOf(pollIds: readonly string[], voter: string | null): Promise<Map<string, number[] | null>> {
    const result = new Map<string, number[] | null>();
    if (!voter || pollIds.length === 0) {
      for (const id of pollIds) result.set(id, null);
      return result;
    }
    const values = await Promise.all(pollIds.map((id) => this.redis.hget(keys.voters(id), voter)));
    pollIds.forEach((id, i) => {
      const value = values[i];
      result.set(id, typeof value === 'string' ? ballotOf(value) : null);
    });
    return result;
  }

  /** The ballots of several voters on one poll. */
  /** Whether each of `voters` voted on the poll, in their order. */
  async votedAmong(pollId: string, voters: readonly string[]): Promise<boolean[]> {
    if (voters.length === 0) return [];
    const values = await this.redis.hmget(keys.voters(pollId), ...voters);
    return values.map((v) => v != null);
  }

  async choicesOn(pollId: string, voters: readonly string[]): Promise<Map<string, number[] | null>> {
    const result = new Map<string, number[] | null>();
    if (voters.length === 0) return result;
    const values = await this.redis.hmget(keys.voters(pollId), ...voters);
    voters.forEach((v, i) => {
      result.set(v, values[i] == null ? null : ballotOf(values[i]!));
    });
    return result;
  }

  /**
   * Rebuilds a poll's counters from the votes collection (and its change sequences and flows from the changes stored:
   * vote-change-records.ts): into temporary hashes, swapped in atomically unless counters appeared meanwhile. Votes
   * and changes persisted while it ran are then counted by `ensurePersistedSince` and `ensureChangesSince`.
   */
  async rebuild(poll: PollShape): Promise<void> {
    const started = new Date(Date.now() - 2000);
    const nonce = randomBytes(6).toString('hex');
    const tmp = keys.rebuild(poll.id, nonce);
    const pollObjectId = poll.id as unknown as Types.ObjectId;
    const votes = await this.models.Vote.find(
      { pollId: pollObjectId },
      { voter: 1, optionIndex: 1, optionIndexes: 1, ranking: 1 },
    ).lean();
    const counts: Record<string, number> = { t: 0, pv: 0 };
    for (let i = 0; i < poll.optionsCount; i++) counts[String(i)] = 0;
    for (const v of votes) {
      countBallotInto(counts, fieldOfVote(v));
      counts['t']! += 1;
      if (v.voter.startsWith('v:')) counts['pv']! += 1;
    }
    const ttl = countersTtlMs(poll.expiresAt);
    const pipe = this.redis.pipeline().hset(tmp.counts, counts).pexpire(tmp.counts, 60_000);
    for (let i = 0; i < votes.length; i += 1000) {
      const chunk: Record<string, string> = {};
      for (const v of votes.slice(i, i + 1000)) chunk[v.voter] = fieldOfVote(v);
      pipe.hset(tmp.voters, chunk);
    }
    if (votes.length) pipe.pexpire(tmp.voters, 60_000);
    const changes = await changeStateOf(this.models, poll.id);
    for (const [key, hash] of [
      [tmp.seqs, changes.seqs],
      [tmp.flows, changes.flows],
    ] as const) {
      if (Object.keys(hash).length) pipe.hset(key, hash).pexpire(key, 60_000);
    }
    await pipe.exec();
    const live = [keys.counts(poll.id), keys.voters(poll.id), keys.seqs(poll.id), keys.flows(poll.id)];
    const installed = await this.redis.pollsInstallCounts(...live, tmp.counts, tmp.voters, tmp.seqs, tmp.flows, ttl);
    if (installed === 1) {
      await this.ensurePersistedSince(started, poll.id);
      await this.changesSince?.(started, poll.id);
    }
  }

  /** Set by VoteChanges: counts the changes MongoDB applied since a moment that the counters do not know. */
  changesSince: ((since: Date, pollId?: string) => Promise<Set<string>>) | null = null;

  /**
   * Counts the votes MongoDB stored since `since` (of one poll, or of every poll) that the counters do not know, read
   * a thousand at a time; returns the polls whose counts changed.
   */
  async ensurePersistedSince(since: Date, pollId?: string): Promise<Set<string>> {
    const filter = { persistedAt: { $gte: since }, ...(pollId ? { pollId: pollId as unknown as Types.ObjectId } : {}) };
    const cursor = this.models.Vote.find(filter, { pollId: 1, voter: 1, optionIndex: 1, optionIndexes: 1, ranking: 1 })
      .lean()
      .cursor({ batchSize: ENSURE_CHUNK });
    const changed = new Set<string>();
    let chunk: { pollId: string; voter: string; field: string }[] = [];
    const flush = async () => {
      for (const id of await this.ensure(chunk)) changed.add(id);
      chunk = [];
    };
    for await (const v of cursor) {
      chunk.push({ pollId: String(v.pollId), voter: v.voter, field: fieldOfVote(v) });
      if (chunk.length === ENSURE_CHUNK) await flush();
    }
    if (chunk.length) await flush();
    return changed;
  }

  /** Moves a voter's recorded ballot on a poll to another name (a deleted account's pseudonym); counts stay as they are. */
  async renameVoter(pollId: string, from: string, to: string): Promise<void> {
    await this.redis.pollsRenameVoter(keys.voters(pollId), from, to);
  }

  /** Forgets a voter's change sequence on a poll (their account was deleted). */
  async forgetChanges(pollId: string, voter: string): Promise<void> {
    await this.redis.hdel(keys.seqs(pollId), voter);
  }

  /**
   * A scheduled poll's options changed before its opening (no vote can be in, and the edit's claim holds): its counters
   * get the new options' fields, keeping the claim and their expiry.
   */
  async reshape(pollId: string, from: number, to: number): Promise<void> {
    const key = keys.counts(pollId);
    const step = this.redis.multi();
    for (let i = to; i < from; i++) step.hdel(key, String(i));
    for (let i = from; i < to; i++) step.hsetnx(key, String(i), 0);
    await step.exec();
  }

  /** Forgets a poll's counters (it was deleted). */
  async drop(pollId: string): Promise<void> {
    await this.redis.del(
      keys.counts(pollId),
      keys.voters(pollId),
      keys.shareVoteIps(pollId),
      keys.meta(pollId),
      keys.seqs(pollId),
      keys.flows(pollId),
    );
  }
}
