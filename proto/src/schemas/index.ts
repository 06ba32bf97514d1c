/** Every JSON Schema of the contracts, with the types derived from them. */
import {
  adminIdParamsSchema,
  adminListQuerySchema,
  adminPageQuerySchema,
  adminPollPageSchema,
  adminPollSchema,
  adminReportQuerySchema,
  adminStatsSchema,
  adminDailyQuerySchema,
  adminDailyStatsSchema,
  adminUserPageSchema,
  adminUserSchema,
  auditEntrySchema,
  auditPageSchema,
  adminMessagesQuerySchema,
  adminContactMessagePageSchema,
  banBodySchema,
  bulkEmailAcceptedSchema,
  bulkEmailJobSchema,
  bulkEmailSchema,
  reportPageSchema,
  reportSchema,
  reportStatusUpdateSchema,
} from './admin.js';
import type {
  AdminIdParams,
  AdminListQuery,
  AdminPageQuery,
  AdminPoll,
  AdminPollPage,
  AdminReportQuery,
  AdminStats,
  AdminDailyQuery,
  AdminDailyStats,
  AdminUser,
  AdminUserPage,
  AuditEntry,
  AuditPage,
  AdminMessagesQuery,
  AdminContactMessagePage,
  BanBody,
  BulkEmailAccepted,
  BulkEmailBody,
  BulkEmailJob,
  Report,
  ReportPage,
  ReportStatusUpdate,
} from './admin.js';
import { contactMessageSchema, contactReceiptSchema, newsletterSubscribeSchema } from './contact.js';
import type { ContactMessageBody, ContactReceipt, NewsletterSubscribeBody } from './contact.js';
import { notificationCountSchema, notificationSchema } from './notifications.js';
import type { NotificationCount, NotificationItem } from './notifications.js';
import {
  mailRequestSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationReadResultSchema,
  pollSubscriptionResultSchema,
  pollSubscriptionSchema,
  socketAuthSchema,
  socketAuthSuccessSchema,
  socketErrorSchema,
} from './notifications.js';
import type {
  MailRequest,
  NotificationIdParams,
  NotificationListQuery,
  NotificationReadResult,
  PollSubscription,
  PollSubscriptionResult,
  SocketAuth,
  SocketAuthSuccess,
  SocketError,
} from './notifications.js';
import {
  countsReplySchema,
  countsRequestSchema,
  followListQuerySchema,
  followRequestedEventSchema,
  followRequestParamsSchema,
  followRequestSchema,
  mutualsReplySchema,
  mutualsRequestSchema,
  socialUserParamsSchema,
  userFollowedEventSchema,
  userUnfollowedEventSchema,
} from './social.js';
import type {
  CountsReply,
  CountsRequest,
  FollowListQuery,
  FollowRequestedEvent,
  FollowRequestItem,
  FollowRequestParams,
  MutualsReply,
  MutualsRequest,
  SocialUserParams,
  UserFollowedEvent,
  UserUnfollowedEvent,
} from './social.js';
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
import {
  pollEditSchema,
  pollIdParamsSchema,
  shareCodeParamsSchema,
  pollListQuerySchema,
  pollListSchema,
  commentListQuerySchema,
  commentListSchema,
  commentIdParamsSchema,
  likeStateSchema,
  shareStateSchema,
  reportCreatedSchema,
  pollAnalysisSchema,
  userPollListSchema,
  userVoteListSchema,
  userIdParamsSchema,
} from './polls.js';
import type {
  PollEditBody,
  PollIdParams,
  ShareCodeParams,
  PollListQuery,
  PollList,
  CommentListQuery,
  CommentList,
  CommentIdParams,
  LikeState,
  ShareState,
  ReportCreated,
  PollAnalysis,
  UserPollList,
  UserVoteList,
  UserIdParams,
} from './polls.js';
import {
  userRegisteredEventSchema,
  userAtEventSchema,
  userUpdatedEventSchema,
  pollCreatedEventSchema,
  pollDeletedEventSchema,
  pollEndedEventSchema,
  voteCastEventSchema,
  pollLikedEventSchema,
  commentCreatedEventSchema,
  pollReportedEventSchema,
  userModeratedEventSchema,
  pollRemovedEventSchema,
  liveCountsSchema,
  emptyRequestSchema,
  sessionResolveRequestSchema,
  sessionResolveReplySchema,
  tokenResolveRequestSchema,
  tokenResolveReplySchema,
  userGetRequestSchema,
  userSummariesRequestSchema,
  userSummariesReplySchema,
  userEmailsReplySchema,
  userIdRequestSchema,
  userPollCountsReplySchema,
  userTopicVotesReplySchema,
  topicAffinitiesReplySchema,
  userDeletionScheduledEventSchema,
  pollsUserExportReplySchema,
  socialUserExportReplySchema,
  notificationsUserExportReplySchema,
  canViewRequestSchema,
  canViewReplySchema,
  contactMessagesPageRequestSchema,
  contactMessagesPageReplySchema,
  pageRequestSchema,
  pollVotersRequestSchema,
  pollVotersReplySchema,
  usersPageReplySchema,
  pollsPageReplySchema,
  reportsPageReplySchema,
  bulkEmailRecipientSchema,
  liveBulkEmailProgressSchema,
} from './events.js';
import {
  oembedQuerySchema,
  oembedSchema,
  searchQuerySchema,
  searchResultSchema,
  usersSearchRequestSchema,
  usersSearchReplySchema,
  trendingTagsSchema,
  tagParamsSchema,
  pollPreviewReplySchema,
  pollPreviewRequestSchema,
  type Oembed,
  type OembedQuery,
  type SearchQuery,
  type SearchResult,
  type UsersSearchRequest,
  type UsersSearchReply,
  type TrendingTags,
  type TagParams,
  type PollPreviewReply,
  type PollPreviewRequest,
} from './reach.js';
import type {
  UserRegisteredEvent,
  UserAtEvent,
  UserUpdatedEvent,
  PollCreatedEvent,
  PollDeletedEvent,
  PollEndedEvent,
  VoteCastEvent,
  PollLikedEvent,
  CommentCreatedEvent,
  PollReportedEvent,
  UserModeratedEvent,
  PollRemovedEvent,
  LiveCountsMessage,
  EmptyRequest,
  SessionResolveRequest,
  SessionResolveReply,
  TokenResolveRequest,
  TokenResolveReply,
  UserGetRequest,
  UserSummariesRequest,
  UserSummariesReply,
  UserEmailsReply,
  UserIdRequest,
  UserPollCountsReply,
  UserTopicVotesReply,
  TopicAffinitiesReply,
  UserDeletionScheduledEvent,
  PollsUserExportReply,
  SocialUserExportReply,
  NotificationsUserExportReply,
  CanViewRequest,
  CanViewReply,
  ContactMessagesPageRequest,
  ContactMessagesPageReply,
  PageRequest,
  UsersPageReply,
  PollsPageReply,
  PollVotersRequest,
  PollVotersReply,
  ReportsPageReply,
  BulkEmailRecipient,
  LiveBulkEmailProgress,
} from './events.js';
import { socketBulkEmailProgressSchema, socketNotificationSchema, socketPollUpdateSchema } from './socket.js';
import type { SocketBulkEmailProgress, SocketNotification, SocketPollUpdate } from './socket.js';
import { healthSchema, messageSchema, noBodySchema, openApiDocumentSchema } from './system.js';
import type { Health, MessageResponse, NoBody, OpenApiDocument } from './system.js';
import { botChallengeSchema } from './challenge.js';
import type { BotChallenge } from './challenge.js';
import {
  accountDeletionScheduledSchema,
  accountExportSchema,
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenSchema,
  logoutSchema,
  passwordChangeSchema,
  profileAnswersSavedSchema,
  profileQuestionListSchema,
  followStateSchema,
  forgotPasswordSchema,
  loginSchema,
  profileAnswersSchema,
  profilePatchSchema,
  personalityAnalysisSchema,
  profileSettingsSchema,
  registerSchema,
  resetPasswordSchema,
  userListItemSchema,
  userProfileSchema,
  userSchema,
  userSettingsPatchSchema,
  userSettingsSchema,
} from './users.js';
import type {
  AccountDeletionScheduled,
  AccountExport,
  ApiToken,
  ApiTokenCreateBody,
  ApiTokenCreated,
  ApiTokenIdParams,
  ApiTokenList,
  LogoutBody,
  PasswordChangeBody,
  ProfileAnswersSaved,
  ProfileQuestionList,
  FollowState,
  ForgotPasswordBody,
  LoginBody,
  ProfileAnswersBody,
  ProfilePatchBody,
  PersonalityAnalysis,
  ProfileSettingsBody,
  RegisterBody,
  ResetPasswordBody,
  User,
  UserListItem,
  UserProfile,
  UserSettings,
  UserSettingsPatchBody,
} from './users.js';

export * from './common.js';
export * from './polls.js';
export * from './users.js';
export * from './challenge.js';
export * from './contact.js';
export * from './notifications.js';
export * from './admin.js';
export * from './system.js';
export * from './social.js';
export * from './events.js';
export * from './socket.js';
export * from './reach.js';

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
  forgotPasswordSchema,
  resetPasswordSchema,
  profilePatchSchema,
  profileSettingsSchema,
  profileAnswersSchema,
  contactMessageSchema,
  newsletterSubscribeSchema,
  personalityAnalysisSchema,
  accountExportSchema,
  accountDeletionScheduledSchema,
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
  // social and notifications services
  socialUserParamsSchema,
  followListQuerySchema,
  followRequestParamsSchema,
  followRequestSchema,
  userSettingsSchema,
  userSettingsPatchSchema,
  mutualsRequestSchema,
  mutualsReplySchema,
  countsRequestSchema,
  countsReplySchema,
  userFollowedEventSchema,
  userUnfollowedEventSchema,
  followRequestedEventSchema,
  notificationListQuerySchema,
  notificationIdParamsSchema,
  notificationReadResultSchema,
  socketAuthSchema,
  socketAuthSuccessSchema,
  socketErrorSchema,
  pollSubscriptionSchema,
  pollSubscriptionResultSchema,
  mailRequestSchema,
  adminStatsSchema,
  adminDailyStatsSchema,
  adminDailyQuerySchema,
  adminUserSchema,
  adminPollSchema,
  reportSchema,
  adminListQuerySchema,
  adminPageQuerySchema,
  adminIdParamsSchema,
  adminReportQuerySchema,
  banBodySchema,
  reportStatusUpdateSchema,
  bulkEmailJobSchema,
  bulkEmailAcceptedSchema,
  auditEntrySchema,
  adminUserPageSchema,
  adminPollPageSchema,
  reportPageSchema,
  auditPageSchema,
  adminMessagesQuerySchema,
  adminContactMessagePageSchema,
  healthSchema,
  messageSchema,
  noBodySchema,
  openApiDocumentSchema,
  botChallengeSchema,
  contactReceiptSchema,
  logoutSchema,
  passwordChangeSchema,
  apiTokenCreateSchema,
  apiTokenIdParamsSchema,
  apiTokenSchema,
  apiTokenListSchema,
  apiTokenCreatedSchema,
  profileQuestionListSchema,
  profileAnswersSavedSchema,
  // polls service routes
  pollEditSchema,
  pollIdParamsSchema,
  shareCodeParamsSchema,
  pollListQuerySchema,
  pollListSchema,
  commentListQuerySchema,
  commentListSchema,
  commentIdParamsSchema,
  likeStateSchema,
  shareStateSchema,
  reportCreatedSchema,
  pollAnalysisSchema,
  userPollListSchema,
  userVoteListSchema,
  userIdParamsSchema,
  // NATS events, live messages and request/reply payloads; socket events
  userRegisteredEventSchema,
  userAtEventSchema,
  userUpdatedEventSchema,
  pollCreatedEventSchema,
  pollDeletedEventSchema,
  pollEndedEventSchema,
  voteCastEventSchema,
  pollLikedEventSchema,
  commentCreatedEventSchema,
  pollReportedEventSchema,
  userModeratedEventSchema,
  pollRemovedEventSchema,
  liveCountsSchema,
  emptyRequestSchema,
  sessionResolveRequestSchema,
  sessionResolveReplySchema,
  tokenResolveRequestSchema,
  tokenResolveReplySchema,
  userGetRequestSchema,
  userSummariesRequestSchema,
  userSummariesReplySchema,
  userEmailsReplySchema,
  userIdRequestSchema,
  userPollCountsReplySchema,
  userTopicVotesReplySchema,
  topicAffinitiesReplySchema,
  userDeletionScheduledEventSchema,
  pollsUserExportReplySchema,
  socialUserExportReplySchema,
  notificationsUserExportReplySchema,
  canViewRequestSchema,
  canViewReplySchema,
  contactMessagesPageRequestSchema,
  contactMessagesPageReplySchema,
  pageRequestSchema,
  pollVotersRequestSchema,
  pollVotersReplySchema,
  usersPageReplySchema,
  pollsPageReplySchema,
  reportsPageReplySchema,
  bulkEmailRecipientSchema,
  liveBulkEmailProgressSchema,
  socketNotificationSchema,
  socketPollUpdateSchema,
  socketBulkEmailProgressSchema,
  pollPreviewRequestSchema,
  pollPreviewReplySchema,
  oembedQuerySchema,
  oembedSchema,
  searchQuerySchema,
  searchResultSchema,
  usersSearchRequestSchema,
  usersSearchReplySchema,
  trendingTagsSchema,
  tagParamsSchema,
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
  'meydan/forgot-password': ForgotPasswordBody;
  'meydan/reset-password': ResetPasswordBody;
  'meydan/bot-challenge': BotChallenge;
  'meydan/profile-patch': ProfilePatchBody;
  'meydan/profile-settings': ProfileSettingsBody;
  'meydan/profile-answers': ProfileAnswersBody;
  'meydan/personality-analysis': PersonalityAnalysis;
  'meydan/account-export': AccountExport;
  'meydan/account-deletion-scheduled': AccountDeletionScheduled;
  'meydan/contact-message': ContactMessageBody;
  'meydan/contact-receipt': ContactReceipt;
  'meydan/newsletter-subscribe': NewsletterSubscribeBody;
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
  'meydan/social-user-params': SocialUserParams;
  'meydan/follow-list-query': FollowListQuery;
  'meydan/follow-request-params': FollowRequestParams;
  'meydan/follow-request': FollowRequestItem;
  'meydan/user-settings': UserSettings;
  'meydan/user-settings-patch': UserSettingsPatchBody;
  'meydan/social-mutuals-request': MutualsRequest;
  'meydan/social-mutuals-reply': MutualsReply;
  'meydan/social-counts-request': CountsRequest;
  'meydan/social-counts-reply': CountsReply;
  'meydan/social-user-followed': UserFollowedEvent;
  'meydan/social-user-unfollowed': UserUnfollowedEvent;
  'meydan/social-follow-requested': FollowRequestedEvent;
  'meydan/notification-list-query': NotificationListQuery;
  'meydan/notification-id-params': NotificationIdParams;
  'meydan/notification-read-result': NotificationReadResult;
  'meydan/socket-auth': SocketAuth;
  'meydan/socket-auth-success': SocketAuthSuccess;
  'meydan/socket-error': SocketError;
  'meydan/poll-subscription': PollSubscription;
  'meydan/poll-subscription-result': PollSubscriptionResult;
  'meydan/mail-request': MailRequest;
  'meydan/admin-stats': AdminStats;
  'meydan/admin-daily-stats': AdminDailyStats;
  'meydan/admin-daily-query': AdminDailyQuery;
  'meydan/admin-user': AdminUser;
  'meydan/admin-poll': AdminPoll;
  'meydan/report': Report;
  'meydan/admin-list-query': AdminListQuery;
  'meydan/admin-page-query': AdminPageQuery;
  'meydan/admin-id-params': AdminIdParams;
  'meydan/admin-report-query': AdminReportQuery;
  'meydan/admin-ban': BanBody;
  'meydan/admin-report-update': ReportStatusUpdate;
  'meydan/admin-bulk-email-job': BulkEmailJob;
  'meydan/admin-bulk-email-accepted': BulkEmailAccepted;
  'meydan/admin-audit-entry': AuditEntry;
  'meydan/admin-user-page': AdminUserPage;
  'meydan/admin-poll-page': AdminPollPage;
  'meydan/admin-report-page': ReportPage;
  'meydan/admin-audit-page': AuditPage;
  'meydan/admin-messages-query': AdminMessagesQuery;
  'meydan/admin-contact-message-page': AdminContactMessagePage;
  'meydan/nats-page-request': PageRequest;
  'meydan/nats-users-page-reply': UsersPageReply;
  'meydan/nats-polls-page-reply': PollsPageReply;
  'meydan/nats-poll-voters-request': PollVotersRequest;
  'meydan/nats-poll-voters-reply': PollVotersReply;
  'meydan/nats-reports-page-reply': ReportsPageReply;
  'meydan/work-bulk-email-recipient': BulkEmailRecipient;
  'meydan/live-bulk-email-progress': LiveBulkEmailProgress;
  'meydan/socket-bulk-email-progress': SocketBulkEmailProgress;
  'meydan/health': Health;
  'meydan/message': MessageResponse;
  'meydan/no-body': NoBody;
  'meydan/openapi-document': OpenApiDocument;
  'meydan/logout': LogoutBody;
  'meydan/password-change': PasswordChangeBody;
  'meydan/api-token-create': ApiTokenCreateBody;
  'meydan/api-token-id-params': ApiTokenIdParams;
  'meydan/api-token': ApiToken;
  'meydan/api-token-list': ApiTokenList;
  'meydan/api-token-created': ApiTokenCreated;
  'meydan/profile-question-list': ProfileQuestionList;
  'meydan/profile-answers-saved': ProfileAnswersSaved;
  'meydan/poll-edit': PollEditBody;
  'meydan/poll-id-params': PollIdParams;
  'meydan/share-code-params': ShareCodeParams;
  'meydan/poll-list-query': PollListQuery;
  'meydan/poll-list': PollList;
  'meydan/comment-list-query': CommentListQuery;
  'meydan/comment-list': CommentList;
  'meydan/comment-id-params': CommentIdParams;
  'meydan/like-state': LikeState;
  'meydan/share-state': ShareState;
  'meydan/report-created': ReportCreated;
  'meydan/poll-analysis': PollAnalysis;
  'meydan/user-poll-list': UserPollList;
  'meydan/user-vote-list': UserVoteList;
  'meydan/user-id-params': UserIdParams;
  'meydan/event-user-registered': UserRegisteredEvent;
  'meydan/event-user-at': UserAtEvent;
  'meydan/event-user-updated': UserUpdatedEvent;
  'meydan/event-poll-created': PollCreatedEvent;
  'meydan/event-poll-deleted': PollDeletedEvent;
  'meydan/event-poll-ended': PollEndedEvent;
  'meydan/event-vote-cast': VoteCastEvent;
  'meydan/event-poll-liked': PollLikedEvent;
  'meydan/event-comment-created': CommentCreatedEvent;
  'meydan/event-poll-reported': PollReportedEvent;
  'meydan/event-user-moderated': UserModeratedEvent;
  'meydan/event-poll-removed': PollRemovedEvent;
  'meydan/live-poll-counts': LiveCountsMessage;
  'meydan/nats-empty-request': EmptyRequest;
  'meydan/nats-session-resolve-request': SessionResolveRequest;
  'meydan/nats-session-resolve-reply': SessionResolveReply;
  'meydan/nats-token-resolve-request': TokenResolveRequest;
  'meydan/nats-token-resolve-reply': TokenResolveReply;
  'meydan/nats-user-get-request': UserGetRequest;
  'meydan/nats-user-summaries-request': UserSummariesRequest;
  'meydan/nats-user-summaries-reply': UserSummariesReply;
  'meydan/nats-user-emails-reply': UserEmailsReply;
  'meydan/nats-user-id-request': UserIdRequest;
  'meydan/nats-user-poll-counts-reply': UserPollCountsReply;
  'meydan/nats-user-topic-votes-reply': UserTopicVotesReply;
  'meydan/nats-topic-affinities-reply': TopicAffinitiesReply;
  'meydan/event-user-deletion-scheduled': UserDeletionScheduledEvent;
  'meydan/nats-polls-user-export-reply': PollsUserExportReply;
  'meydan/nats-social-user-export-reply': SocialUserExportReply;
  'meydan/nats-notifications-user-export-reply': NotificationsUserExportReply;
  'meydan/nats-can-view-request': CanViewRequest;
  'meydan/nats-can-view-reply': CanViewReply;
  'meydan/nats-contact-messages-page-request': ContactMessagesPageRequest;
  'meydan/nats-contact-messages-page-reply': ContactMessagesPageReply;
  'meydan/socket-notification': SocketNotification;
  'meydan/socket-poll-update': SocketPollUpdate;
  'meydan/nats-poll-preview-request': PollPreviewRequest;
  'meydan/nats-poll-preview-reply': PollPreviewReply;
  'meydan/oembed-query': OembedQuery;
  'meydan/oembed': Oembed;
  'meydan/search-query': SearchQuery;
  'meydan/search-result': SearchResult;
  'meydan/nats-users-search-request': UsersSearchRequest;
  'meydan/nats-users-search-reply': UsersSearchReply;
  'meydan/trending-tags': TrendingTags;
  'meydan/tag-params': TagParams;
}

/** Compile-time check that SchemaTypes names exactly the registered ids. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaTypesCoverAllIds: Exact<keyof SchemaTypes, SchemaId> = true;
void _schemaTypesCoverAllIds;
