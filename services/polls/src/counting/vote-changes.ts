/**
 * Changing or taking back a vote in Redis, on a poll that allows it: ONE Lua step moves the voter's ballot between the
 * counters (or takes it off them), raises the voter's change sequence number (`keys.seqs`), counts the move in the
 * poll's flows (`keys.flows`) and marks the change pending until its event is acknowledged — all or nothing. The
 * sequence number names the change's event (`vote-change:<poll>:<voter>:<seq>`), so every consumer applies a voter's
 * changes in order and each once. It is the change's time (ms), or one more than the voter's last when that is not
 * later: strictly increasing per voter, and never one that Redis lost with its last writes (a failover, a restart)
 * and already went out — a count from 1 would be used again then, its event dropped as a duplicate and skipped.
 */
import type { Redis } from 'ioredis';
import { defineScripts } from '@meydan/kit';
import { ballotField, ballotOf } from '../domain/ballots.js';
import { countsFromHash, hashFromFlat, type PollCounts } from '../domain/counts.js';
import type { Models, VoteSeqDoc } from '../model/index.js';
import { keys } from '../store/keys.js';
import { seqRecordsSince } from '../store/vote-change-records.js';
import { attemptStamp } from './attempt-stamp.js';
import { countBallot } from './counter-scripts.js';
import type { VoteCounters } from './vote-counters.js';

/** Lua: the counters follow a voter's ballot from `from` (a Lua variable, may be nil) to `to` ('' = none). */
const moveBallot = (from: string, to: string, visitor: string) => `
if ${from} then${countBallot(-1, from)}
  redis.call('HINCRBY', KEYS[1], 't', -1)
  if ${visitor} == '1' then redis.call('HINCRBY', KEYS[1], 'pv', -1) end
end
if ${to} ~= '' then
  redis.call('HSET', KEYS[2], voter, ${to})${countBallot(1, to)}
  redis.call('HINCRBY', KEYS[1], 't', 1)
  if ${visitor} == '1' then redis.call('HINCRBY', KEYS[1], 'pv', 1) end
else
  redis.call('HDEL', KEYS[2], voter)
end`;

/**
 * KEYS: counts, voters, ended claim, pending, sequences, flows. ARGV: voter, ballot ('' = take back), mode, '1' if a
 * share-link visitor, now (ms; the change's seq unless the voter's last is not earlier), the step's stamp (its pending
 * score: attempt-stamp.ts). Modes: 'change' (PUT: the voter has a ballot to move), 'take' (DELETE: the voter has a
 * ballot to take back), 'again' (a vote after taking it back: the voter has no ballot and a sequence). Returns {-4}
 * ended, {-1} counters missing (rebuild first), {-2} no ballot to change or take back, {-3} the same ballot, {-5} not
 * taken back before (a first vote: CAST), {0, ballot, counts} already voted ('again'), {1, seq, ballot before, counts}.
 * The same step run twice (ioredis sends it again after a lost connection when Redis ran it but its answer was lost) is
 * made once and answered alike, as the vote's CAST is.
 */
const CHANGE = `
if redis.call('EXISTS', KEYS[3]) == 1 then return {-4} end
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1} end
local total = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
if total > 0 and redis.call('EXISTS', KEYS[2]) == 0 then return {-1} end
local voter = ARGV[1]
local from = redis.call('HGET', KEYS[2], voter)
local state = redis.call('HGET', KEYS[5], voter)
-- This very step again (the client sent it anew after a lost connection, its first answer lost): made by the first run,
-- which left the voter pending with this very stamp (ARGV[6]) and this ballot; answered as it was.
local pendingAt = redis.call('ZSCORE', KEYS[4], voter)
if state and pendingAt and tonumber(pendingAt) == tonumber(ARGV[6]) and (from or '') == ARGV[2] then
  local last, before = string.match(state, '^(%d+)|(.*)$')
  return {1, tonumber(last), before, redis.call('HGETALL', KEYS[1])}
end
if ARGV[3] == 'again' then
  if from then return {0, from, redis.call('HGETALL', KEYS[1])} end
  if not state then return {-5} end
else
  if not from then return {-2} end
  if from == ARGV[2] then return {-3} end
end
${moveBallot('from', 'ARGV[2]', 'ARGV[4]')}
local seq = tonumber(ARGV[5])
if state then
  local last = tonumber(string.match(state, '^%d+'))
  if last + 1 > seq then seq = last + 1 end
end
redis.call('HSET', KEYS[5], voter, seq .. '|' .. (from or ''))
redis.call('HINCRBY', KEYS[6], (from or '') .. '>' .. ARGV[2], 1)
redis.call('ZADD', KEYS[4], ARGV[6], voter)
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  for i = 2, 6 do
    if i ~= 3 and redis.call('PTTL', KEYS[i]) == -1 then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
return {1, seq, from or '', redis.call('HGETALL', KEYS[1])}
`;

/**
 * After changes were applied in MongoDB: the counters learn those they do not know (rebuilt before the change reached
 * MongoDB, or a Redis failover took it): a voter whose sequence here is lower than the applied one is moved to its
 * ballot; its move counts in the flows when Redis still had the ballot it moved from (else changes between are
 * missing here, and only a rebuild counts them). KEYS: counts, voters, sequences, flows. ARGV per change: voter, seq,
 * ballot before, ballot ('' = none), '1' if a visitor. Returns how many moved.
 */
const ENSURE_CHANGES = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local moved = 0
for i = 1, #ARGV, 5 do
  local voter = ARGV[i]
  local seq = tonumber(ARGV[i + 1])
  local state = redis.call('HGET', KEYS[3], voter)
  local known = 0
  if state then known = tonumber(string.match(state, '^%d+')) end
  if known < seq then
    local from = redis.call('HGET', KEYS[2], voter)
    if (from or '') == ARGV[i + 2] then redis.call('HINCRBY', KEYS[4], ARGV[i + 2] .. '>' .. ARGV[i + 3], 1) end
    ${moveBallot('from', 'ARGV[i + 3]', 'ARGV[i + 4]')}
    redis.call('HSET', KEYS[3], voter, seq .. '|' .. ARGV[i + 2])
    moved = moved + 1
  end
end
return moved
`;

type ChangeReply = [number, (number | string)?, string?, string[]?];

interface ChangeCommands {
  pollsChangeVote(
    counts: string,
    voters: string,
    ended: string,
    pending: string,
    seqs: string,
    flows: string,
    voter: string,
    ballot: string,
    mode: string,
    visitor: string,
    now: number,
    stamp: number,
  ): Promise<ChangeReply>;
  pollsEnsureChanges(counts: string, voters: string, seqs: string, flows: string, ...args: string[]): Promise<number>;
}

export type ChangeMode = 'change' | 'take' | 'again';

export type ChangeOutcome =
  /** `seq`: the change's sequence number (strictly increasing per voter); `from`: the ballot before (empty: none); `choice`: the ballot now (empty: taken back). */
  | { status: 'changed'; seq: number; from: number[]; choice: number[]; counts: PollCounts; stamp: number }
  /** 'again' on a voter who has a ballot: the ballot counted. */
  | { status: 'duplicate'; choice: number[]; counts: PollCounts }
  | { status: 'missing' | 'ended' | 'not_voted' | 'same' | 'first_vote' };

/** A flow: how many changes moved a ballot `from` → `to` (empty `to`: taken back; empty `from`: voted again). */
export interface Flow {
  from: number[];
  to: number[];
  count: number;
}

const isVisitor = (voter: string) => (voter.startsWith('v:') ? '1' : '0');
const ballotOrNone = (field: string | undefined): number[] => (field ? ballotOf(field) : []);

export class VoteChanges {
  private readonly redis: Redis & ChangeCommands;

  constructor(
    redis: Redis,
    private readonly models: Models,
    private readonly counters: VoteCounters,
  ) {
    this.redis = defineScripts<ChangeCommands>(redis, {
      pollsChangeVote: { keys: 6, lua: CHANGE },
      pollsEnsureChanges: { keys: 4, lua: ENSURE_CHANGES },
    });
    counters.changesSince = (since, pollId) => this.ensureAppliedSince(since, pollId);
  }

  /** The one atomic step of a change (`ballot` ascending and valid; empty: take the vote back). */
  async change(
    pollId: string,
    optionsCount: number,
    voter: string,
    ballot: readonly number[],
    mode: ChangeMode,
  ): Promise<ChangeOutcome> {
    const now = Date.now();
    this.counters.markVoted(pollId, now);
    const stamp = attemptStamp(now);
    const [code, a, b, flat] = await this.redis.pollsChangeVote(
      keys.counts(pollId),
      keys.voters(pollId),
      keys.ended(pollId),
      keys.pending(pollId),
      keys.seqs(pollId),
      keys.flows(pollId),
      voter,
      ballotField(ballot),
      mode,
      isVisitor(voter),
      now,
      stamp,
    );
    switch (code) {
      case -4:
        return { status: 'ended' };
      case -1:
        return { status: 'missing' };
      case -2:
        return { status: 'not_voted' };
      case -3:
        return { status: 'same' };
      case -5:
        return { status: 'first_vote' };
      case 0:
        return {
          status: 'duplicate',
          choice: ballotOf(String(a)),
          counts: countsFromHash(hashFromFlat((b as unknown as string[]) ?? []), optionsCount),
        };
      default:
        return {
          status: 'changed',
          seq: Number(a),
          from: ballotOrNone(b),
          choice: [...ballot],
          counts: countsFromHash(hashFromFlat(flat ?? []), optionsCount),
          stamp,
        };
    }
  }

  /** The poll's flows, most moves first (counters must exist: see VoteCounters.countsOf). */
  async flows(pollId: string): Promise<Flow[]> {
    const hash = await this.redis.hgetall(keys.flows(pollId));
    return Object.entries(hash)
      .map(([field, n]) => {
        const [from = '', to = ''] = field.split('>');
        return { from: ballotOrNone(from), to: ballotOrNone(to), count: Number(n) };
      })
      .filter((f) => f.count > 0)
      .sort(
        (x, y) =>
          y.count - x.count ||
          ballotField(x.from).localeCompare(ballotField(y.from)) ||
          ballotField(x.to).localeCompare(ballotField(y.to)),
      );
  }

  /** The last change of each of `voters` on the poll (absent: they never changed): its seq and the ballot before it. */
  async lastChanges(pollId: string, voters: readonly string[]): Promise<Map<string, { seq: number; from: number[] }>> {
    const result = new Map<string, { seq: number; from: number[] }>();
    if (!voters.length) return result;
    const values = await this.redis.hmget(keys.seqs(pollId), ...voters);
    voters.forEach((voter, i) => {
      const value = values[i];
      if (value == null) return;
      const [seq, from] = value.split('|');
      result.set(voter, { seq: Number(seq), from: ballotOrNone(from) });
    });
    return result;
  }

  /** The counters learn the applied changes they lack (see ENSURE_CHANGES); returns the polls whose counts moved. */
  async ensure(
    records: readonly Pick<VoteSeqDoc, 'pollId' | 'voter' | 'seq' | 'ballot' | 'from'>[],
  ): Promise<Set<string>> {
    const byPoll = new Map<string, string[]>();
    for (const r of records) {
      const pollId = String(r.pollId);
      let args = byPoll.get(pollId);
      if (!args) {
        args = [];
        byPoll.set(pollId, args);
      }
      args.push(r.voter, String(r.seq), ballotField(r.from ?? []), ballotField(r.ballot ?? []), isVisitor(r.voter));
    }
    const polls = [...byPoll];
    const moved = await Promise.all(
      polls.map(([pollId, args]) =>
        this.redis.pollsEnsureChanges(
          keys.counts(pollId),
          keys.voters(pollId),
          keys.seqs(pollId),
          keys.flows(pollId),
          ...args,
        ),
      ),
    );
    return new Set(polls.filter((_, i) => moved[i]! > 0).map(([pollId]) => pollId));
  }

  /** The changes MongoDB applied since `since` (of one poll or every poll) that the counters lack, counted now. */
  async ensureAppliedSince(since: Date, pollId?: string): Promise<Set<string>> {
    const changed = new Set<string>();
    let chunk: VoteSeqDoc[] = [];
    const flush = async () => {
      for (const id of await this.ensure(chunk)) changed.add(id);
      chunk = [];
    };
    for await (const r of seqRecordsSince({ models: this.models }, since, pollId)) {
      chunk.push(r);
      if (chunk.length === 1000) await flush();
    }
    if (chunk.length) await flush();
    return changed;
  }
}
