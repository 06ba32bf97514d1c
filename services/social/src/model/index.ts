import type { Connection, Model } from 'mongoose';
import { followModel, type FollowRecord } from './follow.js';
import { followRequestModel, type FollowRequestRecord } from './follow-request.js';
import { hideModel, type HideRecord } from './hide.js';
import { userReportModel, type UserReportRecord } from './user-report.js';

/** The social collections; a store function asks for the ones it uses. */
export interface Models {
  follows: Model<FollowRecord>;
  followRequests: Model<FollowRequestRecord>;
  blocks: Model<HideRecord>;
  mutes: Model<HideRecord>;
  userReports: Model<UserReportRecord>;
}

export function createModels(conn: Connection): Models {
  return {
    follows: followModel(conn),
    followRequests: followRequestModel(conn),
    blocks: hideModel(conn, 'blocks'),
    mutes: hideModel(conn, 'mutes'),
    userReports: userReportModel(conn),
  };
}
