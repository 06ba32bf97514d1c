import type { Redis } from 'ioredis';
import type { Models, PollDoc } from '../model/index.js';
import { keys } from './keys.js';

/**
 * A poll's end, once: claimed in Redis by the ended-polls sweep or by its creator closing it early, then published
 * with its result (usecases/poll-endings.ts).
 */
type Endings = { redis: Redis; models: Models };

/** How long a claim is remembered (past any sweep that could still find the poll). */
const CLAIM_TTL_S = 60 * 24 * 3600;

/**
 * Claims publishing the poll's ended event: true for exactly one caller, whether the sweep (at expiry) or the creator
 * closing it early. A claimed poll also takes no more votes (the vote's Lua step checks the claim).
 */
export async function claimEnded(ctx: Endings, pollId: string, now: Date): Promise<boolean> {
  return (await ctx.redis.set(keys.ended(pollId), now.toISOString(), 'EX', CLAIM_TTL_S, 'NX')) === 'OK';
}

/** Gives back the claim of a poll whose ended event was not published, with its `endedAt` cleared, so the next sweep publishes it. */
export async function unclaimEnded(ctx: Pick<Endings, 'redis' | 'models'>, poll: PollDoc): Promise<void> {
  await ctx.redis.del(keys.ended(String(poll._id))).catch(() => undefined);
  await ctx.models.Poll.updateOne({ _id: poll._id }, { $set: { endedAt: null } }, { timestamps: false }).catch(
    () => undefined,
  );
}
