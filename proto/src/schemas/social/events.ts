/** The social service's JetStream events (`events.social.*`). */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeField, idField } from '../common.js';

/** `events.social.user.followed`: mutual is true when the followee already followed the follower back. */
export const userFollowedEventSchema = {
  $id: 'meydan/social-user-followed',
  type: 'object',
  additionalProperties: false,
  required: ['followerId', 'followeeId', 'mutual', 'at'],
  properties: { followerId: idField, followeeId: idField, mutual: { type: 'boolean' }, at: dateTimeField },
} as const;
export type UserFollowedEvent = FromSchema<typeof userFollowedEventSchema>;

/** `events.social.user.unfollowed`. */
export const userUnfollowedEventSchema = {
  $id: 'meydan/social-user-unfollowed',
  type: 'object',
  additionalProperties: false,
  required: ['followerId', 'followeeId', 'at'],
  properties: { followerId: idField, followeeId: idField, at: dateTimeField },
} as const;
export type UserUnfollowedEvent = FromSchema<typeof userUnfollowedEventSchema>;

/** `events.social.follow.requested`: a member with follow requests on was asked to be followed (no edge yet). */
export const followRequestedEventSchema = {
  $id: 'meydan/social-follow-requested',
  type: 'object',
  additionalProperties: false,
  required: ['requestId', 'requesterId', 'targetId', 'at'],
  properties: { requestId: idField, requesterId: idField, targetId: idField, at: dateTimeField },
} as const;
export type FollowRequestedEvent = FromSchema<typeof followRequestedEventSchema>;

/**
 * `events.social.user.blocked`, `.unblocked`, `.muted`, `.unmuted`: `userId` blocked (muted) `targetId`, or took it
 * back. Other services drop what they keep of the member's hidden set when they hear one.
 */
export const userHiddenEventSchema = {
  $id: 'meydan/social-user-hidden',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'targetId', 'at'],
  properties: { userId: idField, targetId: idField, at: dateTimeField },
} as const;
export type UserHiddenEvent = FromSchema<typeof userHiddenEventSchema>;
