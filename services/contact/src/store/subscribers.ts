import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { hmacSign, hmacVerify, isObjectId } from '@meydan/kit';
import type { Models, SubscriberRecord } from '../model/index.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Newsletter addresses with double opt-in. A confirmation token is random, stored hashed and single-use; the
 * unsubscribe token is the subscriber id signed with the service secret, so every mail can carry a working link
 * without storing one.
 */
export class Subscribers {
  private readonly unsubscribeKey: string;

  constructor(
    private readonly models: Models,
    secret: string,
  ) {
    this.unsubscribeKey = hmacSign(secret, 'meydan newsletter unsubscribe');
  }

  /**
   * Records the wish to subscribe. Returns a fresh confirmation token when a mail should go out (new, not yet
   * confirmed, or unsubscribed earlier), null when the address is already confirmed.
   */
  async request(
    email: string,
    confirmHours: number,
  ): Promise<{ subscriber: SubscriberRecord; confirmToken: string | null }> {
    const emailLower = email.toLowerCase();
    const existing = await this.models.Subscriber.findOne({ emailLower }).lean<SubscriberRecord>();
    if (existing?.confirmedAt && !existing.unsubscribedAt) return { subscriber: existing, confirmToken: null };
    const confirmToken = randomBytes(32).toString('base64url');
    const subscriber = await this.models.Subscriber.findOneAndUpdate(
      { emailLower },
      {
        $set: {
          confirmTokenHash: sha256(confirmToken),
          confirmExpiresAt: new Date(Date.now() + confirmHours * 3600_000),
        },
        $setOnInsert: { email, emailLower, confirmedAt: null, unsubscribedAt: null },
      },
      { upsert: true, returnDocument: 'after', lean: true },
    );
    return { subscriber: subscriber as SubscriberRecord, confirmToken };
  }

  /** Confirms the address of a valid, unused, unexpired token (the token then stops working). */
  async confirm(token: string): Promise<SubscriberRecord | null> {
    return this.models.Subscriber.findOneAndUpdate(
      { confirmTokenHash: sha256(token), confirmExpiresAt: { $gt: new Date() } },
      { $set: { confirmedAt: new Date(), unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null } },
      { returnDocument: 'after', lean: true },
    ) as Promise<SubscriberRecord | null>;
  }

  unsubscribeToken(subscriberId: string): string {
    return `${subscriberId}.${hmacSign(this.unsubscribeKey, subscriberId)}`;
  }

  /** Ends the subscription of a correctly signed token; false for anything else. Repeating it is harmless. */
  async unsubscribe(token: string): Promise<boolean> {
    const [id, signature] = token.split('.');
    if (!id || !signature || !isObjectId(id)) return false;
    if (!hmacVerify(this.unsubscribeKey, id, signature)) return false;
    const result = await this.models.Subscriber.updateOne(
      { _id: new Types.ObjectId(id) },
      { $set: { unsubscribedAt: new Date(), confirmTokenHash: null, confirmExpiresAt: null } },
    );
    return result.matchedCount === 1;
  }
}
