import { baseContext, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { socialConfig, type SocialConfig } from './config.js';
import { createModels, type Models } from './model/index.js';
import { followCountsCache, type FollowCounts } from './store/follows.js';
import { UserDirectory } from './clients/user-directory.js';

/** Everything the social routes and handlers share. */
export interface SocialContext extends BaseContext<SocialConfig> {
  models: Models;
  users: UserDirectory;
  /** Each member's follower and following counts, kept in Redis (see followCountsCache). */
  counts: FollowCounts;
}

export function createContext(deps: ServiceDeps): SocialContext {
  const models = createModels(deps.mongo);
  return {
    ...baseContext(deps, socialConfig),
    models,
    users: new UserDirectory(deps.bus, deps.redis, deps.log),
    counts: followCountsCache(deps.redis, models, deps.log),
  };
}
