/** The staff's own routes (issue 40): changing a member's role and inviting a staff member. Administrators only. */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';
import { notBlank, staffRoles, userRoles } from '../common.js';
import { adminMessages as M, adminTexts as T } from './http.js';

/** PATCH /api/admin/users/{id}/role: the account's new role, and why (kept in the audit log). Administrators only. */
export const roleChangeBodySchema = {
  $id: 'meydan/admin-role-change',
  type: 'object',
  additionalProperties: false,
  required: ['role'],
  properties: {
    role: { type: 'string', enum: userRoles, errorMessage: 'Rol üye, moderatör ya da yönetici olmalı.' },
    reason: { type: 'string', maxLength: limits.admin.banReasonMax, errorMessage: { maxLength: T.reasonMax } },
  },
  errorMessage: { type: M.bodyObject, required: { role: 'Yeni rolü seç.' } },
} as const;
export type RoleChangeBody = FromSchema<typeof roleChangeBodySchema>;

/** POST /api/admin/staff/invitations: whom to invite to the staff, and as what. Administrators only. */
export const staffInviteBodySchema = {
  $id: 'meydan/admin-staff-invite',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'displayName', 'role'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254, errorMessage: 'Geçerli bir e-posta adresi gir.' },
    displayName: {
      type: 'string',
      minLength: 1,
      maxLength: 50,
      pattern: notBlank,
      errorMessage: 'Görünen ad 1-50 karakter olmalı.',
    },
    role: { type: 'string', enum: staffRoles, errorMessage: 'Davet edilen moderatör ya da yönetici olmalı.' },
  },
  errorMessage: {
    type: M.bodyObject,
    required: { email: 'E-posta adresini yaz.', displayName: 'Görünen adı yaz.', role: 'Rolü seç.' },
  },
} as const;
export type StaffInviteBody = FromSchema<typeof staffInviteBodySchema>;
