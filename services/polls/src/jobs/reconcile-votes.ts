/**
 * Whenever this process's Redis connection comes back (after the first): counts into Redis the votes MongoDB stored in
 * the last RECONCILE_LOOKBACK_MS that Redis does not know. A vote counted and persisted just before a failover can
 * be missing from the new master: the old one had not passed it on yet, or — a master that stalled, was failed over
 * and woke up — it went on taking votes until Sentinel made it a replica, which drops what it took meanwhile (its
 * clients are cut off then, so they reconnect: this). Votes persisted after the reconnection are the vote consumer's
 * (it checks the counters after each batch). Each process reconciles on its own reconnection; counting an already
 * known vote changes nothing, so two at once do no harm.
 */
import type { PollsContext } from '../context.js';

/** How far back stored votes are checked (a split brain lasts seconds; a failover's missing tail, less). */
export const RECONCILE_LOOKBACK_MS = 2 * 60_000;
/** A connection that comes and goes reconciles once it has stayed up this long. */
const SETTLE_MS = 1_000;
/** A reconciliation that failed (MongoDB or Redis still away) is tried again after this. */
const RETRY_MS = 5_000;

/**
 * Counts into Redis the votes persisted since `since` that it lacks; returns how many polls' counts changed (each
 * is pushed to its live viewers).
 */
export async function reconcileVotes(ctx: PollsContext, since: Date): Promise<number> {
  const changed = await ctx.counters.ensurePersistedSince(since);
  for (const pollId of await ctx.voteChanges.ensureAppliedSince(since)) changed.add(pollId);
  for (const pollId of changed) {
    const meta = await ctx.polls.meta(pollId);
    if (meta) ctx.live.touch(pollId, meta.optionsCount);
  }
  return changed.size;
}

export interface VoteReconciler {
  stop(): Promise<void>;
}

/** Reconciles after every reconnection of `ctx.redis` but its first connection. */
export function startVoteReconciler(ctx: PollsContext): VoteReconciler {
  const { redis, log } = ctx;
  let connectedOnce = redis.status === 'ready';
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  };
  function run() {
    timer = null;
    if (running) return schedule(SETTLE_MS);
    const since = new Date(Date.now() - RECONCILE_LOOKBACK_MS);
    running = reconcileVotes(ctx, since)
      .then((polls) => log.info({ polls }, 'vote counters reconciled with MongoDB after Redis reconnected'))
      .catch((err: unknown) => {
        log.warn({ err }, 'vote counters not reconciled after Redis reconnected: trying again');
        schedule(RETRY_MS);
      })
      .finally(() => {
        running = null;
      });
  }
  const onReady = () => {
    if (!connectedOnce) {
      connectedOnce = true;
      return;
    }
    schedule(SETTLE_MS);
  };
  redis.on('ready', onReady);
  // A Redis Cluster client stays ready through a node's failover: a node leaving its pool is the sign.
  redis.on('-node', onReady);
  return {
    async stop() {
      stopped = true;
      redis.off('ready', onReady);
      redis.off('-node', onReady);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
