import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { limits } from '@meydan/proto';
import { createIndexes, createMultikeyIndexes, createServiceApp, type ServiceDeps } from '@meydan/kit';
import { createContext } from './context.js';
import { bootstrapAdmin } from './store/admin-bootstrap.js';
import { backfillMemberSearchTerms } from './store/member-search.js';
import { backfillUsernameSkeletons } from './store/usernames.js';
import { bindAuthConsumers } from './nats/consumers.js';
import { bindAuthResponders } from './nats/responders.js';
import { bindHeldProfiles } from './nats/held.js';
import { bindUserSearch } from './nats/search-users.js';
import { bindStaffInvite } from './nats/staff-invite.js';
import { bindLoadMembers } from './nats/load-members.js';
import { accountRoutes } from './routes/account.js';
import { signInRoutes } from './routes/sign-in.js';
import { startAccountDeletionSweep } from './jobs/account-deletion.js';
import { accountDataRoutes } from './routes/account-data.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { profileRoutes } from './routes/profiles.js';
import { settingsRoutes } from './routes/settings.js';
import { questionnaireRoutes } from './routes/questionnaire.js';
import { tokenRoutes } from './routes/tokens.js';
import { totpRoutes } from './routes/totp.js';

/** The auth service: accounts, sessions, profiles, avatars, questionnaire, API tokens (what tests import). */
export async function buildApp(deps: ServiceDeps) {
  const app = await createServiceApp('auth', deps);
  const ctx = createContext(deps);
  await createIndexes(ctx.models);
  await createMultikeyIndexes(ctx.models.users, [{ searchTerms: 1 }]);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: limits.user.avatarMaxBytes, files: 1, fields: 10 } });
  // Before the responders: the admin service's read model rebuild may ask for the accounts the moment they answer.
  await backfillUsernameSkeletons(ctx);
  await backfillMemberSearchTerms(ctx);
  await bootstrapAdmin(ctx);
  bindAuthResponders(ctx);
  bindHeldProfiles(ctx);
  bindUserSearch(ctx);
  bindStaffInvite(ctx);
  bindLoadMembers(ctx);
  await bindAuthConsumers(ctx);

  await app.register(accountRoutes, { ctx });
  await app.register(signInRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(questionnaireRoutes, { ctx });
  await app.register(tokenRoutes, { ctx });
  await app.register(totpRoutes, { ctx });
  await app.register(accountDataRoutes, { ctx });

  const sweep = startAccountDeletionSweep(ctx);
  app.addHook('onClose', () => sweep.stop());
  return app;
}
