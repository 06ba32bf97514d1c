/** The contact messages' admin contracts: the inbox's page query and the page of messages it answers. */
import type { FromSchema } from 'json-schema-to-ts';
import { contactMessagesPageReplySchema } from '../contact/nats.js';
import { adminPageQuerySchema, adminTexts as T } from './http.js';

/** GET /api/admin/messages?page=&pageSize=: one page of the contact messages, as contact answers them over NATS. */
export const adminMessagesQuerySchema = {
  $id: 'meydan/admin-messages-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...adminPageQuerySchema.properties,
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20, errorMessage: T.pageSizeInvalid },
  },
} as const;
export type AdminMessagesQuery = FromSchema<typeof adminMessagesQuerySchema>;
export const adminContactMessagePageSchema = {
  $id: 'meydan/admin-contact-message-page',
  type: 'object',
  additionalProperties: false,
  required: ['items', 'totalCount', 'page', 'pageSize'],
  properties: {
    ...contactMessagesPageReplySchema.properties,
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1 },
  },
} as const;
export type AdminContactMessagePage = FromSchema<typeof adminContactMessagePageSchema>;
