import type { Model } from 'mongoose';
import type { ServiceDeps } from '@meydan/kit';
import { UserDirectory } from './store/user-directory.js';
import { followModel, type FollowRecord } from './model/follow.js';
import { followRequestModel, type FollowRequestRecord } from './model/follow-request.js';

/** Everything the social routes and handlers work with. */
export interface SocialContext {
  deps: ServiceDeps;
  follows: Model<FollowRecord>;
  followRequests: Model<FollowRequestRecord>;
  users: UserDirectory;
}

export function createSocialContext(deps: ServiceDeps): SocialContext {
  return { deps, follows: followModel(deps.mongo), followRequests: followRequestModel(deps.mongo), users: new UserDirectory(deps.bus, deps.redis, deps.log) };
}
