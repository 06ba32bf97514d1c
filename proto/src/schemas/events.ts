/**
 * The JetStream events (`events.*`) and the live core-NATS messages (`live.*`) of every service, as JSON Schemas.
 * Which subject carries which schema is said once, in contracts.ts. The social events are in social.ts and the mail
 * request in notifications.ts, beside the rest of their feature.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { creatorSummarySchema } from './polls.js';
import { limits } from '../limits.js';
import { contactStages } from './contact.js';
import { countField, dateTimeField, idField, pollTypes, userRoles, voteCountsField } from './common.js';

const { $id: _creatorSummaryId, ...creatorSummaryShape } = creatorSummarySchema;

const objectIdField = { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } as const;
const nullableIdField = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;

// ---------------------------------------------------------------------------------------------------------------
// auth

/** `events.auth.user.registered`. */
export const userRegisteredEventSchema = {
  $id: 'meydan/event-user-registered',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'username', 'email', 'displayName', 'at'],
  properties: {
    userId: idField,
    username: { type: 'string', minLength: 1 },
    email: { type: 'string', minLength: 3 },
    displayName: { type: 'string' },
    /** The account's standing at registration (the admin read model keeps it). */
    role: { enum: userRoles },
    isActive: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
    at: dateTimeField,
  },
} as const;
export type UserRegisteredEvent = FromSchema<typeof userRegisteredEventSchema>;

/** `events.auth.user.activated` and `events.auth.sessions.revoked`: something happened to one account. */
export const userAtEventSchema = {
  $id: 'meydan/event-user-at',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'at'],
  properties: { userId: idField, at: dateTimeField },
} as const;
export type UserAtEvent = FromSchema<typeof userAtEventSchema>;

/** `events.auth.user.updated`: the profile fields other services cache. */
export const userUpdatedEventSchema = {
  $id: 'meydan/event-user-updated',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'username', 'displayName', 'avatarUrl', 'at'],
  properties: {
    userId: idField,
    username: { type: 'string', minLength: 1 },
    displayName: { type: ['string', 'null'] },
    avatarUrl: { type: ['string', 'null'] },
    at: dateTimeField,
  },
} as const;
export type UserUpdatedEvent = FromSchema<typeof userUpdatedEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// polls

/** `events.polls.poll.created`. */
export const pollCreatedEventSchema = {
  $id: 'meydan/event-poll-created',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'type', 'title', 'category', 'createdAt', 'expiresAt'],
  properties: {
    pollId: idField,
    creatorId: idField,
    type: { enum: pollTypes },
    title: { type: 'string' },
    category: { type: 'string' },
    description: { type: ['string', 'null'] },
    isShareable: { type: 'boolean' },
    createdAt: dateTimeField,
    expiresAt: { anyOf: [dateTimeField, { type: 'null' }] },
  },
} as const;
export type PollCreatedEvent = FromSchema<typeof pollCreatedEventSchema>;

/** `events.polls.poll.deleted`: by the creator or, after an administrator's removal, by that administrator. */
export const pollDeletedEventSchema = {
  $id: 'meydan/event-poll-deleted',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'by', 'at'],
  properties: { pollId: idField, creatorId: idField, by: idField, at: dateTimeField },
} as const;
export type PollDeletedEvent = FromSchema<typeof pollDeletedEventSchema>;

/** `events.polls.poll.ended`: the expiry passed; the result by option index. */
export const pollEndedEventSchema = {
  $id: 'meydan/event-poll-ended',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'title', 'voteCounts', 'totalVotes', 'winnerIndexes', 'at'],
  properties: {
    pollId: idField,
    creatorId: idField,
    title: { type: 'string' },
    voteCounts: { type: 'array', items: countField },
    totalVotes: countField,
    winnerIndexes: { type: 'array', items: countField },
    at: dateTimeField,
  },
} as const;
export type PollEndedEvent = FromSchema<typeof pollEndedEventSchema>;

/**
 * `events.polls.vote.cast`, message id `vote:<pollId>:<voter>`. voter is `u:<userId>` for a member, `v:<visitorId>`
 * for a visitor (then userId is null). The vote consumer stores it in MongoDB, so pollId is an ObjectId.
 * optionIndex is the ballot's (first) option; a ballot of several options on a multiple-choice poll lists them all in
 * optionIndexes (ascending), and is still one vote of one voter.
 */
export const voteCastEventSchema = {
  $id: 'meydan/event-vote-cast',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'voter', 'userId', 'optionIndex', 'at'],
  properties: {
    pollId: objectIdField,
    creatorId: idField,
    voter: { type: 'string', pattern: '^[uv]:.{1,128}$' },
    userId: nullableIdField,
    optionIndex: countField,
    optionIndexes: { type: 'array', minItems: 2, uniqueItems: true, items: countField },
    at: dateTimeField,
  },
} as const;
export type VoteCastEvent = FromSchema<typeof voteCastEventSchema>;

/** `events.polls.poll.liked`: liked false when the like was taken back. */
export const pollLikedEventSchema = {
  $id: 'meydan/event-poll-liked',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'userId', 'liked', 'at'],
  properties: { pollId: idField, creatorId: idField, userId: idField, liked: { type: 'boolean' }, at: dateTimeField },
} as const;
export type PollLikedEvent = FromSchema<typeof pollLikedEventSchema>;

/** `events.polls.comment.created`. */
export const commentCreatedEventSchema = {
  $id: 'meydan/event-comment-created',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'commentId', 'userId', 'text', 'at'],
  properties: {
    pollId: idField,
    creatorId: idField,
    commentId: idField,
    userId: idField,
    text: { type: 'string' },
    at: dateTimeField,
  },
} as const;
export type CommentCreatedEvent = FromSchema<typeof commentCreatedEventSchema>;

/** `events.polls.poll.reported`, message id `report:<reportId>`. */
export const pollReportedEventSchema = {
  $id: 'meydan/event-poll-reported',
  type: 'object',
  additionalProperties: false,
  required: ['reportId', 'pollId', 'reporterId', 'reason', 'description', 'at'],
  properties: {
    reportId: idField,
    pollId: idField,
    reporterId: idField,
    reason: { type: 'string' },
    description: { type: ['string', 'null'] },
    at: dateTimeField,
  },
} as const;
export type PollReportedEvent = FromSchema<typeof pollReportedEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// admin

/** `events.admin.user.banned` and `events.admin.user.reactivated`: by is the administrator. */
export const userModeratedEventSchema = {
  $id: 'meydan/event-user-moderated',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'by', 'at'],
  properties: { userId: idField, by: idField, reason: { type: 'string', maxLength: 500 }, at: dateTimeField },
} as const;
export type UserModeratedEvent = FromSchema<typeof userModeratedEventSchema>;

/** `events.admin.poll.removed`. */
export const pollRemovedEventSchema = {
  $id: 'meydan/event-poll-removed',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'by', 'at'],
  properties: { pollId: idField, by: idField, at: dateTimeField },
} as const;
export type PollRemovedEvent = FromSchema<typeof pollRemovedEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// live (core NATS)

/**
 * `live.polls.counts`: a poll's counts right now, published by polls and pushed by notifications as `poll_update`.
 * voteCounts by option index ({"0": 3, "1": 5}), the same shape as `poll_update` and the poll answers.
 */
export const liveCountsSchema = {
  $id: 'meydan/live-poll-counts',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voteCounts', 'totalVotes', 'at'],
  properties: { pollId: idField, voteCounts: voteCountsField, totalVotes: countField, at: dateTimeField },
} as const;
export type LiveCountsMessage = FromSchema<typeof liveCountsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// request/reply payloads of auth and polls (social's are in social.ts, health in system.ts)

/** Any request that carries nothing (`<service>.health`, `auth.users.emails`): null or {}. */
export const emptyRequestSchema = {
  $id: 'meydan/nats-empty-request',
  anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, properties: {} }],
} as const;
export type EmptyRequest = FromSchema<typeof emptyRequestSchema>;

/** `auth.session.resolve` request. */
export const sessionResolveRequestSchema = {
  $id: 'meydan/nats-session-resolve-request',
  type: 'object',
  additionalProperties: false,
  required: ['sid'],
  properties: { sid: { type: 'string', maxLength: 200 } },
} as const;
export type SessionResolveRequest = FromSchema<typeof sessionResolveRequestSchema>;

/** `auth.session.resolve` reply: the session's user, or null (unknown, expired or revoked). */
export const sessionResolveReplySchema = {
  $id: 'meydan/nats-session-resolve-reply',
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['userId', 'role'],
      properties: { userId: idField, role: { enum: userRoles } },
    },
  ],
} as const;
export type SessionResolveReply = FromSchema<typeof sessionResolveReplySchema>;

/** `auth.token.resolve` request: the bearer token as sent. */
export const tokenResolveRequestSchema = {
  $id: 'meydan/nats-token-resolve-request',
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;
export type TokenResolveRequest = FromSchema<typeof tokenResolveRequestSchema>;

/** `auth.token.resolve` reply: the token's owner and tier, or null. */
export const tokenResolveReplySchema = {
  $id: 'meydan/nats-token-resolve-reply',
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['userId', 'role', 'tier', 'tokenId'],
      properties: {
        userId: idField,
        role: { enum: userRoles },
        tier: { enum: ['free', 'developer', 'business'] },
        tokenId: idField,
      },
    },
  ],
} as const;
export type TokenResolveReply = FromSchema<typeof tokenResolveReplySchema>;

/** `auth.users.get` request (the reply is `meydan/creator-summary`). */
export const userGetRequestSchema = {
  $id: 'meydan/nats-user-get-request',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;
export type UserGetRequest = FromSchema<typeof userGetRequestSchema>;

/** `auth.users.summaries` request: unknown ids are left out of the answer. */
export const userSummariesRequestSchema = {
  $id: 'meydan/nats-user-summaries-request',
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: { ids: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 64 } } },
} as const;
export type UserSummariesRequest = FromSchema<typeof userSummariesRequestSchema>;

/** `auth.users.summaries` reply: the same summaries as `auth.users.get` answers. */
export const userSummariesReplySchema = {
  $id: 'meydan/nats-user-summaries-reply',
  type: 'object',
  additionalProperties: false,
  required: ['users'],
  properties: { users: { type: 'array', items: creatorSummaryShape } },
} as const;
export type UserSummariesReply = FromSchema<typeof userSummariesReplySchema>;

/** `auth.users.emails` reply: the active, activated accounts (for a bulk e-mail). */
export const userEmailsReplySchema = {
  $id: 'meydan/nats-user-emails-reply',
  type: 'object',
  additionalProperties: false,
  required: ['users'],
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'email', 'username', 'displayName'],
        properties: { id: idField, email: { type: 'string' }, username: { type: 'string' }, displayName: { type: ['string', 'null'] } },
      },
    },
  },
} as const;
export type UserEmailsReply = FromSchema<typeof userEmailsReplySchema>;

/** `polls.users.counts` request (and any `{userId}` request). */
export const userIdRequestSchema = {
  $id: 'meydan/nats-user-id-request',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: idField },
} as const;
export type UserIdRequest = FromSchema<typeof userIdRequestSchema>;

/** `polls.users.counts` reply. */
export const userPollCountsReplySchema = {
  $id: 'meydan/nats-user-poll-counts-reply',
  type: 'object',
  additionalProperties: false,
  required: ['pollsCount', 'votesCount'],
  properties: { pollsCount: countField, votesCount: countField },
} as const;
export type UserPollCountsReply = FromSchema<typeof userPollCountsReplySchema>;

/** `polls.users.topics` reply: how many of the member's votes went to polls of each category (votes > 0 only). */
export const userTopicVotesReplySchema = {
  $id: 'meydan/nats-user-topic-votes-reply',
  type: 'object',
  additionalProperties: false,
  required: ['topics'],
  properties: {
    topics: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['category', 'votes'],
        properties: { category: { type: 'string', minLength: 1, maxLength: 64 }, votes: countField },
      },
    },
  },
} as const;
export type UserTopicVotesReply = FromSchema<typeof userTopicVotesReplySchema>;

/**
 * `auth.users.affinities` reply: the member's topic affinities from their personality analysis (weights 0–1 summing
 * to about 1, highest first); empty before the analysis.
 */
export const topicAffinitiesReplySchema = {
  $id: 'meydan/nats-topic-affinities-reply',
  type: 'object',
  additionalProperties: false,
  required: ['topics'],
  properties: {
    topics: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['category', 'weight'],
        properties: { category: { type: 'string', minLength: 1, maxLength: 64 }, weight: { type: 'number', minimum: 0, maximum: 1 } },
      },
    },
  },
} as const;
export type TopicAffinitiesReply = FromSchema<typeof topicAffinitiesReplySchema>;

/** `events.auth.user.deletion-scheduled`: the member asked to delete the account; it is removed at deleteAt unless they sign in before. */
export const userDeletionScheduledEventSchema = {
  $id: 'meydan/event-user-deletion-scheduled',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'deleteAt', 'at'],
  properties: { userId: idField, deleteAt: dateTimeField, at: dateTimeField },
} as const;
export type UserDeletionScheduledEvent = FromSchema<typeof userDeletionScheduledEventSchema>;

/** `polls.users.export` reply: the member's own polls and votes (the right of access). */
export const pollsUserExportReplySchema = {
  $id: 'meydan/nats-polls-user-export-reply',
  type: 'object',
  additionalProperties: false,
  required: ['polls', 'votes'],
  properties: {
    polls: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'description', 'category', 'type', 'options', 'createdAt', 'expiresAt'],
        properties: {
          id: idField,
          title: { type: 'string' },
          description: { type: ['string', 'null'] },
          category: { type: 'string' },
          type: { type: 'string', enum: pollTypes },
          options: { type: 'array', items: { type: 'string' } },
          createdAt: dateTimeField,
          expiresAt: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    votes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pollId', 'pollTitle', 'optionIndex', 'option', 'votedAt'],
        properties: {
          pollId: idField,
          pollTitle: { type: ['string', 'null'] },
          optionIndex: { type: 'integer', minimum: 0 },
          option: { type: ['string', 'null'] },
          /** A multiple-choice ballot of several options: all of them. */
          optionIndexes: { type: 'array', items: { type: 'integer', minimum: 0 } },
          options: { type: 'array', items: { type: ['string', 'null'] } },
          votedAt: dateTimeField,
        },
      },
    },
  },
} as const;
export type PollsUserExportReply = FromSchema<typeof pollsUserExportReplySchema>;

/** `social.users.export` reply: who follows the member and whom the member follows, with when. */
export const socialUserExportReplySchema = {
  $id: 'meydan/nats-social-user-export-reply',
  type: 'object',
  additionalProperties: false,
  required: ['followers', 'following'],
  properties: {
    followers: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['userId', 'since'], properties: { userId: idField, since: dateTimeField } },
    },
    following: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['userId', 'since'], properties: { userId: idField, since: dateTimeField } },
    },
  },
} as const;
export type SocialUserExportReply = FromSchema<typeof socialUserExportReplySchema>;

/** `notifications.users.export` reply: the member's notifications. */
export const notificationsUserExportReplySchema = {
  $id: 'meydan/nats-notifications-user-export-reply',
  type: 'object',
  additionalProperties: false,
  required: ['notifications'],
  properties: {
    notifications: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'message', 'link', 'isRead', 'createdAt'],
        properties: {
          kind: { type: 'string' },
          message: { type: 'string' },
          link: { type: ['string', 'null'] },
          isRead: { type: 'boolean' },
          createdAt: dateTimeField,
        },
      },
    },
  },
} as const;
export type NotificationsUserExportReply = FromSchema<typeof notificationsUserExportReplySchema>;

/**
 * `polls.can-view` request: a poll by id (the HTTP rule: a share-link poll only for its creator) or by its share
 * code (a share-link poll for whoever holds it); userId null for a visitor's socket.
 */
export const canViewRequestSchema = {
  $id: 'meydan/nats-can-view-request',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { pollId: idField, shortUrl: { type: 'string', minLength: 1, maxLength: 64 }, userId: nullableIdField },
  oneOf: [{ required: ['pollId'] }, { required: ['shortUrl'] }],
} as const;
export type CanViewRequest = FromSchema<typeof canViewRequestSchema>;

/** `polls.can-view` reply: the poll's id when visible, so a socket that knows only the code can join its room. */
export const canViewReplySchema = {
  $id: 'meydan/nats-can-view-reply',
  type: 'object',
  additionalProperties: false,
  required: ['visible'],
  properties: {
    visible: { type: 'boolean' },
    pollId: idField,
    /** Not visible until this viewer votes on it (a Dost Meclisi poll's counts): a caller must not remember the no. */
    untilVote: { type: 'boolean' },
  },
} as const;
export type CanViewReply = FromSchema<typeof canViewReplySchema>;

// ---------------------------------------------------------------------------------------------------------------
// the admin read model's rebuild (paged request/reply) and the bulk e-mail work queue

/** `auth.users.page`, `polls.polls.page`, `polls.reports.page` request: the next `limit` records after the cursor. */
export const pageRequestSchema = {
  $id: 'meydan/nats-page-request',
  type: 'object',
  additionalProperties: false,
  required: ['after', 'limit'],
  properties: { after: nullableIdField, limit: { type: 'integer', minimum: 1, maximum: 500 } },
} as const;
export type PageRequest = FromSchema<typeof pageRequestSchema>;

const nextField = nullableIdField;

/**
 * `polls.poll.voters` request: one page of the members who voted on a poll, in voter order after `after` (the `next`
 * of the page before; null for the first page).
 */
export const pollVotersRequestSchema = {
  $id: 'meydan/nats-poll-voters-request',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'after', 'limit'],
  properties: {
    pollId: idField,
    after: { type: ['string', 'null'], minLength: 1, maxLength: 80 },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const;
export type PollVotersRequest = FromSchema<typeof pollVotersRequestSchema>;

/** `polls.poll.voters` reply: the members' ids (visitors are not listed); next null after the last page. */
export const pollVotersReplySchema = {
  $id: 'meydan/nats-poll-voters-reply',
  type: 'object',
  additionalProperties: false,
  required: ['userIds', 'next'],
  properties: {
    userIds: { type: 'array', items: idField },
    next: { type: ['string', 'null'], minLength: 1, maxLength: 80 },
  },
} as const;
export type PollVotersReply = FromSchema<typeof pollVotersReplySchema>;

/** `auth.users.page` reply: accounts in id order; next null after the last page. */
export const usersPageReplySchema = {
  $id: 'meydan/nats-users-page-reply',
  type: 'object',
  additionalProperties: false,
  required: ['users', 'next'],
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'username', 'displayName', 'email', 'role', 'isActive', 'emailVerified', 'createdAt'],
        properties: {
          id: idField,
          username: { type: 'string' },
          displayName: { type: ['string', 'null'] },
          email: { type: 'string' },
          role: { enum: userRoles },
          isActive: { type: 'boolean' },
          emailVerified: { type: 'boolean' },
          createdAt: dateTimeField,
        },
      },
    },
    next: nextField,
  },
} as const;
export type UsersPageReply = FromSchema<typeof usersPageReplySchema>;

/** `polls.polls.page` reply: polls in id order with their vote counts. */
export const pollsPageReplySchema = {
  $id: 'meydan/nats-polls-page-reply',
  type: 'object',
  additionalProperties: false,
  required: ['polls', 'next'],
  properties: {
    polls: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'creatorId', 'type', 'title', 'description', 'category', 'isShareable', 'votesCount', 'createdAt'],
        properties: {
          id: idField,
          creatorId: idField,
          type: { enum: pollTypes },
          title: { type: 'string' },
          description: { type: ['string', 'null'] },
          category: { type: 'string' },
          isShareable: { type: 'boolean' },
          votesCount: countField,
          createdAt: dateTimeField,
        },
      },
    },
    next: nextField,
  },
} as const;
export type PollsPageReply = FromSchema<typeof pollsPageReplySchema>;

/** `polls.reports.page` reply: reports in id order. */
export const reportsPageReplySchema = {
  $id: 'meydan/nats-reports-page-reply',
  type: 'object',
  additionalProperties: false,
  required: ['reports', 'next'],
  properties: {
    reports: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'pollId', 'reporterId', 'reason', 'description', 'createdAt'],
        properties: {
          id: idField,
          pollId: idField,
          reporterId: idField,
          reason: { type: 'string' },
          description: { type: ['string', 'null'] },
          createdAt: dateTimeField,
        },
      },
    },
    next: nextField,
  },
} as const;
export type ReportsPageReply = FromSchema<typeof reportsPageReplySchema>;

/**
 * `work.admin.bulk-email.<deployment>`: one recipient of a bulk e-mail job, message id `<jobId>:<userId>`. The
 * subject and body stay in the admin service's job record.
 */
export const bulkEmailRecipientSchema = {
  $id: 'meydan/work-bulk-email-recipient',
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'userId', 'email', 'name'],
  properties: { jobId: idField, userId: idField, email: { type: 'string', minLength: 3 }, name: { type: 'string' } },
} as const;
export type BulkEmailRecipient = FromSchema<typeof bulkEmailRecipientSchema>;

/** `live.admin.bulk-email`: a bulk e-mail job's progress, pushed by notifications to the admin's sockets. */
export const liveBulkEmailProgressSchema = {
  $id: 'meydan/live-bulk-email-progress',
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'adminId', 'total', 'sent', 'failed', 'state'],
  properties: {
    jobId: idField,
    adminId: idField,
    total: countField,
    sent: countField,
    failed: countField,
    state: { enum: ['queued', 'sending', 'done'] },
  },
} as const;
export type LiveBulkEmailProgress = FromSchema<typeof liveBulkEmailProgressSchema>;

// ---------------------------------------------------------------------------------------------------------------
// contact

/** `contact.messages.page` request: one page of the contact messages, newest first (the admin's list). */
export const contactMessagesPageRequestSchema = {
  $id: 'meydan/nats-contact-messages-page-request',
  type: 'object',
  additionalProperties: false,
  required: ['page', 'pageSize'],
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;
export type ContactMessagesPageRequest = FromSchema<typeof contactMessagesPageRequestSchema>;

/** `contact.messages.page` reply: the page's messages and how many there are in all. */
export const contactMessagesPageReplySchema = {
  $id: 'meydan/nats-contact-messages-page-reply',
  type: 'object',
  additionalProperties: false,
  required: ['items', 'totalCount'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'ticketNumber', 'name', 'email', 'subject', 'message', 'status', 'userId', 'createdAt'],
        properties: {
          id: objectIdField,
          ticketNumber: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string' },
          subject: { type: 'string', enum: limits.contact.subjects },
          message: { type: 'string' },
          status: { type: 'string', enum: contactStages },
          userId: nullableIdField,
          createdAt: dateTimeField,
        },
      },
    },
    totalCount: countField,
  },
} as const;
export type ContactMessagesPageReply = FromSchema<typeof contactMessagesPageReplySchema>;
