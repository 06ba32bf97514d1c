import { createIndexes, createServiceApp, type ServiceDeps } from '@meydan/kit';
import { createContext } from './context.js';
import { bindMemberData } from './nats/member-data.js';
import { bindSocialResponders } from './nats/responders.js';
import { followRequestRoutes } from './routes/follow-requests.js';
import { followRoutes } from './routes/follows.js';
import { hideRoutes } from './routes/hides.js';
import { userReportRoutes } from './routes/user-reports.js';

/** The social service: the follow graph, followers/following lists, mutuals and counts, blocks and mutes (what tests import). */
export async function buildApp(deps: ServiceDeps) {
  const app = await createServiceApp('social', deps);
  const ctx = createContext(deps);
  await createIndexes(ctx.models);
  bindSocialResponders(ctx);
  await bindMemberData(ctx);
  await app.register(followRoutes, { ctx });
  await app.register(followRequestRoutes, { ctx });
  await app.register(hideRoutes, { ctx });
  await app.register(userReportRoutes, { ctx });
  return app;
}
