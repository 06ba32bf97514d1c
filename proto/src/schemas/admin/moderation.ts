/**
 * Moderation beyond polls (issue 40): reports on comments and members, the one queue of every pending report (oldest
 * first, with its waiting time) and the Turkish word filter (entries, the list the checking services ask for, and
 * the refusal they answer).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';
import { countField, dateTimeField, idField } from '../common.js';
import { heldQueueItemShape } from './held.js';

/** What a report is about. */
export const reportKinds = ['poll', 'comment', 'user'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** What a word filter entry does to a text it matches: refuse it, or keep it hidden until a moderator approves. */
export const wordFilterActions = ['refuse', 'hold'] as const;
export type WordFilterAction = (typeof wordFilterActions)[number];

/** A pending report older than this is overdue (the panel's count, `meydan_reports_overdue`). */
export const reportOverdueSeconds = 24 * 60 * 60;

/** Texts of the reports on comments and members and of the word filter. */
export const moderationTexts = {
  commentReportReceived: 'Şikayetin alındı. Yorumu inceleyip gerekeni yapacağız, teşekkürler!',
  commentAlreadyReported: 'Bu yorumu zaten şikayet ettin. Şikayetin inceleniyor.',
  commentOwnReport: 'Kendi yorumunu şikayet edemezsin.',
  commentNotFound: 'Yorum bulunamadı',
  userReportReceived: 'Şikayetin alındı. Üyeyi inceleyip gerekeni yapacağız, teşekkürler!',
  userAlreadyReported: 'Bu üyeyi zaten şikayet ettin. Şikayetin inceleniyor.',
  userOwnReport: 'Kendini şikayet edemezsin.',
  signInToReport: 'Şikayet etmek için giriş yapmalısın.',
  commentRemoved: 'Yorum kaldırıldı',
  notACommentReport: 'Bu şikâyet bir yorum hakkında değil',
  wordRemoved: 'Filtreden çıkarıldı',
  wordNotFound: 'Filtre kaydı bulunamadı',
  wordExists: 'Bu ifade filtrede zaten var',
  wordPattern: `İfade 1 ile ${limits.report.reasonMax} karakter arasında olmalı; yalnızca harf, rakam, boşluk ve sonda * kullanılabilir`,
  wordAction: "Eylem 'refuse' (reddet) ya da 'hold' (incelemeye al) olmalıdır",
  bodyObject: 'Gönderilen veri bir JSON nesnesi olmalıdır',
} as const;

/** Turkish names of the fields the word filter checks, as a refusal names them. */
export const filteredFieldNames = {
  title: 'Başlık',
  options: 'Şıklar',
  description: 'Açıklama',
  text: 'Yorum',
  displayName: 'Görünen ad',
  bio: 'Hakkında',
} as const;
export type FilteredField = keyof typeof filteredFieldNames;

/** The refusal of a text the word filter catches: names the field, never the word. */
export const wordFilterRefusal = (field: FilteredField) =>
  `${filteredFieldNames[field]} uygun olmayan bir ifade içeriyor. Lütfen metni değiştir.`;

const reporterField = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username'],
  properties: { id: idField, username: { type: ['string', 'null'] } },
} as const;

/** `events.polls.comment.reported`: the comment's text as it was reported (the queue's preview). */
export const commentReportedEventSchema = {
  $id: 'meydan/event-comment-reported',
  type: 'object',
  additionalProperties: false,
  required: ['reportId', 'commentId', 'pollId', 'authorId', 'reporterId', 'reason', 'description', 'text', 'at'],
  properties: {
    reportId: idField,
    commentId: idField,
    pollId: idField,
    authorId: idField,
    reporterId: idField,
    reason: { type: 'string' },
    description: { type: ['string', 'null'] },
    text: { type: 'string' },
    at: dateTimeField,
  },
} as const;
export type CommentReportedEvent = FromSchema<typeof commentReportedEventSchema>;

/** `events.social.user.reported`. */
export const userReportedEventSchema = {
  $id: 'meydan/event-user-reported',
  type: 'object',
  additionalProperties: false,
  required: ['reportId', 'userId', 'reporterId', 'reason', 'description', 'at'],
  properties: {
    reportId: idField,
    userId: idField,
    reporterId: idField,
    reason: { type: 'string' },
    description: { type: ['string', 'null'] },
    at: dateTimeField,
  },
} as const;
export type UserReportedEvent = FromSchema<typeof userReportedEventSchema>;

/** `events.admin.comment.removed`: a moderator removed a reported comment; polls deletes it. */
export const commentRemovedEventSchema = {
  $id: 'meydan/event-comment-removed',
  type: 'object',
  additionalProperties: false,
  required: ['commentId', 'pollId', 'by', 'at'],
  properties: { commentId: idField, pollId: idField, by: idField, at: dateTimeField },
} as const;
export type CommentRemovedEvent = FromSchema<typeof commentRemovedEventSchema>;

/** `{id}` of POST /api/comments/{id}/report. */
export const commentReportParamsSchema = {
  $id: 'meydan/comment-report-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
export type CommentReportParams = FromSchema<typeof commentReportParamsSchema>;

/** One entry of the moderation queue (GET /api/admin/report-queue). */
export const reportQueueItemSchema = {
  $id: 'meydan/admin-report-queue-item',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'reason', 'description', 'createdAt', 'waitingSeconds', 'overdue', 'reporter', 'target'],
  properties: {
    id: idField,
    kind: { type: 'string', enum: reportKinds },
    reason: { type: 'string' },
    description: { type: ['string', 'null'] },
    createdAt: dateTimeField,
    /** How long the report has waited for a moderator. */
    waitingSeconds: countField,
    /** Waited past 24 hours. */
    overdue: { type: 'boolean' },
    reporter: reporterField,
    /**
     * What was reported: its id, the app's path to it (a poll's page, the comment's poll, a member's profile), and a
     * preview (a poll's title, a comment's text, a member's username); preview null once it is gone.
     */
    target: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'link', 'preview'],
      properties: {
        id: idField,
        link: { type: ['string', 'null'] },
        preview: { type: ['string', 'null'] },
        pollId: idField,
        authorId: idField,
      },
    },
  },
} as const;
export type ReportQueueItem = FromSchema<typeof reportQueueItemSchema>;

const { $id: _queueItemId, ...queueItemShape } = reportQueueItemSchema;

/**
 * GET /api/admin/report-queue: every pending report, oldest first (at most 100), and how many wait past 24 hours; and
 * the texts the word filter held for review (polls, comments, profiles), oldest first, with their waiting time.
 */
export const reportQueueSchema = {
  $id: 'meydan/admin-report-queue',
  type: 'object',
  additionalProperties: false,
  required: ['items', 'totalCount', 'overdueCount', 'held'],
  properties: {
    items: { type: 'array', items: queueItemShape },
    held: { type: 'array', items: heldQueueItemShape },
    totalCount: countField,
    overdueCount: countField,
  },
} as const;
export type ReportQueue = FromSchema<typeof reportQueueSchema>;

/** One word filter entry. */
export const wordFilterEntrySchema = {
  $id: 'meydan/admin-word-filter-entry',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'pattern', 'action', 'createdAt'],
  properties: {
    id: idField,
    pattern: { type: 'string' },
    action: { type: 'string', enum: wordFilterActions },
    createdAt: dateTimeField,
  },
} as const;
export type WordFilterEntry = FromSchema<typeof wordFilterEntrySchema>;

const { $id: _entryId, ...entryShape } = wordFilterEntrySchema;

/** GET /api/admin/word-filter. */
export const wordFilterListSchema = {
  $id: 'meydan/admin-word-filter-list',
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', items: entryShape } },
} as const;
export type WordFilterList = FromSchema<typeof wordFilterListSchema>;

/**
 * POST /api/admin/word-filter: a word (matched as a whole word), or a word ending in `*` (any ending: `aptal*`), or
 * several words (matched as a phrase). Letters, digits and spaces only.
 */
export const wordFilterCreateSchema = {
  $id: 'meydan/admin-word-filter-create',
  type: 'object',
  additionalProperties: false,
  required: ['pattern', 'action'],
  properties: {
    pattern: {
      type: 'string',
      pattern: '^\\s*[\\p{L}\\p{N}][\\p{L}\\p{N} ]*\\*?\\s*$',
      maxLength: limits.report.reasonMax,
      errorMessage: moderationTexts.wordPattern,
    },
    action: { type: 'string', enum: wordFilterActions, errorMessage: moderationTexts.wordAction },
  },
  errorMessage: {
    type: moderationTexts.bodyObject,
    required: { pattern: moderationTexts.wordPattern, action: moderationTexts.wordAction },
  },
} as const;
export type WordFilterCreate = FromSchema<typeof wordFilterCreateSchema>;

/** `admin.word-filter` reply: the entries the checking services match texts against. */
export const wordFilterReplySchema = {
  $id: 'meydan/nats-word-filter-reply',
  type: 'object',
  additionalProperties: false,
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pattern', 'action'],
        properties: { pattern: { type: 'string' }, action: { type: 'string', enum: wordFilterActions } },
      },
    },
  },
} as const;
export type WordFilterReply = FromSchema<typeof wordFilterReplySchema>;
