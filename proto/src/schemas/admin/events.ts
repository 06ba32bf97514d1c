/**
 * The admin service's JetStream events (`events.admin.*`), its bulk e-mail work queue, the job's live progress on core
 * NATS and its push to the administrator's socket (`bulk_email_progress`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField, userRoles } from '../common.js';
import { bulkEmailJobSchema } from './http.js';

// Embedded without its `$id` (ajv refuses one `$id` twice).
const { $id: _bulkEmailJobId, ...bulkEmailJobShape } = bulkEmailJobSchema;

/** `events.admin.user.banned` and `events.admin.user.reactivated`: by is the administrator. */
export const userModeratedEventSchema = {
  $id: 'meydan/event-user-moderated',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'by', 'at'],
  properties: { userId: idField, by: idField, reason: { type: 'string', maxLength: 500 }, at: dateTimeField },
} as const;
export type UserModeratedEvent = FromSchema<typeof userModeratedEventSchema>;

/** `events.admin.user.role-changed`: by is the administrator; auth gives the account the role and ends its sessions. */
export const roleChangedEventSchema = {
  $id: 'meydan/event-role-changed',
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'role', 'previous', 'by', 'at'],
  properties: {
    userId: idField,
    role: { enum: userRoles },
    previous: { enum: userRoles },
    by: idField,
    at: dateTimeField,
  },
} as const;
export type RoleChangedEvent = FromSchema<typeof roleChangedEventSchema>;

/** `events.admin.poll.removed`. */
export const pollRemovedEventSchema = {
  $id: 'meydan/event-poll-removed',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'by', 'at'],
  properties: { pollId: idField, by: idField, at: dateTimeField },
} as const;
export type PollRemovedEvent = FromSchema<typeof pollRemovedEventSchema>;

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

/** Server → client `bulk_email_progress`, to the administrator who started the job: its progress. */
export const socketBulkEmailProgressSchema = {
  $id: 'meydan/socket-bulk-email-progress',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: bulkEmailJobShape },
} as const;
export type SocketBulkEmailProgress = FromSchema<typeof socketBulkEmailProgressSchema>;
