/**
 * The "seen" marks of votes, one key per poll and voter (a vote already seen was counted in a notification before),
 * kept two days.
 */
import type { Redis } from 'ioredis';

/** How long a handled vote is remembered, so a redelivered vote event is not counted twice. */
const VOTE_SEEN_SECONDS = 2 * 24 * 3600;

export const voteSeenKey = (pollId: string, voter: string) => `seen:vote:${pollId}:${voter}`;

/**
 * Marks each key seen unless it already is; returns the keys it marked. When a mark fails, the ones it made are taken
 * back and the error is thrown (the batch's redelivery then counts those votes). One SET per key, sent together: the
 * votes of a batch are of polls whose marks are on many nodes of a cluster.
 */
export async function markVotesSeen(redis: Redis, keys: readonly string[]): Promise<string[]> {
  const replies = await Promise.allSettled(keys.map((key) => redis.set(key, '1', 'EX', VOTE_SEEN_SECONDS, 'NX')));
  const marked = keys.filter((_, i) => {
    const reply = replies[i]!;
    return reply.status === 'fulfilled' && reply.value === 'OK';
  });
  const failed = replies.find((reply): reply is PromiseRejectedResult => reply.status === 'rejected');
  if (failed) {
    await unmarkVotesSeen(redis, marked);
    throw failed.reason;
  }
  return marked;
}

/** Takes marks back (their votes are counted again on redelivery), one DEL per key; never fails. */
export async function unmarkVotesSeen(redis: Redis, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => redis.del(key))).catch(() => {});
}
