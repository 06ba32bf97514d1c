import type { BulkEmailJob, LiveCountsGroup, LiveVotedEntry, NotificationItem, PollUpdate } from '@meydan/proto';

/** Emits to members and to poll rooms, on every instance (the Redis adapter carries them); realtime/server.ts makes it. */
export interface Realtime {
  notify(userId: string, data: NotificationItem): void;
  count(userId: string, count: number): void;
  /** The member's unread count changed: where they have a socket, on any instance, it is read and sent anew. */
  unreadChanged(userId: string): void;
  /**
   * A poll's live counts to its followers: to all of them, or (`countsTo`) to those in the groups named, every other
   * follower getting the total alone.
   */
  pollUpdate(data: PollUpdate, countsTo?: readonly LiveCountsGroup[]): void;
  /** Votes were accepted: each voter's sockets following the poll join its voters (and get the counts it carries). */
  pollVoted(votes: LiveVotedEntry[]): void;
  /** A bulk e-mail job's progress, to the administrator who started it. */
  bulkEmailProgress(adminId: string, data: BulkEmailJob): void;
  /** Closes every socket of the member, on every instance (their sessions were revoked). */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
}
