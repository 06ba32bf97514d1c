import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createIndexes, createServiceApp, exponentialBackoff, requireStaff, retry, type ServiceDeps } from '@meydan/kit';
import { staffRoleFor } from '@meydan/proto';
import { messagesRoutes } from './routes/messages.js';
import { createContext, type AdminContext } from './context.js';
import { ensureBulkEmailStream, startBulkEmailWorker } from './nats/bulk-email.js';
import { startReadModel } from './nats/read-model.js';
import { rebuild } from './nats/rebuild.js';
import { adminRoutes } from './routes/admin.js';
import { exportRoutes } from './routes/exports.js';
import { loadMembersRoutes } from './routes/load-members.js';
import { moderationRoutes } from './routes/moderation.js';
import { heldRoutes } from './routes/held.js';
import { emptyParts } from './store/read-model.js';
import { measurePendingReports } from './store/report-metrics.js';

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
  await app.register(messagesRoutes, { deps });
  const ctx = createContext(deps);
  await createIndexes(ctx.models);
  await app.register(adminRoutes, { ctx });
  await app.register(exportRoutes, { ctx });
  await app.register(loadMembersRoutes, { ctx });
  await app.register(moderationRoutes, { ctx });
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
        await rebuild(ctx, empty);
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
