/** The contact service's NATS request/reply payloads (`contact.*`). */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';
import { countField, dateTimeField, nullableIdField, objectIdField } from '../common.js';
import { contactStages } from './http.js';

/** `contact.messages.page` request: one page of the contact messages, newest first (the admin's list). */
export const contactMessagesPageRequestSchema = {
  $id: 'meydan/nats-contact-messages-page-request',
  type: 'object',
  additionalProperties: false,
  required: ['page', 'pageSize'],
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;
export type ContactMessagesPageRequest = FromSchema<typeof contactMessagesPageRequestSchema>;

/** `contact.messages.page` reply: the page's messages and how many there are in all. */
export const contactMessagesPageReplySchema = {
  $id: 'meydan/nats-contact-messages-page-reply',
  type: 'object',
  additionalProperties: false,
  required: ['items', 'totalCount'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'ticketNumber', 'name', 'email', 'subject', 'message', 'status', 'userId', 'createdAt'],
        properties: {
          id: objectIdField,
          ticketNumber: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string' },
          subject: { type: 'string', enum: limits.contact.subjects },
          message: { type: 'string' },
          status: { type: 'string', enum: contactStages },
          userId: nullableIdField,
          createdAt: dateTimeField,
        },
      },
    },
    totalCount: countField,
  },
} as const;
export type ContactMessagesPageReply = FromSchema<typeof contactMessagesPageReplySchema>;
