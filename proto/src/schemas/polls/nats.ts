/** The polls service's NATS request/reply payloads (`polls.*`). */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField, nullableIdField, pollKinds, pollTypes } from '../common.js';
import { optionImagesField } from './entities.js';

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
          /** A quiz of theirs, with the correct options they marked. */
          kind: { type: 'string', enum: pollKinds },
          correctOptionIndexes: { type: 'array', items: { type: 'integer', minimum: 0 } },
          /** Its options' images, as every poll answer has them; absent without images. */
          optionImages: optionImagesField,
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

/**
 * `polls.can-view` request: a poll by id (the HTTP rule: a share-link poll only for its creator) or by its share
 * code (a share-link poll for whoever holds it); userId null for a visitor's socket, whose visitorId (when it has one)
 * tells whether that visitor voted on it.
 */
export const canViewRequestSchema = {
  $id: 'meydan/nats-can-view-request',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: {
    pollId: idField,
    shortUrl: { type: 'string', minLength: 1, maxLength: 64 },
    userId: nullableIdField,
    visitorId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
  },
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
    /** The viewer voted on it: their socket joins the poll's voters (live counts that go to voters only reach them). */
    voted: { type: 'boolean' },
    /** The viewer made it: their socket joins the poll's creator (live counts that go to the creator reach them). */
    creator: { type: 'boolean' },
  },
} as const;
export type CanViewReply = FromSchema<typeof canViewReplySchema>;

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
