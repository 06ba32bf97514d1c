import { Schema, type Connection, type Model } from 'mongoose';

/** One edge of the follow graph: followerId follows followeeId. At most one per pair (unique index). */
export interface FollowRecord {
  followerId: string;
  followeeId: string;
  createdAt: Date;
}

const followSchema = new Schema<FollowRecord>(
  {
    followerId: { type: String, required: true },
    followeeId: { type: String, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false },
);
// The pair is unique: concurrent follows of the same user never store two edges.
followSchema.index({ followerId: 1, followeeId: 1 }, { unique: true });
// "Who follows X", newest first (followers list, counts, mutuals).
followSchema.index({ followeeId: 1, createdAt: -1 });
// "Whom X follows", newest first (following list).
followSchema.index({ followerId: 1, createdAt: -1 });

export function followModel(conn: Connection): Model<FollowRecord> {
  return (conn.models['Follow'] as Model<FollowRecord> | undefined) ?? conn.model<FollowRecord>('Follow', followSchema);
}
