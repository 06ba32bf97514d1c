import type { NotificationItem } from '@meydan/proto';
import type { NotificationRecord } from '../model/notification.js';
import { links, texts } from './texts.js';

/**
 * Notifications that grow while unread: one per poll for its votes, one for its comments, and one per member for the
 * polls they voted on that have ended ('results', not tied to one poll).
 */
export type GroupKind = 'votes' | 'comment' | 'results';

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

/** A poll a member voted on, as they are told it ended when it is the only one of their notification. */
export interface EndedPoll {
  pollId: string;
  title: string;
}

/** What a growing notification's first item was: a comment, or an ended poll. */
export type GroupFirst = NewComment | EndedPoll;

const isComment = (first: GroupFirst | undefined): first is NewComment => first !== undefined && 'commentId' in first;

/** The text of a growing notification: the first comment (or ended poll) named while it is the only one, else the count. */
export function groupText(kind: GroupKind, count: number, first?: GroupFirst): string {
  if (kind === 'votes') return texts.votes(count);
  if (kind === 'results')
    return count === 1 && first && !isComment(first) ? texts.votedPollEnded(first.title) : texts.votedPollsEnded(count);
  return count === 1 && isComment(first) ? texts.commented(first.actorName, first.text) : texts.comments(count);
}

/** Where a growing notification leads: the poll; for ended polls, the one poll or, once several, the member's votes. */
export function groupLink(kind: GroupKind, pollId: string, count: number, first?: GroupFirst): string {
  if (kind !== 'results') return links.ownPoll(pollId);
  return count === 1 && first && !isComment(first) ? links.ownPoll(first.pollId) : links.ownVotes();
}

export function viewOf(doc: NotificationRecord & { _id: { toString(): string } }): NotificationItem {
  return {
    id: doc._id.toString(),
    message: doc.message,
    isRead: doc.isRead,
    createdAt: new Date(doc.createdAt).toISOString(),
    link: doc.link ?? null,
  };
}
