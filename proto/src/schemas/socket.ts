/**
 * The realtime socket's server → client events that wrap an entity in `data` (the other socket payloads are in
 * notifications.ts). Which event carries which schema is said once, in contracts.ts (`socketContracts`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { notificationSchema } from './notifications.js';
import { pollUpdateSchema } from './polls.js';

// Embedded without their `$id` (ajv refuses one `$id` twice).
const { $id: _notificationId, ...notificationShape } = notificationSchema;
const { $id: _pollUpdateId, ...pollUpdateShape } = pollUpdateSchema;

/** Server → client `notification`: a new notification, or a vote notification that grew (same id). */
export const socketNotificationSchema = {
  $id: 'meydan/socket-notification',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: notificationShape },
} as const;
export type SocketNotification = FromSchema<typeof socketNotificationSchema>;

/** Server → client `poll_update`: the live counts of a followed poll. */
export const socketPollUpdateSchema = {
  $id: 'meydan/socket-poll-update',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: pollUpdateShape },
} as const;
export type SocketPollUpdate = FromSchema<typeof socketPollUpdateSchema>;
