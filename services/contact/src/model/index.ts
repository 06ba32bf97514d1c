import { Schema, type Types, type Connection, type Model } from 'mongoose';
import { contactStages, limits, type ContactSubject } from '@meydan/proto';

type ContactStage = (typeof contactStages)[number];

/** A message sent through the contact form: a support ticket. */
export interface ContactMessageRecord {
  _id: Types.ObjectId;
  ticketNumber: string;
  /** The year and the sequence within it that the ticket number spells. */
  year: number;
  seq: number;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  status: ContactStage;
  /** The member who sent it, null for a visitor. */
  userId: string | null;
  ip: string | null;
  createdAt: Date;
}

const contactMessageSchema = new Schema<ContactMessageRecord>(
  {
    ticketNumber: { type: String, required: true, unique: true },
    year: { type: Number, required: true },
    seq: { type: Number, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    subject: { type: String, required: true, enum: limits.contact.subjects },
    message: { type: String, required: true },
    status: { type: String, required: true, enum: contactStages, default: 'yeni' },
    userId: { type: String, default: null },
    ip: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
contactMessageSchema.index({ createdAt: -1 });
contactMessageSchema.index({ year: 1, seq: -1 });

/** A newsletter address: confirmed by its owner (double opt-in) before any newsletter goes to it. */
export interface SubscriberRecord {
  _id: Types.ObjectId;
  email: string;
  emailLower: string;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  /** SHA-256 of the pending confirmation token; null once used. */
  confirmTokenHash: string | null;
  confirmExpiresAt: Date | null;
  createdAt: Date;
}

const subscriberSchema = new Schema<SubscriberRecord>(
  {
    email: { type: String, required: true },
    emailLower: { type: String, required: true, unique: true },
    confirmedAt: { type: Date, default: null },
    unsubscribedAt: { type: Date, default: null },
    confirmTokenHash: { type: String, default: null, index: true },
    confirmExpiresAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);

export function createModels(conn: Connection) {
  const model = <T>(name: string, schema: Schema<T>, collection?: string) =>
    (conn.models[name] ?? conn.model<T>(name, schema, collection)) as Model<T>;
  return {
    ContactMessage: model('ContactMessage', contactMessageSchema),
    Subscriber: model('Subscriber', subscriberSchema, 'newsletter_subscribers'),
  };
}

export type Models = ReturnType<typeof createModels>;
