import type { NotificationItem } from '@meydan/proto';
import type { NotificationRecord } from '../model/notification.js';
import { texts } from './texts.js';

/** Notifications that grow while unread: one per poll for its votes, one for its comments. */
export type GroupKind = 'votes' | 'comment';

/** A comment as the creator is told about it when it is the first of its notification. */
export interface NewComment {
  userId: string;
  pollId: string;
  commentId: string;
  actorId: string;
  actorName: string;
  text: string;
  at: Date;
}

/** The text of a growing notification: the first comment quoted while it is the only one, else the count. */
export const groupText = (kind: GroupKind, count: number, first?: NewComment) =>
  kind === 'votes' ? texts.votes(count) : count === 1 && first ? texts.commented(first.actorName, first.text) : texts.comments(count);

export function viewOf(doc: NotificationRecord & { _id: { toString(): string } }): NotificationItem {
  return {
    id: doc._id.toString(),
    message: doc.message,
    isRead: doc.isRead,
    createdAt: new Date(doc.createdAt).toISOString(),
    link: doc.link ?? null,
  };
}
