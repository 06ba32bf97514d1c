/**
 * What the telling of an ended poll's voters has done (usecases/poll-results.ts): one "told" mark per poll and voter,
 * so each voter is told once however often the event comes, and the page of voters reached, so a redelivery goes on
 * from there. Kept a week: far beyond any redelivery.
 */
import type { Redis } from 'ioredis';

const TOLD_SECONDS = 7 * 24 * 3600;
const toldKey = (pollId: string, userId: string) => `told:results:${pollId}:${userId}`;
const reachedKey = (pollId: string) => `told:results:${pollId}:page`;

/** The page of the poll's voters reached so far: null before the first, 'done' once every page was told. */
export const votersPageReached = (redis: Redis, pollId: string): Promise<string | null> =>
  redis.get(reachedKey(pollId));

/** Records the page reached (`next` of the page just told; null: the last page was told). */
export async function recordVotersPageReached(redis: Redis, pollId: string, next: string | null): Promise<void> {
  await redis.set(reachedKey(pollId), next ?? 'done', 'EX', TOLD_SECONDS);
}

/** Marks the voter told of the poll; false when they already were. */
export async function markTold(redis: Redis, pollId: string, userId: string): Promise<boolean> {
  return (await redis.set(toldKey(pollId, userId), '1', 'EX', TOLD_SECONDS, 'NX')) === 'OK';
}

/** Takes a told mark back (the notification it stood for was not written). */
export async function unmarkTold(redis: Redis, pollId: string, userId: string): Promise<void> {
  await redis.del(toldKey(pollId, userId));
}
