import type { FastifyInstance } from 'fastify';
import { createServiceApp, type ServiceDeps } from '@meydan/kit';
import { createContext, type PollsContext } from './context.js';
import { startEndedPollsJob } from './jobs/ended-polls.js';
import { startOpeningPollsJob } from './jobs/opening-polls.js';
import { startPendingVotesJob } from './jobs/pending-votes.js';
import { startVoteReconciler } from './jobs/reconcile-votes.js';
import { countVotes } from './routes/vote-metrics.js';
import { ensureIndexes } from './model/index.js';
import { registerNatsHandlers } from './nats/handlers.js';
import { bindMemberData } from './nats/member-data.js';
import { startVotePersister } from './nats/persist-votes.js';
import { startVoteChangePersister } from './nats/persist-vote-changes.js';
import { pollRoutes } from './routes/polls.js';
import { optionImageRoutes } from './routes/option-images.js';
import { engagementRoutes } from './routes/engagement.js';
import { commentReportRoutes } from './routes/comment-reports.js';
import { startCommentRemovals } from './nats/comment-removals.js';
import { startHeldReview } from './nats/held.js';
import { exportRoutes } from './routes/exports.js';
import { userRoutes } from './routes/users.js';
import { reachRoutes } from './routes/reach.js';
import { searchRoutes } from './routes/search.js';
import { backfillSearchFields } from './store/search-fields.js';
import { voteRoutes } from './routes/votes.js';
import { voteChangeRoutes } from './routes/vote-changes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The polls service's shared parts (models, counters, caches): for its jobs and its tests. */
    polls: PollsContext;
  }
}

/**
 * The polls service's HTTP app, NATS handlers, vote consumer and jobs (ended polls, openings, pending votes, reconciling the
 * counters after Redis reconnects), built from live dependencies.
 */
export async function buildApp(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = await createServiceApp('polls', deps);
  const ctx = createContext(deps);
  app.decorate('polls', ctx);
  app.addHook('onResponse', countVotes);
  await ensureIndexes(ctx.models);
  await backfillSearchFields(ctx);

  await app.register(pollRoutes, { ctx });
  await app.register(optionImageRoutes, { ctx });
  await app.register(voteRoutes, { ctx });
  await app.register(voteChangeRoutes, { ctx });
  await app.register(engagementRoutes, { ctx });
  await app.register(commentReportRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(reachRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(exportRoutes, { ctx });

  await registerNatsHandlers(ctx);
  await startCommentRemovals(ctx);
  await startHeldReview(ctx);
  await bindMemberData(ctx);
  const persister = await startVotePersister(ctx);
  const changePersister = await startVoteChangePersister(ctx);
  const endedJob = startEndedPollsJob(ctx);
  const pendingJob = startPendingVotesJob(ctx);
  const openingJob = startOpeningPollsJob(ctx);
  const reconciler = startVoteReconciler(ctx);
  app.addHook('onClose', async () => {
    ctx.live.close();
    await endedJob.stop();
    await pendingJob.stop();
    await openingJob.stop();
    await reconciler.stop();
    await persister.stop();
    await changePersister.stop();
  });
  return app;
}
