import { BotChallenge, type ServiceDeps } from '@meydan/kit';
import type { AuthConfig } from './config.js';
import { activationModel } from './model/activation.js';
import { passwordResetModel } from './model/password-reset.js';
import { apiTokenModel } from './model/api-token.js';
import type { AuthModels } from './model/auth-models.js';
import { userModel } from './model/user.js';
import { SessionStore } from './store/sessions.js';

/** Everything the auth routes and handlers work with. */
export interface AuthContext extends AuthModels {
  deps: ServiceDeps<AuthConfig>;
  config: AuthConfig;
  sessions: SessionStore;
  /** The bot challenge a login needs after repeated failures on its account. */
  loginChallenge: BotChallenge;
}

export function createAuthContext(deps: ServiceDeps<AuthConfig>): AuthContext {
  return {
    deps,
    config: deps.config,
    users: userModel(deps.mongo),
    activations: activationModel(deps.mongo),
    apiTokens: apiTokenModel(deps.mongo),
    passwordResets: passwordResetModel(deps.mongo),
    loginChallenge: new BotChallenge({ secret: deps.config.INTERNAL_SECRET, redis: deps.redis, purpose: 'login', cost: deps.config.CHALLENGE_COST ?? 1000 }),
    sessions: new SessionStore(deps.redis, (deps.config.SESSION_TTL_DAYS ?? 30) * 24 * 3600),
  };
}
