import { createServiceApp, type ServiceDeps } from '@meydan/kit';

/** The polls service's HTTP app and NATS handlers, built from live dependencies (what tests import). */
export async function buildApp(deps: ServiceDeps) {
  const app = await createServiceApp('polls', deps);
  return app;
}
