/**
 * A vote's event (`events.polls.voteCast`) and its publishing: by the vote route once the vote is counted, and by the
 * pending-votes job for a vote whose process was killed before JetStream acknowledged it.
 */
import { events, type VoteCastEvent, type VoteChangedEvent } from '@meydan/proto';
import { PUBLISH_THROUGH_ELECTION, type Bus } from '@meydan/kit';
import { isRanked } from '../domain/ranked.js';
import { userIdOfVoter } from '../store/keys.js';
import type { PollMeta } from '../store/polls.js';

/** The event of `voter`'s ballot (ascending option indexes, or on a ranked poll its ranking) on the poll. */
export function voteEventOf(
  meta: Pick<PollMeta, 'id' | 'creatorId' | 'kind'>,
  voter: string,
  choices: readonly number[],
  at = new Date(),
): VoteCastEvent {
  return {
    pollId: meta.id,
    creatorId: meta.creatorId,
    voter,
    userId: userIdOfVoter(voter),
    optionIndex: choices[0]!,
    ...(isRanked(meta) ? { ranking: [...choices] } : choices.length > 1 ? { optionIndexes: [...choices] } : {}),
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
  await ctx.bus.publishReliably(events.polls.voteCast, event, {
    msgId,
    requestId,
    retryForMs,
    ...PUBLISH_THROUGH_ELECTION,
  });
}

/**
 * The event of a change of `voter`'s vote: their `seq`-th change, from the ballot `from` (empty: none) to `to` (empty:
 * taken back).
 */
export function voteChangeEventOf(
  meta: Pick<PollMeta, 'id' | 'creatorId'>,
  voter: string,
  seq: number,
  from: readonly number[],
  to: readonly number[],
  at = new Date(),
): VoteChangedEvent {
  return {
    pollId: meta.id,
    creatorId: meta.creatorId,
    voter,
    userId: userIdOfVoter(voter),
    seq,
    from: from.length ? [...from] : null,
    to: to.length ? [...to] : null,
    at: at.toISOString(),
  };
}

/**
 * Publishes a change under `vote-change:<poll>:<voter>:<seq>`: a retry, the pending-votes job's publish and every
 * redelivery are the same change, applied once (JetStream's dedupe, and each consumer's last applied seq per voter).
 */
export async function publishVoteChange(ctx: { bus: Bus }, event: VoteChangedEvent, requestId: string): Promise<void> {
  const msgId = `vote-change:${event.pollId}:${event.voter}:${event.seq}`;
  const retryForMs = ctx.bus.settings.publishRetryMs;
  await ctx.bus.publishReliably(events.polls.voteChanged, event, {
    msgId,
    requestId,
    retryForMs,
    ...PUBLISH_THROUGH_ELECTION,
  });
}
