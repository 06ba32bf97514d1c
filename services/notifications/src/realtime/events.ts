/** Socket.io rooms: one per member, one per poll followed live. */
export const userRoom = (userId: string) => `user:${userId}`;
export const pollRoom = (pollId: string) => `poll:${pollId}`;

/** Server → client event names (the spec's), and the client → server ones. */
export const serverEvents = {
  authSuccess: 'auth_success',
  authError: 'auth_error',
  notificationCount: 'notification_count',
  notification: 'notification',
  pollUpdate: 'poll_update',
  subscribeResult: 'subscribe_result',
  /** An administrator's bulk e-mail job moved on (to that administrator's sockets only). */
  bulkEmailProgress: 'bulk_email_progress',
} as const;
export const clientEvents = {
  auth: 'auth',
  message: 'message',
  subscribePolls: 'subscribe_polls',
  unsubscribePolls: 'unsubscribe_polls',
} as const;
