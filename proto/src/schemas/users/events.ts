/** The auth service's JetStream events (`events.auth.*`). Which subject carries which schema is said in contracts.ts. */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeField, idField, userRoles } from '../common.js';

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

/** `events.auth.user.deletion-scheduled`: the member asked to delete the account; it is removed at deleteAt unless they sign in before. */
export const userDeletionScheduledEventSchema = {
  $id: 'meydan/event-user-deletion-scheduled',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'deleteAt', 'at'],
  properties: { userId: idField, deleteAt: dateTimeField, at: dateTimeField },
} as const;
export type UserDeletionScheduledEvent = FromSchema<typeof userDeletionScheduledEventSchema>;
