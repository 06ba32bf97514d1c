import { Schema, type Connection, type Model } from 'mongoose';

/** A member's report on another member ('Şikayet Et' on a profile). At most one per reporter and member. */
export interface UserReportRecord {
  userId: string;
  reporterId: string;
  reason: string;
  description: string | null;
  createdAt: Date;
}

const userReportSchema = new Schema<UserReportRecord>(
  {
    userId: { type: String, required: true },
    reporterId: { type: String, required: true },
    reason: { type: String, required: true },
    description: { type: String, default: null },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false },
);
userReportSchema.index({ userId: 1, reporterId: 1 }, { unique: true });

export function userReportModel(conn: Connection): Model<UserReportRecord> {
  return (
    (conn.models['UserReport'] as Model<UserReportRecord> | undefined) ??
    conn.model<UserReportRecord>('UserReport', userReportSchema, 'user_reports')
  );
}
