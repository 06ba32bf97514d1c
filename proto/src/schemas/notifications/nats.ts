/** The notifications service's NATS payloads: the mail request every service publishes, and its export reply. */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeField } from '../common.js';

/**
 * `events.*.mail.requested` (`mailRequestedFilter` in subjects.ts): one mail for the mailer. `tag` says what it is
 * (activation, bulk, ...), `userId` whom it concerns. Publish with a message id to have it sent at most once.
 * `body` is the html and text sealed with MAIL_SECRET (the kit's `sealMail`; `v1.<base64url>`): the links in it act
 * for whoever holds them, and only the senders and the mailer hold the key.
 */
export const mailRequestSchema = {
  $id: 'meydan/mail-request',
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject', 'body'],
  properties: {
    to: { type: 'string', format: 'email', maxLength: 254 },
    subject: { type: 'string', minLength: 1, maxLength: 300 },
    body: { type: 'string', pattern: '^v1\\.[A-Za-z0-9_-]+$', maxLength: 1_000_000 },
    tag: { type: 'string', maxLength: 64 },
    userId: { type: ['string', 'null'], maxLength: 64 },
  },
} as const;
export type MailRequest = FromSchema<typeof mailRequestSchema>;

/** `notifications.users.export` reply: the member's notifications. */
export const notificationsUserExportReplySchema = {
  $id: 'meydan/nats-notifications-user-export-reply',
  type: 'object',
  additionalProperties: false,
  required: ['notifications'],
  properties: {
    notifications: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'message', 'link', 'isRead', 'createdAt'],
        properties: {
          kind: { type: 'string' },
          message: { type: 'string' },
          link: { type: ['string', 'null'] },
          isRead: { type: 'boolean' },
          createdAt: dateTimeField,
        },
      },
    },
  },
} as const;
export type NotificationsUserExportReply = FromSchema<typeof notificationsUserExportReplySchema>;
