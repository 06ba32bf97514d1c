import { Schema, type Connection, type Model } from 'mongoose';

/** A single-use activation link; only the SHA-256 of its token is stored. */
export interface ActivationRecord {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

const activationSchema = new Schema<ActivationRecord>(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);

export function activationModel(conn: Connection): Model<ActivationRecord> {
  return (conn.models['Activation'] ?? conn.model('Activation', activationSchema)) as Model<ActivationRecord>;
}
