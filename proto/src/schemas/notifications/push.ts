/**
 * Web Push and opted-in mail: the browser's push subscription (the routes under /api/push), the push message the
 * service worker shows, and the member's e-mail switch with its one-click unsubscribe (/api/notifications/email,
 * /api/notifications/email/unsubscribe).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField } from '../common.js';

/** Turkish texts of the push and mail routes. */
export const pushMessages = {
  loginRequired: 'Bildirim tercihlerini değiştirmek için giriş yapmalısın.',
  unavailable: 'Tarayıcı bildirimleri bu sunucuda kapalı.',
  endpoint: 'Geçersiz bildirim aboneliği: endpoint bir https adresi olmalıdır',
  keys: 'Geçersiz bildirim aboneliği: keys.p256dh ve keys.auth gereklidir',
  p256dh: 'Geçersiz bildirim aboneliği: keys.p256dh tarayıcının verdiği açık anahtar olmalıdır',
  auth: 'Geçersiz bildirim aboneliği: keys.auth tarayıcının verdiği doğrulama anahtarı olmalıdır',
  expirationTime: 'Geçersiz bildirim aboneliği: expirationTime bir zaman damgası ya da null olmalıdır',
  subscription: 'Geçersiz bildirim aboneliği: endpoint ve keys alanları gereklidir',
  emailSwitch: 'email alanı true ya da false olmalıdır',
} as const;

const P = pushMessages;

/** How many browsers one member may have subscribed at once (the oldest is dropped for a new one). */
export const pushLimits = { subscriptionsPerMember: 10, endpointMax: 2048 } as const;

/** The browser's `PushSubscription.toJSON()`: where its vendor's push service takes messages, and the keys to encrypt them. */
export const pushSubscriptionBodySchema = {
  $id: 'meydan/push-subscription-body',
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: {
      type: 'string',
      pattern: '^https?://[^\\s]+$',
      minLength: 12,
      maxLength: pushLimits.endpointMax,
      errorMessage: P.endpoint,
    },
    expirationTime: { type: ['number', 'null'], errorMessage: P.expirationTime },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['p256dh', 'auth'],
      properties: {
        // An uncompressed P-256 point (65 bytes: 87 characters of base64url) and 16 random bytes (22 characters).
        p256dh: { type: 'string', pattern: '^[A-Za-z0-9_-]{86,88}={0,2}$', errorMessage: P.p256dh },
        auth: { type: 'string', pattern: '^[A-Za-z0-9_-]{21,24}={0,2}$', errorMessage: P.auth },
      },
      errorMessage: { type: P.keys, required: P.keys, additionalProperties: P.keys },
    },
  },
  errorMessage: {
    type: P.subscription,
    required: { endpoint: P.endpoint, keys: P.keys },
    additionalProperties: P.subscription,
  },
} as const;
export type PushSubscriptionBody = FromSchema<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: the browser's subscription that ends. */
export const pushEndpointBodySchema = {
  $id: 'meydan/push-endpoint-body',
  type: 'object',
  additionalProperties: false,
  required: ['endpoint'],
  properties: {
    endpoint: {
      type: 'string',
      pattern: '^https?://[^\\s]+$',
      minLength: 12,
      maxLength: pushLimits.endpointMax,
      errorMessage: P.endpoint,
    },
  },
  errorMessage: { type: P.endpoint, required: { endpoint: P.endpoint }, additionalProperties: P.subscription },
} as const;
export type PushEndpointBody = FromSchema<typeof pushEndpointBodySchema>;

/** GET /api/push/public-key: the server's VAPID public key, `applicationServerKey` of `pushManager.subscribe`. */
export const pushPublicKeySchema = {
  $id: 'meydan/push-public-key',
  type: 'object',
  additionalProperties: false,
  required: ['publicKey'],
  properties: { publicKey: { type: 'string' } },
} as const;
export type PushPublicKey = FromSchema<typeof pushPublicKeySchema>;

/** GET /api/push/subscriptions: the member's subscribed browsers (their endpoints only). */
export const pushSubscriptionListSchema = {
  $id: 'meydan/push-subscription-list',
  type: 'object',
  additionalProperties: false,
  required: ['subscriptions'],
  properties: {
    subscriptions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['endpoint', 'createdAt'],
        properties: { endpoint: { type: 'string' }, createdAt: dateTimeField },
      },
    },
  },
} as const;
export type PushSubscriptionList = FromSchema<typeof pushSubscriptionListSchema>;

/** DELETE /api/push/subscriptions answer: how many were removed (0 or 1). */
export const pushRemovedSchema = {
  $id: 'meydan/push-removed',
  type: 'object',
  additionalProperties: false,
  required: ['removed'],
  properties: { removed: countField },
} as const;

/** What the service worker gets in a push: a Turkish title and body, and where a click leads. Nothing else. */
export const pushPayloadSchema = {
  $id: 'meydan/push-payload',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'body', 'url'],
  properties: { title: { type: 'string' }, body: { type: 'string' }, url: { type: 'string', pattern: '^/' } },
} as const;
export type PushPayload = FromSchema<typeof pushPayloadSchema>;

/** GET and PUT /api/notifications/email: whether the member gets mail when a poll they voted on ends or someone follows them. */
export const emailNotificationsSchema = {
  $id: 'meydan/email-notifications',
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'boolean', errorMessage: P.emailSwitch } },
  errorMessage: { type: P.emailSwitch, required: { email: P.emailSwitch }, additionalProperties: P.emailSwitch },
} as const;
export type EmailNotifications = FromSchema<typeof emailNotificationsSchema>;

/** POST /api/notifications/email/unsubscribe/{token}: RFC 8058's form body, `List-Unsubscribe=One-Click`, from the mail client. */
export const oneClickUnsubscribeBodySchema = {
  $id: 'meydan/one-click-unsubscribe-body',
  type: 'object',
  additionalProperties: false,
  properties: { 'List-Unsubscribe': { type: 'string', maxLength: 64 } },
} as const;
