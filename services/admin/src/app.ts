import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createIndexes,
  createServiceApp,
  exponentialBackoff,
  requireStaff,
  retry,
  type ServiceDeps,
} from '@meydan/kit';
import { staffRoleFor } from '@meydan/proto';
import { createContext, type AdminContext } from './context.js';
import { ensureBulkEmailStream, startBulkEmailWorker } from './nats/bulk-email.js';
import { startReadModel } from './nats/read-model.js';
import { bindWordFilter } from './nats/word-filter.js';
import { auditRoutes } from './routes/audit.js';
import { bulkEmailRoutes } from './routes/bulk-email.js';
import { exportRoutes } from './routes/exports.js';
import { heldRoutes } from './routes/held.js';
import { loadMembersRoutes } from './routes/load-members.js';
import { memberRoutes } from './routes/members.js';
import { messagesRoutes } from './routes/messages.js';
import { moderationRoutes } from './routes/moderation.js';
import { pollRoutes } from './routes/polls.js';
import { reportRoutes } from './routes/reports.js';
import { staffRoutes } from './routes/staff.js';
import { wordFilterRoutes } from './routes/word-filter.js';
import { emptyParts } from './store/read-model.js';
import { measurePendingReports } from './store/report-metrics.js';
import { rebuildReadModel } from './usecases/read-model.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin service's shared parts, and the read model's first rebuild (for its tests). */
    admin: AdminContext & { rebuilt: Promise<void> };
  }
}

/**
 * Every route of this service except the health probes is for the staff, with the role proto's `staffRouteRoles`
 * names for it and a verified second factor, checked here from the signed identity too (the gateway checks first),
 * so a gateway bug alone never opens it. As an onRequest hook it runs before routing: a member learns nothing, not
 * even which admin paths exist.
 */
async function adminOnly(request: FastifyRequest) {
  if (request.routeOptions.config?.unsigned) return;
  requireStaff(request, staffRoleFor(request.method, request.url));
}

/** The admin service's HTTP app, read model consumers and bulk e-mail worker, built from live dependencies. */
export async function buildApp(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = await createServiceApp('admin', deps);
  app.addHook('onRequest', adminOnly);
  const ctx = createContext(deps);
  await app.register(messagesRoutes, { ctx });
  await createIndexes(ctx.models);
  // In this order, the order of the OpenAPI document's paths.
  await app.register(memberRoutes, { ctx });
  await app.register(staffRoutes, { ctx });
  await app.register(pollRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(bulkEmailRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(exportRoutes, { ctx });
  await app.register(loadMembersRoutes, { ctx });
  await app.register(moderationRoutes, { ctx });
  await app.register(wordFilterRoutes, { ctx });
  bindWordFilter(ctx);
  await app.register(heldRoutes, { ctx });

  const empty = await emptyParts(ctx.models);
  await startReadModel(ctx);
  await ensureBulkEmailStream(ctx);
  const worker = await startBulkEmailWorker(ctx);
  // The owning services may start after this one: the read model serves what it has and fills in meanwhile,
  // retrying the rebuild with backoff until auth and polls answer.
  const closing = new AbortController();
  const rebuilt = retry(
    async () => {
      try {
        await rebuildReadModel(ctx, empty);
      } catch (err) {
        if (!closing.signal.aborted) ctx.log.warn({ err }, 'read model rebuild failed; trying again');
        throw err;
      }
    },
    { attempts: Number.POSITIVE_INFINITY, backoff: exponentialBackoff(500, 30_000), signal: closing.signal },
  ).catch(() => undefined);
  app.decorate('admin', { ...ctx, rebuilt });
  const unmeasure = measurePendingReports(ctx.models);
  app.addHook('onClose', async () => {
    unmeasure();
    closing.abort();
    await worker.stop();
  });
  return app;
}
