import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 of `data` under `secret`, base64url; `length` keeps only that many leading characters (a shorter
 * tag where the value travels in a cookie).
 */
export function hmacSign(secret: string, data: string, length?: number): string {
  const tag = createHmac('sha256', secret).update(data).digest('base64url');
  return length === undefined ? tag : tag.slice(0, length);
}

/** Whether `signature` is `hmacSign(secret, data, length)`, compared in constant time. */
export function hmacVerify(secret: string, data: string, signature: string, length?: number): boolean {
  const expected = Buffer.from(hmacSign(secret, data, length));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
