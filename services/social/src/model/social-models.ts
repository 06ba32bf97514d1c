import type { Model } from 'mongoose';
import type { FollowRecord } from './follow.js';
import type { FollowRequestRecord } from './follow-request.js';

/** The social collections; the context holds them, so it is passed wherever a store asks for them. */
export interface SocialModels {
  follows: Model<FollowRecord>;
  followRequests: Model<FollowRequestRecord>;
}
