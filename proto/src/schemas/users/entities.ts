/** User contracts, entities and answers: the account, the profile, list rows, tokens, analysis, export. */
import type { FromSchema } from 'json-schema-to-ts';
import { avatarUrlField, dateTimeField, displayNameField, idField, nullableCountField, userRoles } from '../common.js';
import { notificationsUserExportReplySchema } from '../notifications/nats.js';
import { pollsUserExportReplySchema } from '../polls/nats.js';
import { socialUserExportReplySchema } from '../social/nats.js';

const apiTokenProperties = {
  id: idField,
  name: { type: 'string' },
  /** The token's first characters, to recognise it in the list. */
  prefix: { type: 'string' },
  /** Rate-limit tier: free 100, developer 1,000, business 10,000 requests an hour. */
  tier: { type: 'string' },
  createdAt: dateTimeField,
  lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
} as const;
const apiTokenRequired = ['id', 'name', 'prefix', 'tier', 'createdAt', 'lastUsedAt'] as const;

/** A personal API token as listed (never the token itself). */
export const apiTokenSchema = {
  $id: 'meydan/api-token',
  type: 'object',
  additionalProperties: false,
  required: apiTokenRequired,
  properties: apiTokenProperties,
} as const;
export type ApiToken = FromSchema<typeof apiTokenSchema>;

/** GET /api/tokens. */
export const apiTokenListSchema = {
  $id: 'meydan/api-token-list',
  type: 'object',
  additionalProperties: false,
  required: ['tokens'],
  properties: { tokens: { type: 'array', items: apiTokenSchema } },
} as const;
export type ApiTokenList = FromSchema<typeof apiTokenListSchema>;

/** POST /api/tokens answer: the new token, shown this once (`token`: send it as `Authorization: Bearer <token>`). */
export const apiTokenCreatedSchema = {
  $id: 'meydan/api-token-created',
  type: 'object',
  additionalProperties: false,
  required: [...apiTokenRequired, 'token'],
  properties: { ...apiTokenProperties, token: { type: 'string' } },
} as const;
export type ApiTokenCreated = FromSchema<typeof apiTokenCreatedSchema>;

/** GET /api/profile-questions: the questionnaire (each question with its four options). */
export const profileQuestionListSchema = {
  $id: 'meydan/profile-question-list',
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'category', 'question', 'options'],
        properties: {
          id: { type: 'string' },
          category: { type: 'string' },
          question: { type: 'string' },
          options: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;
export type ProfileQuestionList = FromSchema<typeof profileQuestionListSchema>;

/** POST /api/users/{id}/profile-answers answer. */
export const profileAnswersSavedSchema = {
  $id: 'meydan/profile-answers-saved',
  type: 'object',
  additionalProperties: false,
  required: ['message', 'profileQuestionsCompleted'],
  properties: { message: { type: 'string' }, profileQuestionsCompleted: { type: 'boolean' } },
} as const;
export type ProfileAnswersSaved = FromSchema<typeof profileAnswersSavedSchema>;

/** The signed-in user (GET /api/auth/session, POST /api/login). displayName falls back to username when null. */
export const userSchema = {
  $id: 'meydan/user',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'email', 'displayName', 'avatarUrl', 'role'],
  properties: {
    id: idField,
    username: { type: 'string' },
    email: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    role: { type: 'string', enum: userRoles },
    /**
     * Staff only: where this session stands with the second factor (`enrol`: no authenticator yet, `required`: a code
     * is needed, `verified`); the web sends staff to enrolment or to the code before the panel. Absent for members.
     */
    mfa: { type: 'string', enum: ['enrol', 'required', 'verified'] },
  },
} as const;
export type User = FromSchema<typeof userSchema>;

/**
 * GET /api/users/{id}: the profile view. email and the questionnaire data only for the user themself;
 * isFollowing only for a signed-in viewer looking at someone else.
 */
export const userProfileSchema = {
  $id: 'meydan/user-profile',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'username',
    'displayName',
    'bio',
    'avatarUrl',
    'isProfilePublic',
    'aiAnalysisCompleted',
    'profileQuestionsCompleted',
    'followersCount',
    'followingCount',
    'pollsCount',
    'votesCount',
  ],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    bio: { type: ['string', 'null'] },
    avatarUrl: avatarUrlField,
    isProfilePublic: { type: 'boolean' },
    aiAnalysisCompleted: { type: 'boolean' },
    profileQuestionsCompleted: { type: 'boolean' },
    followersCount: nullableCountField,
    followingCount: nullableCountField,
    pollsCount: nullableCountField,
    votesCount: nullableCountField,
    email: { type: 'string' },
    role: { type: 'string', enum: userRoles },
    createdAt: dateTimeField,
    isFollowing: { type: 'boolean' },
    birthDate: { type: ['string', 'null'] },
    birthTime: { type: ['string', 'null'] },
    birthPlace: { type: ['string', 'null'] },
    gender: { type: ['string', 'null'] },
    zodiacSign: { type: ['string', 'null'] },
    /**
     * Only to the member themself: a display name or bio the word filter holds for review (the public profile keeps
     * the old one until a moderator approves it). Absent when nothing waits.
     */
    pendingProfile: {
      type: 'object',
      additionalProperties: false,
      properties: { displayName: { type: 'string' }, bio: { type: ['string', 'null'] } },
    },
  },
} as const;
export type UserProfile = FromSchema<typeof userProfileSchema>;

/** A row of the followers/following lists. isFollowing: whether the viewer follows this user. */
export const userListItemSchema = {
  $id: 'meydan/user-list-item',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'avatarUrl', 'isFollowing'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    isFollowing: { type: 'boolean' },
  },
} as const;
export type UserListItem = FromSchema<typeof userListItemSchema>;

/**
 * Follow state: GET /api/users/{id}/is-following and POST /api/users/{id}/follow (which adds message and counts).
 * requested: a follow request waits for the member's approval (they have follow requests on).
 */
export const followStateSchema = {
  $id: 'meydan/follow-state',
  type: 'object',
  additionalProperties: false,
  required: ['following'],
  properties: {
    following: { type: 'boolean' },
    requested: { type: 'boolean' },
    message: { type: 'string' },
    followersCount: nullableCountField,
    followingCount: nullableCountField,
  },
} as const;
export type FollowState = FromSchema<typeof followStateSchema>;

/**
 * POST/GET /api/users/{id}/analysis: the member's personality analysis, computed on the server (no external AI) from
 * the questionnaire answers and the member's own votes by topic. Trait scores 0–100; topic weights 0–1 (highest
 * first), which the for-you feed ranks polls by.
 */
export const personalityAnalysisSchema = {
  $id: 'meydan/personality-analysis',
  type: 'object',
  additionalProperties: false,
  required: ['traits', 'topics', 'summary', 'basedOn', 'computedAt'],
  properties: {
    traits: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'label', 'score', 'description'],
        properties: {
          key: { type: 'string' },
          label: { type: 'string' },
          score: { type: 'integer', minimum: 0, maximum: 100 },
          description: { type: 'string' },
        },
      },
    },
    topics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['category', 'weight'],
        properties: { category: { type: 'string' }, weight: { type: 'number', minimum: 0, maximum: 1 } },
      },
    },
    summary: { type: 'string' },
    basedOn: {
      type: 'object',
      additionalProperties: false,
      required: ['answers', 'votes'],
      properties: { answers: { type: 'integer', minimum: 0 }, votes: { type: 'integer', minimum: 0 } },
    },
    computedAt: dateTimeField,
  },
} as const;
export type PersonalityAnalysis = FromSchema<typeof personalityAnalysisSchema>;

/**
 * GET /api/account/export: everything Meydan holds of the member (the right of access). The profile part lists what
 * the account stores and lets through whatever the account gains later (additionalProperties), so an export never
 * silently loses a field; polls, votes, follows and notifications are the services' own export replies.
 */
export const accountExportSchema = {
  $id: 'meydan/account-export',
  type: 'object',
  additionalProperties: false,
  required: ['exportedAt', 'profile', 'polls', 'votes', 'follows', 'notifications'],
  properties: {
    exportedAt: dateTimeField,
    profile: {
      type: 'object',
      additionalProperties: true,
      required: ['id', 'username', 'email', 'displayName', 'createdAt'],
      properties: {
        id: idField,
        username: { type: 'string' },
        email: { type: 'string' },
        displayName: { type: 'string' },
        bio: { type: ['string', 'null'] },
        avatarUrl: avatarUrlField,
        isProfilePublic: { type: 'boolean' },
        role: { type: 'string', enum: userRoles },
        createdAt: dateTimeField,
        deletionScheduledAt: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    polls: pollsUserExportReplySchema.properties.polls,
    votes: pollsUserExportReplySchema.properties.votes,
    follows: {
      type: 'object',
      additionalProperties: false,
      required: ['followers', 'following'],
      properties: socialUserExportReplySchema.properties,
    },
    notifications: notificationsUserExportReplySchema.properties.notifications,
  },
} as const;
export type AccountExport = FromSchema<typeof accountExportSchema>;

/** POST /api/account/deletion: the account is deleted at deleteAt unless the member signs in before. */
export const accountDeletionScheduledSchema = {
  $id: 'meydan/account-deletion-scheduled',
  type: 'object',
  additionalProperties: false,
  required: ['message', 'deleteAt'],
  properties: { message: { type: 'string' }, deleteAt: dateTimeField },
} as const;
export type AccountDeletionScheduled = FromSchema<typeof accountDeletionScheduledSchema>;
