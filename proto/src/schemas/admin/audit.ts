/** The audit log's contracts: what staff actions it records, its entries, its filter query and its page. */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeField, idField } from '../common.js';
import { adminPageQuerySchema, pageOf } from './http.js';

/** What a staff member (moderator or administrator) did, as the audit log records it. */
export const auditActions = [
  'user.ban',
  'user.activate',
  'user.role',
  'staff.invite',
  'poll.delete',
  'report.resolve',
  'report.dismiss',
  'bulk-email.send',
  'export',
  'comment.remove',
  'word-filter.add',
  'word-filter.remove',
  'load-members.create',
  'load-members.remove',
  'held.approve',
  'held.remove',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditTargetTypes = [
  'user',
  'poll',
  'report',
  'bulk-email',
  'export',
  'comment',
  'word-filter',
  'load-members',
  'profile',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** An entry of GET /api/admin/audit: who did what to what, when and why. */
export const auditEntrySchema = {
  $id: 'meydan/admin-audit-entry',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'adminId', 'adminUsername', 'action', 'targetType', 'targetId', 'reason', 'at'],
  properties: {
    id: idField,
    adminId: idField,
    /** The acting staff member's username; null when the account is unknown to the read model. */
    adminUsername: { type: ['string', 'null'] },
    action: { type: 'string', enum: auditActions },
    targetType: { type: 'string', enum: auditTargetTypes },
    /** An id, or for an export the name of what was exported (`users`, `polls`, `reports`). */
    targetId: { type: 'string', minLength: 1, maxLength: 64 },
    reason: { type: ['string', 'null'] },
    at: dateTimeField,
  },
} as const;
export type AuditEntry = FromSchema<typeof auditEntrySchema>;

/** GET /api/admin/audit: a page, filtered by who acted, what they did and when (from inclusive, to exclusive). */
export const auditQuerySchema = {
  $id: 'meydan/admin-audit-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...adminPageQuerySchema.properties,
    actor: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{24}$',
      errorMessage: 'İşlemi yapan geçerli bir hesap kimliği olmalı.',
    },
    action: { type: 'string', enum: auditActions, errorMessage: 'İşlem türü tanınmadı.' },
    from: { type: 'string', format: 'date-time', errorMessage: 'Başlangıç zamanı geçerli bir tarih-saat olmalı.' },
    to: { type: 'string', format: 'date-time', errorMessage: 'Bitiş zamanı geçerli bir tarih-saat olmalı.' },
  },
} as const;
export type AuditQuery = FromSchema<typeof auditQuerySchema>;

export const auditPageSchema = pageOf('meydan/admin-audit-page', auditEntrySchema);
export type AuditPage = FromSchema<typeof auditPageSchema>;
