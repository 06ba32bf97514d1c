import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A follow waiting for the followee's approval (they have follow requests on). It is not an edge of the follow graph:
 * it counts for no counts, mutuals or Dost Meclisi until accepted. At most one per pair (unique index).
 */
export interface FollowRequestRecord {
  requesterId: string;
  targetId: string;
  createdAt: Date;
}

const followRequestSchema = new Schema<FollowRequestRecord>(
  {
    requesterId: { type: String, required: true },
    targetId: { type: String, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false },
);
followRequestSchema.index({ requesterId: 1, targetId: 1 }, { unique: true });
// "Who asks to follow X", newest first (the followers tab of X).
followRequestSchema.index({ targetId: 1, createdAt: -1 });

export function followRequestModel(conn: Connection): Model<FollowRequestRecord> {
  return (
    (conn.models['FollowRequest'] as Model<FollowRequestRecord> | undefined) ??
    conn.model<FollowRequestRecord>('FollowRequest', followRequestSchema)
  );
}
