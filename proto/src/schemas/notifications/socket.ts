/**
 * The realtime socket's own messages (socket.io at /ws, websocket transport; the upgrade carries the gateway's signed
 * identity): authentication, poll subscriptions and the `notification` push. The event names, and which schema each
 * carries, are in proto/src/socket-events.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idField } from '../common.js';
import { notificationLimits, notificationMessages, notificationSchema } from './http.js';

const N = notificationMessages;

// Embedded without its `$id` (ajv refuses one `$id` twice).
const { $id: _notificationId, ...notificationShape } = notificationSchema;

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

/** Server → client `notification`: a new notification, or a vote notification that grew (same id). */
export const socketNotificationSchema = {
  $id: 'meydan/socket-notification',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: notificationShape },
} as const;
export type SocketNotification = FromSchema<typeof socketNotificationSchema>;
