import type { Connection } from 'mongoose';
import { BotChallenge, baseContext, WordFilter, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { wordFilterEntries } from './clients/admin.js';
import { authConfig, type AuthConfig } from './config.js';
import { createModels, type Models } from './model/index.js';
import { SessionStore } from './store/sessions.js';

/** Everything the auth routes, handlers and jobs share. */
export interface AuthContext extends BaseContext<AuthConfig> {
  models: Models;
  /** The database itself, for the avatars' GridFS bucket. */
  mongo: Connection;
  sessions: SessionStore;
  /** The bot challenge a login needs after repeated failures on its account. */
  loginChallenge: BotChallenge;
  /** The administrators' word filter, asked from admin and kept a few seconds (display name, bio). */
  wordFilter: WordFilter;
}

export function createContext(deps: ServiceDeps): AuthContext {
  const base = baseContext(deps, authConfig);
  const { config } = base;
  return {
    ...base,
    models: createModels(deps.mongo),
    mongo: deps.mongo,
    loginChallenge: new BotChallenge({
      secret: config.INTERNAL_SECRET,
      redis: deps.redis,
      purpose: 'login',
      cost: config.CHALLENGE_COST ?? 1000,
    }),
    wordFilter: new WordFilter(() => wordFilterEntries(deps), deps.log),
    sessions: new SessionStore(deps.redis, (config.SESSION_TTL_DAYS ?? 30) * 24 * 3600),
  };
}
