/** Notification contracts (REST list and the realtime `notification` / `notification_count` events). */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField } from './common.js';

/** A notification. message falls back to 'Yeni bildirim' on the client; link is where a click leads (or null). */
export const notificationSchema = {
  $id: 'meydan/notification',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'message', 'isRead', 'createdAt'],
  properties: {
    id: idField,
    message: { type: 'string' },
    isRead: { type: 'boolean' },
    createdAt: dateTimeField,
    link: { type: ['string', 'null'] },
  },
} as const;
export type NotificationItem = FromSchema<typeof notificationSchema>;
/** Same as NotificationItem (named after the spec's entity; NotificationItem avoids the DOM's Notification). */
export type Notification = NotificationItem;

/** Realtime `notification_count` data: the unread count. */
export const notificationCountSchema = {
  $id: 'meydan/notification-count',
  type: 'object',
  additionalProperties: false,
  required: ['count'],
  properties: { count: countField },
} as const;
export type NotificationCount = FromSchema<typeof notificationCountSchema>;
