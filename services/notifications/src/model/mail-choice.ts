import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Whether a member wants mail when a poll they voted on ends or someone follows them: off unless they turned it on
 * (no record: off). Turned off again from the settings or by a mail's one-click unsubscribe link.
 */
export interface MailChoiceRecord {
  /** The member's id. */
  _id: string;
  email: boolean;
  updatedAt: Date;
}

const mailChoiceSchema = new Schema<MailChoiceRecord>(
  {
    _id: { type: String, required: true },
    email: { type: Boolean, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notification_mail_choices' },
);

export function mailChoiceModel(conn: Connection): Model<MailChoiceRecord> {
  return (
    (conn.models['MailChoice'] as Model<MailChoiceRecord> | undefined) ??
    conn.model<MailChoiceRecord>('MailChoice', mailChoiceSchema)
  );
}
