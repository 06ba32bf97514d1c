/** The admin read model's rebuild: the paged requests it sends and the pages auth and polls answer. */
import type { FromSchema } from 'json-schema-to-ts';
import {
  announcedImagesField,
  countField,
  dateTimeField,
  idField,
  nullableIdField,
  pollKinds,
  pollTypes,
  userRoles,
} from '../common.js';

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
        required: [
          'id',
          'creatorId',
          'type',
          'title',
          'description',
          'category',
          'isShareable',
          'votesCount',
          'createdAt',
        ],
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
          kind: { type: 'string', enum: pollKinds },
          images: announcedImagesField,
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
