/**
 * The realtime socket's server → client events the hub reads: event name → proto `$id` (compiled by web/scripts/ with
 * the form schemas). The same ids as proto's `socketContracts.server`; web/test/realtime.test.tsx checks they match.
 */
export const socketSchemas = {
  auth_success: 'meydan/socket-auth-success',
  auth_error: 'meydan/socket-error',
  notification_count: 'meydan/notification-count',
  notification: 'meydan/socket-notification',
  poll_update: 'meydan/socket-poll-update',
  subscribe_result: 'meydan/poll-subscription-result',
  bulk_email_progress: 'meydan/bulk-email-progress',
} as const;

export type ServerSocketEvent = keyof typeof socketSchemas;

/** The exported names of their compiled validators (standalone code wants identifiers). */
export const socketValidatorNames = {
  auth_success: 'socketAuthSuccess',
  auth_error: 'socketAuthError',
  notification_count: 'socketNotificationCount',
  notification: 'socketNotification',
  poll_update: 'socketPollUpdate',
  subscribe_result: 'socketSubscribeResult',
  bulk_email_progress: 'socketBulkEmailProgress',
} as const satisfies Record<ServerSocketEvent, string>;
