import type { Model } from 'mongoose';
import type { ServiceDeps } from '@meydan/kit';
import type { AuthConfig } from './config.js';
import { activationModel, type ActivationRecord } from './model/activation.js';
import { apiTokenModel, type ApiTokenRecord } from './model/api-token.js';
import { userModel, type UserRecord } from './model/user.js';
import { SessionStore } from './sessions.js';

/** Everything the auth routes and handlers work with. */
export interface AuthContext {
  deps: ServiceDeps<AuthConfig>;
  config: AuthConfig;
  users: Model<UserRecord>;
  activations: Model<ActivationRecord>;
  apiTokens: Model<ApiTokenRecord>;
  sessions: SessionStore;
}

export function createAuthContext(deps: ServiceDeps<AuthConfig>): AuthContext {
  return {
    deps,
    config: deps.config,
    users: userModel(deps.mongo),
    activations: activationModel(deps.mongo),
    apiTokens: apiTokenModel(deps.mongo),
    sessions: new SessionStore(deps.redis, (deps.config.SESSION_TTL_DAYS ?? 30) * 24 * 3600),
  };
}
