import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A member hiding another: `userId` blocked (or muted) `targetId`. Blocks and mutes are two collections of the same
 * shape; at most one row per pair in each (unique index).
 */
export interface HideRecord {
  userId: string;
  targetId: string;
  createdAt: Date;
}

function hideSchema(): Schema<HideRecord> {
  const schema = new Schema<HideRecord>(
    {
      userId: { type: String, required: true },
      targetId: { type: String, required: true },
      createdAt: { type: Date, required: true, default: () => new Date() },
    },
    { versionKey: false },
  );
  schema.index({ userId: 1, targetId: 1 }, { unique: true });
  // The member's list, newest first.
  schema.index({ userId: 1, createdAt: -1 });
  // "Who blocked X" (what X may not see).
  schema.index({ targetId: 1 });
  return schema;
}

export type HideKind = 'blocks' | 'mutes';

export function hideModel(conn: Connection, kind: HideKind): Model<HideRecord> {
  const name = kind === 'blocks' ? 'Block' : 'Mute';
  return (conn.models[name] as Model<HideRecord> | undefined) ?? conn.model<HideRecord>(name, hideSchema());
}
