import type { FastifyInstance } from 'fastify';
import { createIndexes, createServiceApp, type ServiceDeps } from '@meydan/kit';
import { createContext, type ContactContext } from './context.js';
import { registerNatsHandlers } from './nats/handlers.js';
import { contactRoutes } from './routes/contact.js';
import { newsletterRoutes } from './routes/newsletter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contact service's shared parts (models, challenge): for its tests. */
    contact: ContactContext;
  }
}

/** The contact service's HTTP app and NATS handlers, built from live dependencies (what tests import). */
export async function buildApp(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = await createServiceApp('contact', deps);
  const ctx = createContext(deps);
  app.decorate('contact', ctx);
  await createIndexes(ctx.models);
  await app.register(contactRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });
  registerNatsHandlers(ctx);
  return app;
}
