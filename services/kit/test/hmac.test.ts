import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSign, hmacVerify } from '@meydan/kit';

describe('hmacSign / hmacVerify', () => {
  it('is HMAC-SHA256 in base64url (RFC 4231, test case 2)', () => {
    const expected = Buffer.from('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'hex').toString(
      'base64url',
    );
    expect(hmacSign('Jefe', 'what do ya want for nothing?')).toBe(expected);
    expect(hmacSign('Jefe', 'what do ya want for nothing?', 32)).toBe(expected.slice(0, 32));
  });

  it('accepts exactly the right tag and refuses any other', () => {
    const tag = hmacSign('secret-one', 'visitor:abc');
    expect(hmacVerify('secret-one', 'visitor:abc', tag)).toBe(true);
    expect(hmacVerify('secret-two', 'visitor:abc', tag)).toBe(false);
    expect(hmacVerify('secret-one', 'visitor:abd', tag)).toBe(false);
    expect(hmacVerify('secret-one', 'visitor:abc', tag.slice(0, -1))).toBe(false);
    expect(hmacVerify('secret-one', 'visitor:abc', `${tag}A`)).toBe(false);
    expect(hmacVerify('secret-one', 'visitor:abc', '')).toBe(false);
    // A shortened tag is checked at its own length only.
    const short = hmacSign('secret-one', 'visitor:abc', 32);
    expect(hmacVerify('secret-one', 'visitor:abc', short, 32)).toBe(true);
    expect(hmacVerify('secret-one', 'visitor:abc', short)).toBe(false);
    expect(hmacVerify('secret-one', 'visitor:abc', tag, 32)).toBe(false);
  });

  it('signs what the identity header and visitor cookie signed before (values already issued stay valid)', () => {
    const before = createHmac('sha256', 's3cret').update('visitor:xyz').digest('base64url').slice(0, 32);
    expect(hmacVerify('s3cret', 'visitor:xyz', before, 32)).toBe(true);
  });
});
