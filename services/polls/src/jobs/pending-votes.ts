/**
 * Every POLLS_PENDING_SWEEP_MS: votes counted in Redis whose event JetStream never acknowledged — the process was
 * killed between the two — are published now, under the vote's own message id (stored once, by JetStream's dedupe and
 * the vote consumer's unique index, whether or not the first publish had got through). Such a voter got no answer or
 * the gateway's 502 answer_lost, which says the vote may have been counted; without this job Redis would count it and
 * MongoDB never would. A vote is left alone while its own publish may still be retrying (NATS_PUBLISH_RETRY_MS), and
 * one instance sweeps at a time (a Redis lock). A voter who changed their vote (or took it back) since is published as
 * their last change, under that change's own message id and seq: the change carries the whole ballot, so it alone
 * brings every consumer to where the voter is.
 */
import { everyInterval, gauge, tryLock, type PeriodicJob } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { keys } from '../store/keys.js';
import { publishVote, publishVoteChange, voteChangeEventOf, voteEventOf } from '../usecases/vote-events.js';

/** How far back the job looks for polls voted on (it runs every few seconds: much longer than it needs). */
const LOOKBACK_MS = 15 * 60_000;
const BATCH = 500;

/**
 * What the last sweep of this process found: votes counted in Redis and still unacknowledged past their grace. 0 when
 * another instance held the lock, so the sum over the instances is the last sweep's finding. It stays above 0 only while
 * the votes cannot be published (NATS or JetStream failing): the MeydanPendingVotesGrowing alert.
 */
const unacknowledgedVotes = gauge({
  name: 'meydan_votes_unacknowledged',
  help: "Votes counted in Redis whose event JetStream had not acknowledged past their grace, found by this process's last pending-votes sweep",
});

/** One sweep; returns how many pending votes it published. `graceMs`: how old a pending vote must be. */
export async function sweepPendingVotes(
  ctx: PollsContext,
  now = Date.now(),
  graceMs = ctx.bus.settings.publishRetryMs + 5_000,
): Promise<number> {
  const release = await tryLock(ctx.redis, keys.pendingVotesLock, 60_000);
  if (!release) {
    unacknowledgedVotes.set(0);
    return 0;
  }
  let published = 0;
  let found = 0;
  try {
    for (const pollId of await ctx.counters.votedPollsSince(now - LOOKBACK_MS)) {
      const pending = await ctx.counters.pendingBefore(pollId, now - graceMs, BATCH);
      if (pending.length === 0) continue;
      found += pending.length;
      const meta = await ctx.polls.meta(pollId);
      const changes = await ctx.voteChanges.lastChanges(
        pollId,
        pending.map((p) => p.voter),
      );
      for (const { voter, ballot, at } of pending) {
        const change = changes.get(voter);
        if (meta && change) {
          const event = voteChangeEventOf(meta, voter, change.seq, change.from, ballot ?? [], new Date(at));
          await publishVoteChange(ctx, event, `pending-votes:${pollId}`);
          published += 1;
        } else if (meta && ballot) {
          // (Taken back by a failed publish, or the poll and its counters are gone: nothing to publish.)
          await publishVote(ctx, voteEventOf(meta, voter, ballot, new Date(at)), `pending-votes:${pollId}`);
          published += 1;
        }
        ctx.counters.confirm(pollId, voter, at);
      }
      ctx.log.warn({ pollId, votes: pending.length }, 'votes counted but never acknowledged: published now');
    }
  } finally {
    // Set even when a publish failed midway: those votes are still pending.
    unacknowledgedVotes.set(found);
    await release();
  }
  return published;
}

export function startPendingVotesJob(ctx: PollsContext): PeriodicJob {
  return everyInterval(
    'pending votes sweep',
    ctx.config.POLLS_PENDING_SWEEP_MS ?? 5_000,
    () => sweepPendingVotes(ctx),
    ctx.log,
  );
}
