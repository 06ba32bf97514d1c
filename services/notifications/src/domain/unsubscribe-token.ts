/**
 * The signed token of a mail's one-click unsubscribe link: `v1.<userId>.<HMAC-SHA256>` under a key made from
 * MAIL_SECRET (only the mailer and the senders hold it). It turns the member's mail off and does nothing else, so it
 * need not expire: an old mail's link still unsubscribes, as readers expect.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'meydan', 'mail unsubscribe v1', 32));
const macOf = (secret: string, userId: string) =>
  createHmac('sha256', keyOf(secret)).update(`${VERSION}.${userId}`).digest();

export function unsubscribeToken(secret: string, userId: string): string {
  return `${VERSION}.${userId}.${macOf(secret, userId).toString('base64url')}`;
}

/** The member a token is for, or null when it is not one of ours. */
export function memberOfToken(secret: string, token: string): string | null {
  const [version, userId, mac, ...rest] = token.split('.');
  if (version !== VERSION || !userId || !mac || rest.length > 0 || !/^[0-9a-f]{24}$/.test(userId)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
