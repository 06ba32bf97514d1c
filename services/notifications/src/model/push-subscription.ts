import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A browser a member subscribed to Web Push: its vendor's push endpoint and the keys its messages are encrypted with.
 * One record per endpoint (a browser that subscribes again under another member moves to them).
 */
export interface PushSubscriptionRecord {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

const pushSubscriptionSchema = new Schema<PushSubscriptionRecord>(
  {
    userId: { type: String, required: true },
    endpoint: { type: String, required: true },
    p256dh: { type: String, required: true },
    auth: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'push_subscriptions' },
);
pushSubscriptionSchema.index({ endpoint: 1 }, { unique: true });
pushSubscriptionSchema.index({ userId: 1, createdAt: 1 });

export function pushSubscriptionModel(conn: Connection): Model<PushSubscriptionRecord> {
  return (
    (conn.models['PushSubscription'] as Model<PushSubscriptionRecord> | undefined) ??
    conn.model<PushSubscriptionRecord>('PushSubscription', pushSubscriptionSchema)
  );
}
