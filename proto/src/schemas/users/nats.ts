/** The auth service's NATS request/reply payloads (`auth.*`): sessions, tokens, user summaries, search. */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, displayNameField, idField, staffRoles, userRoles } from '../common.js';
import { creatorSummaryShape } from '../polls/entities.js';

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
        properties: {
          id: idField,
          email: { type: 'string' },
          username: { type: 'string' },
          displayName: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
export type UserEmailsReply = FromSchema<typeof userEmailsReplySchema>;

/** `auth.users.contact` reply: where an active, activated member's opted-in mail goes. */
export const userContactReplySchema = {
  $id: 'meydan/nats-user-contact-reply',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'username', 'displayName'],
  properties: { email: { type: 'string' }, username: { type: 'string' }, displayName: { type: ['string', 'null'] } },
} as const;
export type UserContactReply = FromSchema<typeof userContactReplySchema>;

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
        properties: {
          category: { type: 'string', minLength: 1, maxLength: 64 },
          weight: { type: 'number', minimum: 0, maximum: 1 },
        },
      },
    },
  },
} as const;
export type TopicAffinitiesReply = FromSchema<typeof topicAffinitiesReplySchema>;

/** `auth.users.search` request: members whose username or display name holds the query. */
export const usersSearchRequestSchema = {
  $id: 'meydan/nats-users-search-request',
  type: 'object',
  additionalProperties: false,
  required: ['q', 'offset', 'limit'],
  properties: {
    q: { type: 'string', minLength: 1, maxLength: 100 },
    offset: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
  },
} as const;
export type UsersSearchRequest = FromSchema<typeof usersSearchRequestSchema>;

export const usersSearchReplySchema = {
  $id: 'meydan/nats-users-search-reply',
  type: 'object',
  additionalProperties: false,
  required: ['users', 'totalCount'],
  properties: { users: { type: 'array', items: creatorSummaryShape }, totalCount: countField },
} as const;
export type UsersSearchReply = FromSchema<typeof usersSearchReplySchema>;

/** `auth.staff.invite` request: who is invited, as what, by which administrator. */
export const staffInviteRequestSchema = {
  $id: 'meydan/nats-staff-invite-request',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'displayName', 'role', 'by'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    displayName: displayNameField,
    role: { enum: staffRoles },
    by: idField,
  },
} as const;
export type StaffInviteRequest = FromSchema<typeof staffInviteRequestSchema>;

/** `auth.staff.invite` reply: the new account. */
export const staffInviteReplySchema = {
  $id: 'meydan/nats-staff-invite-reply',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'username'],
  properties: { userId: idField, username: { type: 'string' } },
} as const;
export type StaffInviteReply = FromSchema<typeof staffInviteReplySchema>;
