import type { BulkEmailJob, NotificationItem, PollUpdate } from '@meydan/proto';

/** Emits to members and to poll rooms, on every instance (the Redis adapter carries them); realtime/server.ts makes it. */
export interface Realtime {
  notify(userId: string, data: NotificationItem): void;
  count(userId: string, count: number): void;
  /** The member's unread count changed: where they have a socket, on any instance, it is read and sent anew. */
  unreadChanged(userId: string): void;
  pollUpdate(data: PollUpdate): void;
  /** A bulk e-mail job's progress, to the administrator who started it. */
  bulkEmailProgress(adminId: string, data: BulkEmailJob): void;
  /** Closes every socket of the member, on every instance (their sessions were revoked). */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
}
