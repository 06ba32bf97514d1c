/**
 * Members for a load test, made through the API (issue 44): an administrator mints a batch of throw-away members, each
 * with a personal API token, and removes the batch afterwards — no access to the deployment's databases needed. Off
 * unless auth runs with LOAD_TEST_MEMBERS=on.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, idField } from '../common.js';
import { adminMessages as M } from './http.js';

/** The most members one batch makes. */
export const LOAD_MEMBERS_MAX = 1000;

/** A batch's name: 8 hex digits, in the members' usernames (`yuk_<batch>_<n>`) and addresses. */
export const LOAD_MEMBERS_BATCH_PATTERN = '^[0-9a-f]{8}$';

/** The reserved domain of the members' addresses (RFC 2606: never delivered). */
export const LOAD_MEMBERS_DOMAIN = 'example.invalid';

export const loadMembersTexts = {
  disabled: 'Yük testi üyeleri bu kurulumda kapalı.',
  countInvalid: `Üye sayısı 1 ile ${LOAD_MEMBERS_MAX} arasında bir tam sayı olmalı.`,
  countRequired: 'Kaç üye açılacağını yaz (count).',
  batchInvalid: 'Parti adı 8 haneli bir onaltılık sayı olmalı (ör. 3fa9c2e1).',
  batchNotFound: 'Bu adla bir yük testi üye partisi yok.',
  created: (count: number) => `${count} yük testi üyesi açıldı; anahtarlar yalnızca bu yanıtta görünür.`,
  removed: (count: number) => `${count} yük testi üyesi silindi.`,
} as const;

const T = loadMembersTexts;

/** POST /api/admin/load-members: how many members to make. Administrators only. */
export const loadMembersBodySchema = {
  $id: 'meydan/admin-load-members-create',
  type: 'object',
  additionalProperties: false,
  required: ['count'],
  properties: {
    count: { type: 'integer', minimum: 1, maximum: LOAD_MEMBERS_MAX, errorMessage: T.countInvalid },
  },
  errorMessage: { type: M.bodyObject, required: { count: T.countRequired } },
} as const;
export type LoadMembersBody = FromSchema<typeof loadMembersBodySchema>;

/** DELETE /api/admin/load-members/{batch}. */
export const loadMembersBatchParamsSchema = {
  $id: 'meydan/admin-load-members-batch-params',
  type: 'object',
  additionalProperties: false,
  required: ['batch'],
  properties: { batch: { type: 'string', pattern: LOAD_MEMBERS_BATCH_PATTERN, errorMessage: T.batchInvalid } },
} as const;
export type LoadMembersBatchParams = FromSchema<typeof loadMembersBatchParamsSchema>;

/** The batch made: its name and one personal API token per member (shown once). */
export const loadMembersCreatedSchema = {
  $id: 'meydan/admin-load-members-created',
  type: 'object',
  additionalProperties: false,
  required: ['batch', 'tokens', 'message'],
  properties: {
    batch: { type: 'string', pattern: LOAD_MEMBERS_BATCH_PATTERN },
    tokens: { type: 'array', items: { type: 'string' }, maxItems: LOAD_MEMBERS_MAX },
    message: { type: 'string' },
  },
} as const;
export type LoadMembersCreated = FromSchema<typeof loadMembersCreatedSchema>;

/** The batch removed: how many members it held. */
export const loadMembersRemovedSchema = {
  $id: 'meydan/admin-load-members-removed',
  type: 'object',
  additionalProperties: false,
  required: ['batch', 'removed', 'message'],
  properties: { batch: { type: 'string' }, removed: countField, message: { type: 'string' } },
} as const;
export type LoadMembersRemoved = FromSchema<typeof loadMembersRemovedSchema>;

/** `auth.load-members.create` request: how many, for which administrator. */
export const loadMembersCreateRequestSchema = {
  $id: 'meydan/nats-load-members-create-request',
  type: 'object',
  additionalProperties: false,
  required: ['count', 'by'],
  properties: { count: { type: 'integer', minimum: 1, maximum: LOAD_MEMBERS_MAX }, by: idField },
} as const;
export type LoadMembersCreateRequest = FromSchema<typeof loadMembersCreateRequestSchema>;

/** `auth.load-members.create` reply: the batch and its tokens. */
export const loadMembersCreateReplySchema = {
  $id: 'meydan/nats-load-members-create-reply',
  type: 'object',
  additionalProperties: false,
  required: ['batch', 'tokens'],
  properties: {
    batch: { type: 'string', pattern: LOAD_MEMBERS_BATCH_PATTERN },
    tokens: { type: 'array', items: { type: 'string' }, maxItems: LOAD_MEMBERS_MAX },
  },
} as const;
export type LoadMembersCreateReply = FromSchema<typeof loadMembersCreateReplySchema>;

/** `auth.load-members.remove` request: which batch, for which administrator. */
export const loadMembersRemoveRequestSchema = {
  $id: 'meydan/nats-load-members-remove-request',
  type: 'object',
  additionalProperties: false,
  required: ['batch', 'by'],
  properties: { batch: { type: 'string', pattern: LOAD_MEMBERS_BATCH_PATTERN }, by: idField },
} as const;
export type LoadMembersRemoveRequest = FromSchema<typeof loadMembersRemoveRequestSchema>;

/** `auth.load-members.remove` reply: how many members were removed. */
export const loadMembersRemoveReplySchema = {
  $id: 'meydan/nats-load-members-remove-reply',
  type: 'object',
  additionalProperties: false,
  required: ['removed'],
  properties: { removed: countField },
} as const;
export type LoadMembersRemoveReply = FromSchema<typeof loadMembersRemoveReplySchema>;
