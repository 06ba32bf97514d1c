/** How each service's app is built in tests that start all six (notifications without its consumers: no mail here). */
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '@meydan/kit';
import type { ServiceName } from '@meydan/proto';
import { buildApp as buildAdmin } from '../services/admin/src/app.js';
import { buildApp as buildAuth } from '../services/auth/src/app.js';
import { buildApp as buildContact } from '../services/contact/src/app.js';
import { buildApp as buildNotifications } from '../services/notifications/src/app.js';
import { buildApp as buildPolls } from '../services/polls/src/app.js';
import { buildApp as buildSocial } from '../services/social/src/app.js';

export const serviceBuilders: Record<ServiceName, (deps: ServiceDeps) => Promise<FastifyInstance>> = {
  auth: buildAuth,
  polls: buildPolls,
  social: buildSocial,
  // Mail is never sent here: the address only has to be a valid SMTP URL.
  notifications: (deps) => buildNotifications(deps, { consumers: false }),
  contact: buildContact,
  admin: buildAdmin,
};
