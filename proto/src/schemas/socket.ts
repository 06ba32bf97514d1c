/**
 * The realtime socket's server → client events that wrap an entity in `data` (the other socket payloads are in
 * notifications.ts). Which event carries which schema is said once, in contracts.ts (`socketContracts`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { notificationSchema } from './notifications.js';
import { pollUpdateSchema } from './polls.js';
import { bulkEmailJobSchema } from './admin.js';

// Embedded without their `$id` (ajv refuses one `$id` twice).
const { $id: _notificationId, ...notificationShape } = notificationSchema;
const { $id: _pollUpdateId, ...pollUpdateShape } = pollUpdateSchema;
const { $id: _bulkEmailJobId, ...bulkEmailJobShape } = bulkEmailJobSchema;

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

/** Server → client `bulk_email_progress`, to the administrator who started the job: its progress. */
export const socketBulkEmailProgressSchema = {
  $id: 'meydan/socket-bulk-email-progress',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: bulkEmailJobShape },
} as const;
export type SocketBulkEmailProgress = FromSchema<typeof socketBulkEmailProgressSchema>;
