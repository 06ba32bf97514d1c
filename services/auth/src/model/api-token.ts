import { Schema, type Connection, type Model } from 'mongoose';

/** A personal API token; only its SHA-256 is stored, the token itself is shown once. */
export interface ApiTokenRecord {
  userId: string;
  name: string;
  tokenHash: string;
  /** The first characters, so the owner can tell tokens apart. */
  prefix: string;
  tier: 'free' | 'developer' | 'business';
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const apiTokenSchema = new Schema<ApiTokenRecord>(
  {
    userId: { type: String, required: true, index: true },
    name: { type: String, required: true },
    tokenHash: { type: String, required: true, unique: true },
    prefix: { type: String, required: true },
    tier: { type: String, enum: ['free', 'developer', 'business'], default: 'free' },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);

export function apiTokenModel(conn: Connection): Model<ApiTokenRecord> {
  return (conn.models['ApiToken'] ?? conn.model('ApiToken', apiTokenSchema)) as Model<ApiTokenRecord>;
}
