/** Notification contracts (REST list and the realtime `notification` / `notification_count` events). */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField } from './common.js';

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

// ---------------------------------------------------------------------------------------------------------------
// Realtime socket (socket.io at /ws, websocket transport; the upgrade carries the gateway's signed identity)
//
// Server → client: `auth_success` {userId} (on connect, members only); `notification_count` {count};
// `notification` {data: Notification} — a new one, or a vote notification that grew (it keeps its id: replace the
// one with that id and move it to the top); `poll_update` {data: PollUpdate} for the polls the socket follows;
// `auth_error` {error, message}; `subscribe_result` (the answer to a subscription sent without an ack callback).
// Client → server: `auth` / `message` {type: 'auth', userId}; `subscribe_polls` / `unsubscribe_polls` {pollIds}
// with an optional ack callback receiving {subscribed, refused, error?, message?}.

/**
 * Client → server `auth`: `{type: 'auth', userId}` (the spec's message, also accepted as a plain `message` event) or
 * `{userId}`. Accepted only when userId is the session's own user; otherwise answered with `auth_error`.
 */
export const socketAuthSchema = {
  $id: 'meydan/socket-auth',
  type: 'object',
  additionalProperties: false,
  properties: { type: { const: 'auth' }, userId: { type: ['string', 'integer', 'null'], maxLength: 64 } },
} as const;
export type SocketAuth = FromSchema<typeof socketAuthSchema>;

/** Server → client `auth_success`: whom the socket belongs to. */
export const socketAuthSuccessSchema = {
  $id: 'meydan/socket-auth-success',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: idField },
} as const;
export type SocketAuthSuccess = FromSchema<typeof socketAuthSuccessSchema>;

/** Server → client `auth_error` / `subscribe_error`: a Turkish message. */
export const socketErrorSchema = {
  $id: 'meydan/socket-error',
  type: 'object',
  additionalProperties: false,
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;
export type SocketError = FromSchema<typeof socketErrorSchema>;

/**
 * Client → server `subscribe_polls` / `unsubscribe_polls`: the polls on screen, by id, and share-link polls by their
 * short code (a share-link poll is followed by id only by its creator, as over HTTP).
 */
export const pollSubscriptionSchema = {
  $id: 'meydan/poll-subscription',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    pollIds: {
      type: 'array',
      minItems: 1,
      maxItems: notificationLimits.pollsPerRequest,
      items: idField,
      errorMessage: N.pollsInvalid,
    },
    codes: {
      type: 'array',
      minItems: 1,
      maxItems: notificationLimits.pollsPerRequest,
      items: { type: 'string', pattern: '^[0-9A-Za-z]{1,64}$' },
      errorMessage: N.codesInvalid,
    },
  },
  errorMessage: { minProperties: N.pollsInvalid },
} as const;
export type PollSubscription = FromSchema<typeof pollSubscriptionSchema>;

/** The acknowledgement of `subscribe_polls` / `unsubscribe_polls`: which polls the socket now follows, which not. */
export const pollSubscriptionResultSchema = {
  $id: 'meydan/poll-subscription-result',
  type: 'object',
  additionalProperties: false,
  required: ['subscribed', 'refused'],
  properties: {
    subscribed: { type: 'array', items: idField },
    refused: { type: 'array', items: idField },
    /** The share codes now followed and refused, when the call sent codes. */
    subscribedCodes: { type: 'array', items: { type: 'string' } },
    refusedCodes: { type: 'array', items: { type: 'string' } },
    error: { type: 'string' },
    message: { type: 'string' },
    /** With `rate_limited`: seconds until another call is taken. */
    retryAfter: { type: 'integer', minimum: 1 },
  },
} as const;
export type PollSubscriptionResult = FromSchema<typeof pollSubscriptionResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Mail

/**
 * `events.*.mail.requested` (`mailRequestedFilter` in subjects.ts): one mail for the mailer. `tag` says what it is
 * (activation, bulk, ...), `userId` whom it concerns. Publish with a message id to have it sent at most once.
 */
export const mailRequestSchema = {
  $id: 'meydan/mail-request',
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject', 'html', 'text'],
  properties: {
    to: { type: 'string', format: 'email', maxLength: 254 },
    subject: { type: 'string', minLength: 1, maxLength: 300 },
    html: { type: 'string', maxLength: 500_000 },
    text: { type: 'string', maxLength: 200_000 },
    tag: { type: 'string', maxLength: 64 },
    userId: { type: ['string', 'null'], maxLength: 64 },
  },
} as const;
export type MailRequest = FromSchema<typeof mailRequestSchema>;
