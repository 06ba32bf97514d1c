/**
 * The vote counters' Lua steps (run by VoteCounters, vote-counters.ts): the vote's one atomic step (CAST), its undo,
 * the counting of persisted votes the counters lack (ENSURE), the swap of rebuilt counters (INSTALL) and the renaming of
 * a voter, with the commands they define on the Redis client.
 */

/**
 * Lua: adds `delta` to the counter (KEYS[1]) of every option of the ballot in `ballot` (ARGV[2] unless told); a single
 * choice (no comma, the hot case) is one HINCRBY as it always was. A ranking ('>2,0,1', domain/ballots.ts) counts its
 * first preference and its own field (the runoff reads those: domain/runoff.ts). `countBallotInto` is the same in JS.
 */
export const countBallot = (delta: number, ballot = 'ARGV[2]') => `
if string.sub(${ballot}, 1, 1) == '>' then
  redis.call('HINCRBY', KEYS[1], string.match(${ballot}, '%d+'), ${delta})
  redis.call('HINCRBY', KEYS[1], ${ballot}, ${delta})
elseif string.find(${ballot}, ',', 1, true) then
  for option in string.gmatch(${ballot}, '%d+') do redis.call('HINCRBY', KEYS[1], option, ${delta}) end
else
  redis.call('HINCRBY', KEYS[1], ${ballot}, ${delta})
end`;

/**
 * KEYS: counts, voters, ended claim, pending, change sequences[, IP networks]. ARGV: voter, ballot ("1" or "0,2"), '1'
 * if a share-link visitor[, IP network field, votes one IP network may have counted], now (ms; always the last).
 * Returns {-4} the poll has ended (its ended event is claimed), {-3} the IP network's votes are used up, {-1} counters
 * missing (rebuild first), {-5} the voter took their vote back before (voting again is a change: vote-changes.ts),
 * {-6} its creator is editing it (the `ed` claim: edit-claims.ts), {0, previous ballot, counts} already voted, {1, ballot, counts} counted. The IP network is claimed only by a vote that
 * is counted, in the same step; a counted vote is pending until its event is acknowledged (`confirm`).
 * The same step run twice is counted once and answered alike: ioredis sends a command again after a lost connection
 * (autoResendUnfulfilledCommands) when Redis ran it but its answer was lost (a restart), and the second run finds the
 * voter pending with the same ballot at the same moment (the pending set's score, `now` with a random fraction of a
 * millisecond: attemptStamp): `counted`, not `already voted` to a voter whose first vote it is. A voter's own second
 * try, even in the same millisecond, comes with another stamp: already voted.
 */
export const CAST = `
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
export const UNDO = `
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
export const ENSURE = `
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
export const INSTALL = `
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
export const RENAME_VOTER = `
local choice = redis.call('HGET', KEYS[1], ARGV[1])
if not choice then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], choice)
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
`;

type CastReply = [number, string?, string[]?];

export interface CounterCommands {
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
