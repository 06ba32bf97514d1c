import { baseContext, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { socialConfig, type SocialConfig } from './config.js';
import { createModels, type Models } from './model/index.js';
import { UserDirectory } from './store/user-directory.js';

/** Everything the social routes and handlers share. */
export interface SocialContext extends BaseContext<SocialConfig> {
  models: Models;
  users: UserDirectory;
}

export function createContext(deps: ServiceDeps): SocialContext {
  return { ...baseContext(deps, socialConfig), models: createModels(deps.mongo), users: new UserDirectory(deps.bus, deps.redis, deps.log) };
}
