/**
 * Edits of a poll's text, which never change an answered question: an edit is allowed only while the poll has no
 * vote, decided in one Redis step against the same counters the vote's Lua step counts in. The edit claims the poll
 * there (the counters hash's `ed` field: until when, ms) only if no vote was counted; while the claim holds, the vote's
 * step refuses votes (counter-scripts.ts CAST, 409 `poll_being_edited`). So an edit and a first vote arriving together never
 * both win: either the vote was counted first (the edit gets 409 `poll_answered`) or the vote comes after the edit is
 * stored (or is refused while it is being stored).
 */
import type { Redis } from 'ioredis';
import { defineScripts } from '@meydan/kit';
import { keys } from '../store/keys.js';
import type { PollShape, VoteCounters } from './vote-counters.js';

/** How long an edit's claim holds at most (a process killed mid-edit lets votes in again after it). */
export const EDIT_CLAIM_MS = 5_000;

/**
 * KEYS: counts, ended claim, change sequences. ARGV: claim until (ms), now (ms). Returns -4 the poll has ended, -1
 * counters missing (rebuild first), -2 another edit holds the claim, 0 the poll has or had a vote (a vote taken back
 * leaves its voter's change sequence: the question was answered once), 1 claimed.
 */
const CLAIM = `
if redis.call('EXISTS', KEYS[2]) == 1 then return -4 end
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if tonumber(redis.call('HGET', KEYS[1], 't') or '0') > 0 then return 0 end
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'ed') or '0') > tonumber(ARGV[2]) then return -2 end
redis.call('HSET', KEYS[1], 'ed', ARGV[1])
return 1
`;

/** KEYS: counts. ARGV: the claim's value. Ends the claim if it is still this one. */
const RELEASE = `
if redis.call('HGET', KEYS[1], 'ed') == ARGV[1] then
  redis.call('HDEL', KEYS[1], 'ed')
  return 1
end
return 0
`;

interface EditCommands {
  pollsClaimEdit(counts: string, ended: string, seqs: string, until: string, now: number): Promise<number>;
  pollsReleaseEdit(counts: string, claim: string): Promise<number>;
}

export type EditClaim = { status: 'claimed'; release: () => Promise<void> } | { status: 'answered' | 'ended' | 'busy' };

type EditDeps = { redis: Redis; counters: VoteCounters };

/** Defines the edit's scripts on the client: at start-up (context.ts), never on first use (see the kit's defineScripts). */
export function defineEditScripts(redis: Redis): void {
  defineScripts<EditCommands>(redis, {
    pollsClaimEdit: { keys: 3, lua: CLAIM },
    pollsReleaseEdit: { keys: 1, lua: RELEASE },
  });
}

const commands = (redis: Redis) => redis as Redis & EditCommands;

/** Claims the poll for an edit if it has no vote yet (its counters rebuilt from MongoDB first when Redis lacks them). */
export async function claimEdit(ctx: EditDeps, poll: PollShape): Promise<EditClaim> {
  const redis = commands(ctx.redis);
  const counts = keys.counts(poll.id);
  const attempt = () => {
    const now = Date.now();
    const until = String(now + EDIT_CLAIM_MS);
    return redis
      .pollsClaimEdit(counts, keys.ended(poll.id), keys.seqs(poll.id), until, now)
      .then((code) => ({ code, until }));
  };
  let { code, until } = await attempt();
  if (code === -1) {
    await ctx.counters.rebuild(poll);
    ({ code, until } = await attempt());
  }
  if (code === 1)
    return { status: 'claimed', release: () => redis.pollsReleaseEdit(counts, until).then(() => undefined) };
  if (code === 0) return { status: 'answered' };
  if (code === -4) return { status: 'ended' };
  if (code === -1) throw new Error(`counters of poll ${poll.id} missing after a rebuild`);
  return { status: 'busy' };
}
