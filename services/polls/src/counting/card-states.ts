/**
 * What a poll card shows of a poll's Redis state for one viewer: its vote counts, its likes, comments and shares with
 * whether the viewer likes it, and the viewer's ballot, read by one script per poll (its keys share the poll's hash
 * tag) instead of three commands. A poll whose counters or engagement are missing is read through VoteCounters and
 * Engagement, which recount them from MongoDB.
 */
import type { Redis } from 'ioredis';
import { defineScripts } from '@meydan/kit';
import { ballotOf } from '../domain/ballots.js';
import { countsFromHash, hashFromFlat, type PollCounts } from '../domain/counts.js';
import type { Engagement, EngagementOf } from './engagement.js';
import { keys } from '../store/keys.js';
import type { PollShape, VoteCounters } from './vote-counters.js';

/** KEYS: counts, engagement, voters. ARGV: the voter (or ''), the viewer's liker field (or ''). */
const READ_CARD = `
local counts = redis.call('HGETALL', KEYS[1])
local engagement = redis.call('HMGET', KEYS[2], 'l', 'c', 's', 'lk', ARGV[2])
local ballot = false
if ARGV[1] ~= '' then ballot = redis.call('HGET', KEYS[3], ARGV[1]) end
return {counts, engagement, ballot}
`;

interface CardCommands {
  pollsReadCard(
    counts: string,
    engagement: string,
    voters: string,
    voter: string,
    liker: string,
  ): Promise<[string[], (string | null)[], string | null]>;
}

/** Defines the card script on the client; called when the service starts (see the kit's `defineScripts`). */
export function defineCardScripts(redis: Redis): void {
  defineScripts<CardCommands>(redis, { pollsReadCard: { keys: 3, lua: READ_CARD } });
}

export interface CardState {
  counts: PollCounts;
  engagement: EngagementOf;
  /** The viewer's ballot, or null. */
  choice: number[] | null;
}

type Cards = { redis: Redis; counters: VoteCounters; engagement: Engagement };

export async function cardStates(
  ctx: Cards,
  polls: readonly PollShape[],
  voter: string | null,
  userId: string | null,
): Promise<Map<string, CardState>> {
  const redis = ctx.redis as Redis & CardCommands;
  const replies = await Promise.all(
    polls.map((p) =>
      redis.pollsReadCard(
        keys.counts(p.id),
        keys.engagement(p.id),
        keys.voters(p.id),
        voter ?? '',
        userId ? `u:${userId}` : '',
      ),
    ),
  );
  const states = new Map<string, CardState>();
  const noCounts: PollShape[] = [];
  const noEngagement: PollShape[] = [];
  polls.forEach((p, i) => {
    const [countsFlat, [l, c, s, lk, mine], ballot] = replies[i]!;
    const counts = countsFlat.length ? countsFromHash(hashFromFlat(countsFlat), p.optionsCount) : null;
    const engagement =
      l != null && c != null && s != null && lk != null
        ? { likes: Number(l), comments: Number(c), shares: Number(s), liked: mine != null }
        : null;
    if (!counts) noCounts.push(p);
    if (!engagement) noEngagement.push(p);
    if (counts && engagement)
      states.set(p.id, { counts, engagement, choice: ballot == null ? null : ballotOf(ballot) });
  });
  if (noCounts.length === 0 && noEngagement.length === 0) return states;
  // The rare poll whose state expired or was flushed: recounted, then read as before.
  const missing = polls.filter((p) => !states.has(p.id));
  // The counters first: their recount puts the voters back, which the ballots are read from.
  const counts = await ctx.counters.countsOf(missing);
  const [engagement, choices] = await Promise.all([
    ctx.engagement.of(missing, userId),
    ctx.counters.choicesOf(
      missing.map((p) => p.id),
      voter,
    ),
  ]);
  for (const p of missing)
    states.set(p.id, {
      counts: counts.get(p.id)!,
      engagement: engagement.get(p.id)!,
      choice: choices.get(p.id) ?? null,
    });
  return states;
}
