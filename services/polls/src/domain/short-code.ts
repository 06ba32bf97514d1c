import { randomInt } from 'node:crypto';
import { limits } from '@meydan/proto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 share-link code (10 characters: about 59 bits, unguessable). */
export function newShortCode(length: number = limits.poll.shortCodeLength): string {
  let code = '';
  for (let i = 0; i < length; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

export const shortCodePattern = /^[0-9A-Za-z]{10}$/;
