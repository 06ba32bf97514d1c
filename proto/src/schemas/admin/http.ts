/** Admin panel contracts: stats, users, polls, reports and the bulk e-mail. */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';
import {
  announcedImagesField,
  countField,
  dateTimeField,
  displayNameField,
  idField,
  notBlank,
  pollKinds,
  pollTypes,
  userRoles,
} from '../common.js';

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

/** One day of GET /api/admin/stats/daily: what happened that calendar day in Europe/Istanbul. */
const adminDaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'registrations', 'polls', 'votes', 'reports'],
  properties: {
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD in Europe/Istanbul' },
    registrations: countField,
    polls: countField,
    votes: countField,
    reports: countField,
  },
} as const;
export type AdminDay = FromSchema<typeof adminDaySchema>;

/** GET /api/admin/stats/daily: the last `days` days, oldest first, today last. */
export const adminDailyStatsSchema = {
  $id: 'meydan/admin-daily-stats',
  type: 'object',
  additionalProperties: false,
  required: ['timeZone', 'days'],
  properties: {
    timeZone: { type: 'string', const: 'Europe/Istanbul' },
    days: { type: 'array', items: adminDaySchema },
  },
} as const;
export type AdminDailyStats = FromSchema<typeof adminDailyStatsSchema>;

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
    /** 'quiz' on a quiz ('Bilgi yarışması'), 'ranked' on a ranked poll ('Sıralamalı oy'); absent on a standard poll. */
    kind: { type: 'string', enum: pollKinds },
    /** The images its options carry (address and alt text, for moderators to see); absent on a poll without images. */
    images: announcedImagesField,
    /** The creator as the admin read model knows them; null when the account is unknown there. */
    creator: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['id', 'username', 'displayName'],
      properties: { id: idField, username: { type: 'string' }, displayName: displayNameField },
    },
  },
} as const;
export type AdminPoll = FromSchema<typeof adminPollSchema>;

/** Report statuses; 'pending' is the one needing review. */
export const reportStatuses = ['pending', 'resolved', 'dismissed'] as const;
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
    /**
     * The reported poll; title null once the poll is gone from the read model; editedAt when its creator last changed
     * its text (its history: GET /api/admin/polls/{id}/edits), null when never.
     */
    poll: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title'],
      properties: {
        id: idField,
        title: { type: ['string', 'null'] },
        editedAt: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    /** Who reported it; username null when the account is unknown to the read model. */
    reporter: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'username'],
      properties: { id: idField, username: { type: ['string', 'null'] } },
    },
  },
} as const;
export type Report = FromSchema<typeof reportSchema>;

/**
 * GET /api/admin/polls/{id}/edits: the poll's text now and every edit of it, oldest first, each with the texts it
 * replaced (from `events.polls.poll.edited`).
 */
export const adminPollEditsSchema = {
  $id: 'meydan/admin-poll-edits',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'title', 'description', 'edits'],
  properties: {
    pollId: idField,
    /** The text now (null when the poll is gone from the read model). */
    title: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    edits: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'description', 'previousTitle', 'previousDescription', 'editedAt'],
        properties: {
          title: { type: 'string' },
          description: { type: ['string', 'null'] },
          previousTitle: { type: 'string' },
          previousDescription: { type: ['string', 'null'] },
          editedAt: dateTimeField,
        },
      },
    },
  },
} as const;
export type AdminPollEdits = FromSchema<typeof adminPollEditsSchema>;

/** Texts of the admin API's answers and refusals. */
export const adminTexts = {
  userBanned: 'Kullanıcı engellendi',
  userActivated: 'Kullanıcı etkinleştirildi',
  userNotFound: 'Kullanıcı bulunamadı',
  staffInvited: 'Davet gönderildi: davet edilen, e-postadaki bağlantıyla şifresini belirleyecek.',
  cannotChangeOwnRole: 'Kendi rolünü değiştiremezsin; başka bir yönetici değiştirebilir.',
  roleChanged: 'Rol değiştirildi; hesabın oturumları kapatıldı.',
  roleUnchanged: 'Hesap zaten bu rolde.',
  auditRangeInvalid: 'Başlangıç zamanı bitiş zamanından önce olmalı.',
  cannotBanAdmin: 'Yönetim ekibindeki hesaplar (moderatör, yönetici) engellenemez',
  cannotActivateAdmin: 'Yönetim ekibindeki hesapların durumu buradan değiştirilemez',
  cannotBanSelf: 'Kendi hesabını engelleyemezsin',
  pollDeleted: 'Anket silindi',
  pollNotFound: 'Anket bulunamadı',
  reportNotFound: 'Rapor bulunamadı',
  reportUpdated: 'Rapor güncellendi',
  reportStatus: "Durum 'resolved' ya da 'dismissed' olmalıdır",
  reasonMax: `Gerekçe en fazla ${limits.admin.banReasonMax} karakter olabilir`,
  bulkEmailQueued: 'E-posta gönderiliyor...',
  bulkEmailNotFound: 'Toplu e-posta işi bulunamadı',
  noRecipients: 'E-posta gönderilecek etkin üye yok',
  pageInvalid: 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır',
  pageSizeInvalid: 'Sayfa boyutu 1 ile 100 arasında bir tam sayı olmalıdır',
  queryMax: `Arama en fazla ${limits.admin.searchMax} karakter olabilir`,
  statusFilter: "Durum 'pending', 'resolved' ya da 'dismissed' olmalıdır",
  daysInvalid: `Gün sayısı 1 ile ${limits.admin.dailyDaysMax} arasında bir tam sayı olmalıdır`,
} as const;

const T = adminTexts;

/** How many entries one page of an admin list holds. */
export const adminPageSize = 20;

/** `?q=&page=` of the users and polls lists. */
export const adminListQuerySchema = {
  $id: 'meydan/admin-list-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: limits.admin.searchMax, errorMessage: { maxLength: T.queryMax } },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: T.pageInvalid },
  },
} as const;
export type AdminListQuery = FromSchema<typeof adminListQuerySchema>;

/** `?days=` of the trend chart. */
export const adminDailyQuerySchema = {
  $id: 'meydan/admin-daily-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    days: {
      type: 'integer',
      minimum: 1,
      maximum: limits.admin.dailyDaysMax,
      default: limits.admin.dailyDaysDefault,
      errorMessage: T.daysInvalid,
    },
  },
} as const;
export type AdminDailyQuery = FromSchema<typeof adminDailyQuerySchema>;

/** `?status=&page=` of the reports list. */
export const adminReportQuerySchema = {
  $id: 'meydan/admin-report-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: reportStatuses, errorMessage: T.statusFilter },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: T.pageInvalid },
  },
} as const;
export type AdminReportQuery = FromSchema<typeof adminReportQuerySchema>;

/** `{id}` of the admin routes that act on one user, poll, report or bulk e-mail job. */
export const adminIdParamsSchema = {
  $id: 'meydan/admin-id-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: idField },
} as const;
export type AdminIdParams = FromSchema<typeof adminIdParamsSchema>;

/** `?page=` of the audit log. */
export const adminPageQuerySchema = {
  $id: 'meydan/admin-page-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: T.pageInvalid },
  },
} as const;
export type AdminPageQuery = FromSchema<typeof adminPageQuerySchema>;

/** POST /api/admin/users/{id}/ban: an optional reason, kept in the audit log and told to the member. */
export const banBodySchema = {
  $id: 'meydan/admin-ban',
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    reason: { type: 'string', maxLength: limits.admin.banReasonMax, errorMessage: { maxLength: T.reasonMax } },
  },
  errorMessage: { type: M.bodyObject },
} as const;
export type BanBody = FromSchema<typeof banBodySchema>;

/** PATCH /api/admin/reports/{id}. */
export const reportStatusUpdateSchema = {
  $id: 'meydan/admin-report-update',
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['resolved', 'dismissed'], errorMessage: T.reportStatus } },
  errorMessage: { type: M.bodyObject, required: { status: T.reportStatus } },
} as const;
export type ReportStatusUpdate = FromSchema<typeof reportStatusUpdateSchema>;

/** The states of a bulk e-mail job. */
export const bulkEmailStates = ['queued', 'sending', 'done'] as const;
export type BulkEmailState = (typeof bulkEmailStates)[number];

/** GET /api/admin/bulk-email/{id}, and the live progress pushed to the admin's socket (`bulk_email_progress`). */
export const bulkEmailJobSchema = {
  $id: 'meydan/admin-bulk-email-job',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'total', 'sent', 'failed', 'state'],
  properties: {
    id: idField,
    total: countField,
    sent: countField,
    failed: countField,
    state: { type: 'string', enum: bulkEmailStates },
  },
} as const;
export type BulkEmailJob = FromSchema<typeof bulkEmailJobSchema>;

/** POST /api/admin/bulk-email answer (202). */
export const bulkEmailAcceptedSchema = {
  $id: 'meydan/admin-bulk-email-accepted',
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'message'],
  properties: { jobId: idField, message: { type: 'string' } },
} as const;
export type BulkEmailAccepted = FromSchema<typeof bulkEmailAcceptedSchema>;

/** One page of an admin list: `{items, totalCount, page, pageSize}`. */
export function pageOf<Id extends string, Item extends { readonly $id: string }>($id: Id, item: Item) {
  const { $id: _itemId, ...itemShape } = item;
  return {
    $id,
    type: 'object',
    additionalProperties: false,
    required: ['items', 'totalCount', 'page', 'pageSize'],
    properties: {
      items: { type: 'array', items: itemShape as Omit<Item, '$id'> },
      totalCount: countField,
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1 },
    },
  } as const;
}

export const adminUserPageSchema = pageOf('meydan/admin-user-page', adminUserSchema);
export type AdminUserPage = FromSchema<typeof adminUserPageSchema>;
export const adminPollPageSchema = pageOf('meydan/admin-poll-page', adminPollSchema);
export type AdminPollPage = FromSchema<typeof adminPollPageSchema>;
export const reportPageSchema = pageOf('meydan/admin-report-page', reportSchema);
export type ReportPage = FromSchema<typeof reportPageSchema>;
