import type { FastifyRequest } from 'fastify';
import { createServiceApp, httpError, type ServiceDeps } from '@meydan/kit';
import { messagesRoutes } from './routes/messages.js';

/**
 * Every route of this service except the health probes is for the administrator, checked here from the
 * signed identity too (the gateway checks first), so a gateway bug alone never opens it. As an onRequest
 * hook it runs before routing: a non-admin learns nothing, not even which admin paths exist.
 */
async function adminOnly(request: FastifyRequest) {
  if (request.routeOptions.config?.unsigned) return;
  const { userId, role } = request.identity ?? { userId: null, role: null };
  if (!userId) throw httpError('unauthorized');
  if (role !== 'admin') throw httpError('forbidden');
}

/** The admin service's HTTP app and NATS handlers, built from live dependencies (what tests import). */
export async function buildApp(deps: ServiceDeps) {
  const app = await createServiceApp('admin', deps);
  app.addHook('onRequest', adminOnly);
  await messagesRoutes(app, deps);
  return app;
}
