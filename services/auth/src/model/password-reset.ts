import { Schema, type Connection, type Model } from 'mongoose';

/** A single-use password-reset link (valid one hour); only the SHA-256 of its token is stored. */
export interface PasswordResetRecord {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

const passwordResetSchema = new Schema<PasswordResetRecord>(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);

export function passwordResetModel(conn: Connection): Model<PasswordResetRecord> {
  return (conn.models['PasswordReset'] ??
    conn.model('PasswordReset', passwordResetSchema)) as Model<PasswordResetRecord>;
}
