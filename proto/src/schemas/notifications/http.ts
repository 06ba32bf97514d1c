/** Notification contracts: the entity and the REST routes (list, read). */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField } from '../common.js';

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

// ---------------------------------------------------------------------------------------------------------------
// REST routes

/** Turkish texts of the notification routes and of the realtime socket's refusals. */
export const notificationMessages = {
  loginRequired: 'Bildirimleri görmek için giriş yapmalısın.',
  notFound: 'Bildirim bulunamadı',
  id: 'Geçersiz bildirim kimliği',
  page: 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır',
  limit: 'Sayfa boyutu 1 ile 50 arasında bir tam sayı olmalıdır',
  socketAuthMismatch: 'Bu bağlantı başka bir kullanıcıya ait; kimlik doğrulanamadı.',
  socketAuthVisitor: 'Bildirimler için giriş yapmalısın.',
  socketBadRequest: 'Geçersiz istek gönderildi.',
  pollsInvalid: 'pollIds en az 1, en fazla 50 anket kimliğinden oluşan bir liste olmalıdır',
  codesInvalid: 'codes en az 1, en fazla 50 paylaşım kodundan oluşan bir liste olmalıdır',
  tooManySubscriptions: 'Aynı anda en fazla 200 anket takip edilebilir.',
  subscribingTooOften: 'Çok sık anket takibi isteği gönderdin. Lütfen birkaç saniye bekleyip tekrar dene.',
  checkingTooMany: 'Kısa sürede çok fazla anket takip etmek istedin. Lütfen biraz bekleyip tekrar dene.',
} as const;

const N = notificationMessages;

/** Page size of GET /api/notifications, and how many polls one socket may follow live. */
export const notificationLimits = {
  defaultLimit: 20,
  maxLimit: 50,
  pollsPerRequest: 50,
  /** Polls one socket follows at once, however many calls it took. */
  pollsPerSocket: 200,
  /** `subscribe_polls` calls one socket may make in a window (ours); `unsubscribe_polls` calls alike, counted apart. */
  subscribeCallsPerWindow: 20,
  subscribeWindowMs: 10_000,
  /** Polls one socket may have checked (one NATS request each) in a minute; a poll it followed in that minute is free. */
  pollChecksPerMinute: 300,
} as const;

/** GET /api/notifications: `?page=1&limit=20`, newest first. */
export const notificationListQuerySchema = {
  $id: 'meydan/notification-list-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: N.page },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: notificationLimits.maxLimit,
      default: notificationLimits.defaultLimit,
      errorMessage: N.limit,
    },
  },
} as const;
export type NotificationListQuery = FromSchema<typeof notificationListQuerySchema>;

/** POST /api/notifications/{id}/read path params. */
export const notificationIdParamsSchema = {
  $id: 'meydan/notification-id-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { ...idField, errorMessage: N.id } },
  errorMessage: { required: { id: N.id } },
} as const;
export type NotificationIdParams = FromSchema<typeof notificationIdParamsSchema>;

/** GET /api/notifications answer: newest first; the total is in `x-total-count`, the unread count in `x-unread-count`. */
export const notificationListResponse = { type: 'array', items: { $ref: 'meydan/notification#' } } as const;

/** POST /api/notifications/{id}/read and /read-all answer: the unread count afterwards (and how many were marked). */
export const notificationReadResultSchema = {
  $id: 'meydan/notification-read-result',
  type: 'object',
  additionalProperties: false,
  required: ['count'],
  properties: { count: countField, updated: countField },
} as const;
export type NotificationReadResult = FromSchema<typeof notificationReadResultSchema>;
