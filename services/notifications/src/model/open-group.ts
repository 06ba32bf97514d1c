import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * Where a growing notification's group (votes or comments on one poll, or a member's ended polls) keeps its unread
 * notification: one record per group, named by the group's key (`kind:userId:pollId`), pointing at the notification
 * last started for it. Found by `_id`, which the MongoDB-wire store answers from its index (store/open-groups.ts).
 */
export interface OpenGroupRecord {
  _id: string;
  /** The member the group is for: their records go with their account. */
  userId: string;
  notificationId: Types.ObjectId;
}

const openGroupSchema = new Schema<OpenGroupRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    notificationId: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false, collection: 'notification_open_groups' },
);
openGroupSchema.index({ userId: 1 });

export function openGroupModel(conn: Connection): Model<OpenGroupRecord> {
  return (
    (conn.models['OpenGroup'] as Model<OpenGroupRecord> | undefined) ??
    conn.model<OpenGroupRecord>('OpenGroup', openGroupSchema)
  );
}
