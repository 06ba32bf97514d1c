import type { ServiceDeps } from '@meydan/kit';
import { UserDirectory } from './store/user-directory.js';
import { followModel } from './model/follow.js';
import { followRequestModel } from './model/follow-request.js';
import type { SocialModels } from './model/social-models.js';

/** Everything the social routes and handlers work with. */
export interface SocialContext extends SocialModels {
  deps: ServiceDeps;
  users: UserDirectory;
}

export function createSocialContext(deps: ServiceDeps): SocialContext {
  return { deps, follows: followModel(deps.mongo), followRequests: followRequestModel(deps.mongo), users: new UserDirectory(deps.bus, deps.redis, deps.log) };
}
