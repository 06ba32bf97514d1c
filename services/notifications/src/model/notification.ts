import { Schema, type Connection, type Model } from 'mongoose';

export const notificationKinds = [
  'follow',
  'votes',
  'like',
  'comment',
  'poll-ended',
  'friends-poll',
  'poll-opened',
  'results',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** One notification of one user. */
export interface NotificationRecord {
  userId: string;
  kind: NotificationKind;
  /** What it is about, unique per user: the same event handled twice stores it once. */
  key: string;
  message: string;
  link: string | null;
  isRead: boolean;
  /** When it last changed: a growing vote notification moves back to the top. */
  createdAt: Date;
  pollId: string | null;
  actorId: string | null;
  /** Votes gathered in a vote notification. */
  count: number;
}

const notificationSchema = new Schema<NotificationRecord>(
  {
    userId: { type: String, required: true },
    kind: { type: String, required: true, enum: notificationKinds },
    key: { type: String, required: true },
    message: { type: String, required: true },
    link: { type: String, default: null },
    isRead: { type: Boolean, default: false },
    createdAt: { type: Date, required: true, default: () => new Date() },
    pollId: { type: String, default: null },
    actorId: { type: String, default: null },
    count: { type: Number, default: 1 },
  },
  { versionKey: false },
);
notificationSchema.index({ userId: 1, key: 1 }, { unique: true });
notificationSchema.index({ userId: 1, createdAt: -1 });
notificationSchema.index({ userId: 1, isRead: 1 });
notificationSchema.index({ userId: 1, kind: 1, pollId: 1, isRead: 1 });

export function notificationModel(conn: Connection): Model<NotificationRecord> {
  return (
    (conn.models['Notification'] as Model<NotificationRecord> | undefined) ??
    conn.model<NotificationRecord>('Notification', notificationSchema)
  );
}
