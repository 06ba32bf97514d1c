/** Every JSON Schema of the contracts, with the types derived from them. */
import { adminPollSchema, adminStatsSchema, adminUserSchema, bulkEmailSchema, reportSchema } from './admin.js';
import type { AdminPoll, AdminStats, AdminUser, BulkEmailBody, Report } from './admin.js';
import { contactMessageSchema } from './contact.js';
import type { ContactMessageBody } from './contact.js';
import { notificationCountSchema, notificationSchema } from './notifications.js';
import type { NotificationCount, NotificationItem } from './notifications.js';
import {
  commentCreateSchema,
  commentSchema,
  creatorSummarySchema,
  friendSummarySchema,
  pollCreateSchema,
  pollOptionSchema,
  pollSchema,
  pollUpdateSchema,
  pollVoteSchema,
  quickQuestionSchema,
  reportCreateSchema,
  shareablePollCreatedSchema,
  shareLinkPollSchema,
  shareVoteSchema,
  userVoteSchema,
  voteResultSchema,
} from './polls.js';
import type {
  CommentCreateBody,
  CreatorSummary,
  FriendSummary,
  Poll,
  PollComment,
  PollCreateBody,
  PollOption,
  PollUpdate,
  PollVoteBody,
  QuickQuestionBody,
  ReportCreateBody,
  ShareablePollCreated,
  ShareLinkPoll,
  ShareVoteBody,
  UserVote,
  VoteResult,
} from './polls.js';
import { healthSchema, messageSchema } from './system.js';
import type { Health, MessageResponse } from './system.js';
import {
  followStateSchema,
  loginSchema,
  profileAnswersSchema,
  profilePatchSchema,
  profileSettingsSchema,
  registerSchema,
  userListItemSchema,
  userProfileSchema,
  userSchema,
} from './users.js';
import type {
  FollowState,
  LoginBody,
  ProfileAnswersBody,
  ProfilePatchBody,
  ProfileSettingsBody,
  RegisterBody,
  User,
  UserListItem,
  UserProfile,
} from './users.js';

export * from './common.js';
export * from './polls.js';
export * from './users.js';
export * from './contact.js';
export * from './notifications.js';
export * from './admin.js';
export * from './system.js';

/** Every schema, registered by `createAjv()` under its `$id`. */
export const allSchemas = [
  // requests
  pollCreateSchema,
  pollVoteSchema,
  shareVoteSchema,
  quickQuestionSchema,
  commentCreateSchema,
  reportCreateSchema,
  registerSchema,
  loginSchema,
  profilePatchSchema,
  profileSettingsSchema,
  profileAnswersSchema,
  contactMessageSchema,
  bulkEmailSchema,
  // entities and answers
  userSchema,
  userProfileSchema,
  userListItemSchema,
  followStateSchema,
  creatorSummarySchema,
  friendSummarySchema,
  pollOptionSchema,
  pollSchema,
  shareLinkPollSchema,
  shareablePollCreatedSchema,
  voteResultSchema,
  pollUpdateSchema,
  commentSchema,
  userVoteSchema,
  notificationSchema,
  notificationCountSchema,
  adminStatsSchema,
  adminUserSchema,
  adminPollSchema,
  reportSchema,
  healthSchema,
  messageSchema,
] as const;

export type AnySchema = (typeof allSchemas)[number];
export type SchemaId = AnySchema['$id'];

/** The type of the data each schema describes, by `$id`. */
export interface SchemaTypes {
  'meydan/poll-create': PollCreateBody;
  'meydan/poll-vote': PollVoteBody;
  'meydan/share-vote': ShareVoteBody;
  'meydan/quick-question': QuickQuestionBody;
  'meydan/comment-create': CommentCreateBody;
  'meydan/report-create': ReportCreateBody;
  'meydan/register': RegisterBody;
  'meydan/login': LoginBody;
  'meydan/profile-patch': ProfilePatchBody;
  'meydan/profile-settings': ProfileSettingsBody;
  'meydan/profile-answers': ProfileAnswersBody;
  'meydan/contact-message': ContactMessageBody;
  'meydan/bulk-email': BulkEmailBody;
  'meydan/user': User;
  'meydan/user-profile': UserProfile;
  'meydan/user-list-item': UserListItem;
  'meydan/follow-state': FollowState;
  'meydan/creator-summary': CreatorSummary;
  'meydan/friend-summary': FriendSummary;
  'meydan/poll-option': PollOption;
  'meydan/poll': Poll;
  'meydan/share-link-poll': ShareLinkPoll;
  'meydan/shareable-poll-created': ShareablePollCreated;
  'meydan/vote-result': VoteResult;
  'meydan/poll-update': PollUpdate;
  'meydan/comment': PollComment;
  'meydan/user-vote': UserVote;
  'meydan/notification': NotificationItem;
  'meydan/notification-count': NotificationCount;
  'meydan/admin-stats': AdminStats;
  'meydan/admin-user': AdminUser;
  'meydan/admin-poll': AdminPoll;
  'meydan/report': Report;
  'meydan/health': Health;
  'meydan/message': MessageResponse;
}

/** Compile-time check that SchemaTypes names exactly the registered ids. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaTypesCoverAllIds: Exact<keyof SchemaTypes, SchemaId> = true;
void _schemaTypesCoverAllIds;
