/**
 * The realtime socket's event names (socket.io at /ws, the spec's names), spelled here only, and the `$id` of the
 * schema each one carries. server: what the notifications service emits and the web app's hub reads; client: what the
 * web app sends and the service reads. contracts.ts builds `socketContracts` from these ids; this module holds no
 * schema, so the web bundle takes the names without the schemas.
 */
import type { SchemaId } from './schemas/index.js';

/** Server → client events. */
export const serverSocketEvents = {
  authSuccess: 'auth_success',
  authError: 'auth_error',
  notificationCount: 'notification_count',
  notification: 'notification',
  pollUpdate: 'poll_update',
  subscribeResult: 'subscribe_result',
  /** An administrator's bulk e-mail job moved on (to that administrator's sockets only). */
  bulkEmailProgress: 'bulk_email_progress',
} as const;

/** Client → server events. */
export const clientSocketEvents = {
  auth: 'auth',
  message: 'message',
  subscribePolls: 'subscribe_polls',
  unsubscribePolls: 'unsubscribe_polls',
} as const;

export type ServerSocketEvent = (typeof serverSocketEvents)[keyof typeof serverSocketEvents];
export type ClientSocketEvent = (typeof clientSocketEvents)[keyof typeof clientSocketEvents];

/** A table by event name, from one keyed like the event constants (`pollUpdate` → `poll_update`). */
function byEventName<E extends Readonly<Record<string, string>>, const T extends { readonly [K in keyof E]: SchemaId }>(
  events: E,
  table: T,
): { readonly [K in keyof E as E[K]]: T[K] } {
  return Object.fromEntries(Object.entries(events).map(([key, name]) => [name, table[key as keyof E]])) as {
    readonly [K in keyof E as E[K]]: T[K];
  };
}

/** The schema of each server → client event's payload. */
export const serverSocketSchemaIds = /*#__PURE__*/ byEventName(serverSocketEvents, {
  authSuccess: 'meydan/socket-auth-success',
  authError: 'meydan/socket-error',
  notificationCount: 'meydan/notification-count',
  notification: 'meydan/socket-notification',
  pollUpdate: 'meydan/socket-poll-update',
  subscribeResult: 'meydan/poll-subscription-result',
  bulkEmailProgress: 'meydan/socket-bulk-email-progress',
});

/** The schema of each client → server event's payload. */
export const clientSocketSchemaIds = /*#__PURE__*/ byEventName(clientSocketEvents, {
  auth: 'meydan/socket-auth',
  message: 'meydan/socket-auth',
  subscribePolls: 'meydan/poll-subscription',
  unsubscribePolls: 'meydan/poll-subscription',
});
