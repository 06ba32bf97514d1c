/** Admin panel contracts: stats, users, polls, reports and the bulk e-mail. */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../limits.js';
import { countField, dateTimeField, displayNameField, idField, notBlank, pollTypes, userRoles } from './common.js';

export const adminMessages = {
  subjectRequired: 'Konu boş olamaz',
  subjectMax: `Konu en fazla ${limits.admin.bulkEmailSubjectMax} karakter olabilir`,
  bodyRequired: 'Mesaj boş olamaz',
  bodyMax: `Mesaj en fazla ${limits.admin.bulkEmailBodyMax} karakter olabilir`,
  bodyObject: 'Gönderilen veri bir JSON nesnesi olmalıdır',
} as const;

const M = adminMessages;

/** POST /api/admin/bulk-email: {subject, body}, both non-empty. */
export const bulkEmailSchema = {
  $id: 'meydan/bulk-email',
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'body'],
  properties: {
    subject: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.admin.bulkEmailSubjectMax,
      errorMessage: { type: M.subjectRequired, pattern: M.subjectRequired, maxLength: M.subjectMax },
    },
    body: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.admin.bulkEmailBodyMax,
      errorMessage: { type: M.bodyRequired, pattern: M.bodyRequired, maxLength: M.bodyMax },
    },
  },
  errorMessage: { type: M.bodyObject, required: { subject: M.subjectRequired, body: M.bodyRequired } },
} as const;
export type BulkEmailBody = FromSchema<typeof bulkEmailSchema>;

/** GET /api/admin/stats. "This month" is the current calendar month (Europe/Istanbul). */
export const adminStatsSchema = {
  $id: 'meydan/admin-stats',
  type: 'object',
  additionalProperties: false,
  required: [
    'totalUsers',
    'newUsersThisMonth',
    'totalPolls',
    'newPollsThisMonth',
    'totalVotes',
    'newVotesThisMonth',
    'pendingReports',
  ],
  properties: {
    totalUsers: countField,
    newUsersThisMonth: countField,
    totalPolls: countField,
    newPollsThisMonth: countField,
    totalVotes: countField,
    newVotesThisMonth: countField,
    pendingReports: countField,
  },
} as const;
export type AdminStats = FromSchema<typeof adminStatsSchema>;

/** An entry of GET /api/admin/users. isActive false = banned. */
export const adminUserSchema = {
  $id: 'meydan/admin-user',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'email', 'role', 'isActive', 'emailVerified', 'createdAt'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    email: { type: 'string' },
    role: { type: 'string', enum: userRoles },
    isActive: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
    createdAt: dateTimeField,
  },
} as const;
export type AdminUser = FromSchema<typeof adminUserSchema>;

/** An entry of GET /api/admin/polls. */
export const adminPollSchema = {
  $id: 'meydan/admin-poll',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'description', 'category', 'votesCount', 'createdAt', 'isShareable'],
  properties: {
    id: idField,
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    category: { type: 'string' },
    votesCount: countField,
    createdAt: dateTimeField,
    isShareable: { type: 'boolean' },
    type: { type: 'string', enum: pollTypes },
    creatorId: idField,
    creatorUsername: { type: 'string' },
  },
} as const;
export type AdminPoll = FromSchema<typeof adminPollSchema>;

/** Report statuses; 'pending' is the one needing review. */
export const reportStatuses = ['pending', 'reviewed', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** An entry of GET /api/admin/reports. */
export const reportSchema = {
  $id: 'meydan/report',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'status', 'reason', 'description', 'createdAt'],
  properties: {
    id: idField,
    status: { type: 'string', enum: reportStatuses },
    reason: { type: 'string' },
    description: { type: ['string', 'null'] },
    createdAt: dateTimeField,
    pollId: idField,
    pollTitle: { type: 'string' },
    reporterId: idField,
  },
} as const;
export type Report = FromSchema<typeof reportSchema>;

export const bulkEmailStates = ['queued', 'sending', 'done', 'failed'] as const;
export type BulkEmailState = (typeof bulkEmailStates)[number];

/**
 * Server → client `bulk_email_progress` on the realtime socket (to the administrator who started the job); the same
 * counts as GET /api/admin/bulk-email/{id}.
 */
export const bulkEmailProgressSchema = {
  $id: 'meydan/bulk-email-progress',
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'total', 'sent', 'failed', 'state'],
  properties: {
    jobId: { type: 'string', minLength: 1 },
    total: countField,
    sent: countField,
    failed: countField,
    state: { type: 'string', enum: bulkEmailStates },
  },
} as const;
export type BulkEmailProgress = FromSchema<typeof bulkEmailProgressSchema>;
