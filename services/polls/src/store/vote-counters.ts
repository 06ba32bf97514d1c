/**
 * Exact vote counts in Redis. One Lua step per vote does the dedupe (voters hash) and the per-option counters
 * together; MongoDB's votes collection is the record they are rebuilt from whenever Redis lacks them. A vote is a
 * ballot: one option, or on a multiple-choice poll several (stored as "0,2", see domain/ballots.ts), counted all in
 * the same step or not at all; `t` counts ballots.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Types } from 'mongoose';
import { ballotField, ballotOf, ballotOfVote } from '../domain/ballots.js';
import { countsFromHash, hashFromFlat, type PollCounts } from '../domain/counts.js';
import type { Models } from '../model/index.js';
import { keys } from './keys.js';
import { attemptStamp } from './attempt-stamp.js';
import { changeStateOf } from './vote-change-records.js';
import { PendingConfirms } from './pending-confirms.js';
import { defineScripts } from '@meydan/kit';

const DAY_MS = 24 * 3600 * 1000;
/** Stored votes checked against the counters per step (see ensurePersistedSince). */
const ENSURE_CHUNK = 1_000;
/** How often a process lists a poll among the voted ones (the pending-votes job looks 15 minutes back). */
const VOTED_MARK_MS = 10_000;

/**
 * Lua: adds `delta` to the counter (KEYS[1]) of every option of the ballot in `ballot` (ARGV[2] unless told); a single
 * choice (no comma, the hot case) is one HINCRBY as it always was.
 */
export const countBallot = (delta: number, ballot = 'ARGV[2]') => `
if string.find(${ballot}, ',', 1, true) then
  for option in string.gmatch(${ballot}, '%d+') do redis.call('HINCRBY', KEYS[1], option, ${delta}) end
else
  redis.call('HINCRBY', KEYS[1], ${ballot}, ${delta})
end`;

/**
 * KEYS: counts, voters, ended claim, pending, change sequences[, IP networks]. ARGV: voter, ballot ("1" or "0,2"), '1'
 * if a share-link visitor[, IP network field, votes one IP network may have counted], now (ms; always the last).
 * Returns {-4} the poll has ended (its ended event is claimed), {-3} the IP network's votes are used up, {-1} counters
 * missing (rebuild first), {-5} the voter took their vote back before (voting again is a change: vote-changes.ts),
 * {-6} its creator is editing it (the `ed` claim: store/poll-edits.ts), {0, previous ballot, counts} already voted, {1, ballot, counts} counted. The IP network is claimed only by a vote that
 * is counted, in the same step; a counted vote is pending until its event is acknowledged (`confirm`).
 * The same step run twice is counted once and answered alike: ioredis sends a command again after a lost connection
 * (autoResendUnfulfilledCommands) when Redis ran it but its answer was lost (a restart), and the second run finds the
 * voter pending with the same ballot at the same moment (the pending set's score, `now` with a random fraction of a
 * millisecond: attemptStamp): `counted`, not `already voted` to a voter whose first vote it is. A voter's own second
 * try, even in the same millisecond, comes with another stamp: already voted.
 */
const CAST = `
if redis.call('EXISTS', KEYS[3]) == 1 then return {-4} end
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1} end
if tonumber(redis.call('HGET', KEYS[1], 'ed') or '0') > tonumber(ARGV[#ARGV]) then return {-6} end
local total = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
if total > 0 and redis.call('EXISTS', KEYS[2]) == 0 then return {-1} end
local prev = redis.call('HGET', KEYS[2], ARGV[1])
if prev then
  -- This very step again (the client sent it anew after a lost connection, its first answer lost): counted by the first.
  if prev == ARGV[2] and tonumber(redis.call('ZSCORE', KEYS[4], ARGV[1]) or '-1') == tonumber(ARGV[#ARGV]) then
    return {1, prev, redis.call('HGETALL', KEYS[1])}
  end
  return {0, prev, redis.call('HGETALL', KEYS[1])}
end
if redis.call('HEXISTS', KEYS[5], ARGV[1]) == 1 then return {-5} end
if KEYS[6] and tonumber(redis.call('HGET', KEYS[6], ARGV[4]) or '0') >= tonumber(ARGV[5]) then return {-3} end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])${countBallot(1)}
redis.call('HINCRBY', KEYS[1], 't', 1)
redis.call('ZADD', KEYS[4], ARGV[#ARGV], ARGV[1])
if ARGV[3] == '1' then redis.call('HINCRBY', KEYS[1], 'pv', 1) end
local ttl = redis.call('PTTL', KEYS[1])
if total == 0 and ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
if KEYS[6] then
  redis.call('HINCRBY', KEYS[6], ARGV[4], 1)
  if ttl > 0 and redis.call('PTTL', KEYS[6]) < 0 then redis.call('PEXPIRE', KEYS[6], ttl) end
end
return {1, ARGV[2], redis.call('HGETALL', KEYS[1])}
`;

/**
 * Takes back a vote that could not be published (only if it is still the voter's recorded ballot), its IP claim and
 * its pending mark. KEYS: counts, voters, pending[, IP networks].
 */
const UNDO = `
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])${countBallot(-1)}
redis.call('HINCRBY', KEYS[1], 't', -1)
if ARGV[3] == '1' then redis.call('HINCRBY', KEYS[1], 'pv', -1) end
if KEYS[4] and redis.call('HINCRBY', KEYS[4], ARGV[4], -1) <= 0 then redis.call('HDEL', KEYS[4], ARGV[4]) end
return 1
`;

/**
 * After votes of one poll are persisted: counts those the counters exist but do not know (they were rebuilt from
 * MongoDB before these votes reached it). A voter who changed their vote (an entry in the change sequences, KEYS[3])
 * is left to the changes (vote-changes.ts): their first vote is history. ARGV: voter, ballot, '1' if a share-link
 * visitor, repeated per vote. Returns how many had to be added.
 */
const ENSURE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local added = 0
for i = 1, #ARGV, 3 do
  if redis.call('HEXISTS', KEYS[3], ARGV[i]) == 0 and redis.call('HSETNX', KEYS[2], ARGV[i], ARGV[i + 1]) == 1 then${countBallot(1, 'ARGV[i + 1]')}
    redis.call('HINCRBY', KEYS[1], 't', 1)
    if ARGV[i + 2] == '1' then redis.call('HINCRBY', KEYS[1], 'pv', 1) end
    added = added + 1
  end
end
if added > 0 and redis.call('PTTL', KEYS[2]) < 0 then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
end
return added
`;

/**
 * KEYS: the live hashes (counts, voters, change sequences, flows), then the rebuilt ones in the same order. ARGV: ttl
 * ms. Swaps the rebuilt hashes in unless counters appeared meanwhile (a rebuilt hash left empty removes its live one).
 */
const INSTALL = `
local n = #KEYS / 2
if redis.call('EXISTS', KEYS[1]) == 1 then
  for i = n + 1, #KEYS do redis.call('DEL', KEYS[i]) end
  return 0
end
for i = 1, n do
  if redis.call('EXISTS', KEYS[n + i]) == 1 then
    redis.call('RENAME', KEYS[n + i], KEYS[i])
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
  else
    redis.call('DEL', KEYS[i])
  end
end
return 1
`;

/** KEYS: voters. ARGV: old voter, new voter. Moves a recorded ballot to another voter name (counts unchanged). */
const RENAME_VOTER = `
local choice = redis.call('HGET', KEYS[1], ARGV[1])
if not choice then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], choice)
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
`;

type CastReply = [number, string?, string[]?];

interface CounterCommands {
  pollsCastVote(
    counts: string,
    voters: string,
    ended: string,
    pending: string,
    seqs: string,
    voter: string,
    ballot: string,
    visitor: string,
    now: number,
  ): Promise<CastReply>;
  pollsCastVotePerIp(
    counts: string,
    voters: string,
    ended: string,
    pending: string,
    seqs: string,
    ips: string,
    voter: string,
    ballot: string,
    visitor: string,
    network: string,
    perIp: number,
    now: number,
  ): Promise<CastReply>;
  pollsUndoVote(
    counts: string,
    voters: string,
    pending: string,
    voter: string,
    ballot: string,
    visitor: string,
  ): Promise<number>;
  pollsUndoVotePerIp(
    counts: string,
    voters: string,
    pending: string,
    ips: string,
    voter: string,
    ballot: string,
    visitor: string,
    network: string,
  ): Promise<number>;
  pollsEnsureVotes(counts: string, voters: string, seqs: string, ...voteArgs: string[]): Promise<number>;
  pollsInstallCounts(...keysThenTtl: (string | number)[]): Promise<number>;
  pollsRenameVoter(voters: string, from: string, to: string): Promise<number>;
}

export type CastOutcome =
  /** `choice`: the ballot counted (or, when a duplicate, the one counted before), ascending indexes. */
  | { status: 'counted'; choice: number[]; counts: PollCounts; stamp: number }
  | { status: 'duplicate'; choice: number[]; counts: PollCounts }
  | { status: 'missing' }
  /** The poll has ended (closed early, or its expiry passed and was swept). */
  | { status: 'ended' }
  /** Its creator is storing an edit of its text right now (store/poll-edits.ts). */
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
   * The one atomic step of a vote (a valid ballot, ascending: see domain/ballots.ts); with `ip`, the vote also claims
   * its IP network on the poll (same step).
   */
  async cast(
    pollId: string,
    optionsCount: number,
    voter: string,
    ballot: readonly number[],
    ip?: IpClaim,
  ): Promise<CastOutcome> {
    const counts = keys.counts(pollId);
    const voters = keys.voters(pollId);
    const field = ballotField(ballot);
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

  async undo(pollId: string, voter: string, ballot: readonly number[], ip?: IpClaim): Promise<void> {
    const [counts, voters, field] = [keys.counts(pollId), keys.voters(pollId), ballotField(ballot)];
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
   * Counts persisted votes the counters do not know. Returns the poll ids whose counts changed. One script call per
   * poll for all its votes (a poll's keys share a hash tag), sent together: the polls of a batch are on many cluster
   * nodes.
   */
  async ensure(votes: readonly { pollId: string; voter: string; ballot: readonly number[] }[]): Promise<Set<string>> {
    const byPoll = new Map<string, string[]>();
    for (const v of votes) {
      let args = byPoll.get(v.pollId);
      if (!args) byPoll.set(v.pollId, (args = []));
      args.push(v.voter, ballotField(v.ballot), isVisitor(v.voter));
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
    voters.forEach((v, i) => result.set(v, values[i] == null ? null : ballotOf(values[i]!)));
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
      { voter: 1, optionIndex: 1, optionIndexes: 1 },
    ).lean();
    const counts: Record<string, number> = { t: 0, pv: 0 };
    for (let i = 0; i < poll.optionsCount; i++) counts[String(i)] = 0;
    for (const v of votes) {
      for (const option of ballotOfVote(v)) counts[String(option)] = (counts[String(option)] ?? 0) + 1;
      counts['t']! += 1;
      if (v.voter.startsWith('v:')) counts['pv']! += 1;
    }
    const ttl = countersTtlMs(poll.expiresAt);
    const pipe = this.redis.pipeline().hset(tmp.counts, counts).pexpire(tmp.counts, 60_000);
    for (let i = 0; i < votes.length; i += 1000) {
      const chunk: Record<string, string> = {};
      for (const v of votes.slice(i, i + 1000)) chunk[v.voter] = ballotField(ballotOfVote(v));
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
    const cursor = this.models.Vote.find(filter, { pollId: 1, voter: 1, optionIndex: 1, optionIndexes: 1 })
      .lean()
      .cursor({ batchSize: ENSURE_CHUNK });
    const changed = new Set<string>();
    let chunk: { pollId: string; voter: string; ballot: number[] }[] = [];
    const flush = async () => {
      for (const id of await this.ensure(chunk)) changed.add(id);
      chunk = [];
    };
    for await (const v of cursor) {
      chunk.push({ pollId: String(v.pollId), voter: v.voter, ballot: ballotOfVote(v) });
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
