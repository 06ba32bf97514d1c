/** The social service's NATS request/reply payloads (`social.*`). */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField } from '../common.js';

/** `social.mutuals` request: {userId}. */
export const mutualsRequestSchema = {
  $id: 'meydan/social-mutuals-request',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: idField },
} as const;
export type MutualsRequest = FromSchema<typeof mutualsRequestSchema>;

/** `social.mutuals` reply: the users who follow `userId` and whom `userId` follows. */
export const mutualsReplySchema = {
  $id: 'meydan/social-mutuals-reply',
  type: 'object',
  additionalProperties: false,
  required: ['userIds'],
  properties: { userIds: { type: 'array', items: idField } },
} as const;
export type MutualsReply = FromSchema<typeof mutualsReplySchema>;

/** `social.counts` request: {userId, viewerId?}; with a viewerId the reply also says whether the viewer follows. */
export const countsRequestSchema = {
  $id: 'meydan/social-counts-request',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: idField, viewerId: { type: ['string', 'null'], maxLength: 64 } },
} as const;
export type CountsRequest = FromSchema<typeof countsRequestSchema>;

/**
 * `social.counts` reply: {followersCount, followingCount}, plus isFollowing when a viewer other than the user asked, and
 * `blockedViewer: true` when the user blocked that viewer (auth then answers the profile 404, as for no such member).
 */
export const countsReplySchema = {
  $id: 'meydan/social-counts-reply',
  type: 'object',
  additionalProperties: false,
  required: ['followersCount', 'followingCount'],
  properties: {
    followersCount: countField,
    followingCount: countField,
    isFollowing: { type: 'boolean' },
    blockedViewer: { type: 'boolean' },
  },
} as const;
export type CountsReply = FromSchema<typeof countsReplySchema>;

/** `social.users.export` reply: who follows the member and whom the member follows, with when. */
export const socialUserExportReplySchema = {
  $id: 'meydan/nats-social-user-export-reply',
  type: 'object',
  additionalProperties: false,
  required: ['followers', 'following'],
  properties: {
    followers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'since'],
        properties: { userId: idField, since: dateTimeField },
      },
    },
    following: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'since'],
        properties: { userId: idField, since: dateTimeField },
      },
    },
  },
} as const;
export type SocialUserExportReply = FromSchema<typeof socialUserExportReplySchema>;

/**
 * `social.hidden` reply, for a member: whom they blocked, who blocked them, and whom they muted. What other services
 * leave out of the member's feeds, search, comments and notifications (a member blocked either way is out of sight
 * both ways; a muted one only for the muter).
 */
export const hiddenReplySchema = {
  $id: 'meydan/social-hidden-reply',
  type: 'object',
  additionalProperties: false,
  required: ['blocked', 'blockedBy', 'muted'],
  properties: {
    blocked: { type: 'array', items: idField },
    blockedBy: { type: 'array', items: idField },
    muted: { type: 'array', items: idField },
  },
} as const;
export type HiddenReply = FromSchema<typeof hiddenReplySchema>;
