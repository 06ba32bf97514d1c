/**
 * A vote's event (`events.polls.voteCast`) and its publishing: by the vote route once the vote is counted, and by the
 * pending-votes job for a vote whose process was killed before JetStream acknowledged it.
 */
import { events, type VoteCastEvent } from '@meydan/proto';
import { PUBLISH_THROUGH_ELECTION, type Bus } from '@meydan/kit';
import { userIdOfVoter } from './keys.js';
import type { PollMeta } from './polls.js';

/** The event of `voter`'s ballot (ascending option indexes) on the poll. */
export function voteEventOf(meta: Pick<PollMeta, 'id' | 'creatorId'>, voter: string, choices: readonly number[], at = new Date()): VoteCastEvent {
  return {
    pollId: meta.id,
    creatorId: meta.creatorId,
    voter,
    userId: userIdOfVoter(voter),
    optionIndex: choices[0]!,
    ...(choices.length > 1 ? { optionIndexes: [...choices] } : {}),
    at: at.toISOString(),
  };
}

/**
 * Publishes the vote; the same message id on every attempt, so a retry after a lost ack is stored once (and the vote
 * consumer's unique index stores it once after JetStream's window too). Retried for NATS_PUBLISH_RETRY_MS (10 s): a
 * JetStream leader election refuses publishes for a few seconds.
 */
export async function publishVote(ctx: { bus: Bus }, event: VoteCastEvent, requestId: string): Promise<void> {
  const msgId = `vote:${event.pollId}:${event.voter}`;
  const retryForMs = ctx.bus.settings.publishRetryMs;
  await ctx.bus.publishReliably(events.polls.voteCast, event, { msgId, requestId, retryForMs, ...PUBLISH_THROUGH_ELECTION });
}
