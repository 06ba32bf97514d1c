import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '@meydan/kit';
import { authTexts } from './texts.js';

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

/**
 * How much scrypt work the process does at once. Each scrypt holds one of libuv's 4 pool threads (which file, DNS and
 * zlib work share) for tens of ms and 16 MB: at most SCRYPT_AT_ONCE run, up to SCRYPT_QUEUE wait their turn in order,
 * each at most SCRYPT_WAIT_MS; beyond that a login, registration or password check is answered 503 (Turkish, with
 * `retry-after`) instead of every password check in the process slowing down together.
 */
export const SCRYPT_AT_ONCE = 2;
export const SCRYPT_QUEUE = 64;
export const SCRYPT_WAIT_MS = 3000;
const BUSY_RETRY_S = 2;

const busy = () =>
  new HttpError(503, 'service_unavailable', authTexts.passwordWorkBusy, { 'retry-after': String(BUSY_RETRY_S) });

/** A counting semaphore with a bounded, time-limited queue (first come, first served). */
class WorkLimit {
  private running = 0;
  private readonly waiting: { go: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly atOnce: number,
    private readonly queue: number,
    private readonly waitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.atOnce) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queue) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const entry = {
        go: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(busy());
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** The slot passes straight to the next in line, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.go();
    } else {
      this.running -= 1;
    }
  }
}

const scryptWork = new WorkLimit(SCRYPT_AT_ONCE, SCRYPT_QUEUE, SCRYPT_WAIT_MS);

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return scryptWork.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A stored hash no password matches, in the same form and with the same scrypt cost as `hashPassword`'s: checking a
 * password against it takes as long as against a real account's. Its key is random bytes, not an scrypt output, so
 * making one costs nothing: start-up runs no scrypt (16 MB of scratch memory, part of which the process kept).
 */
export function unusableHash(): string {
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    randomBytes(16).toString('base64url'),
    randomBytes(SCRYPT.keylen).toString('base64url'),
  ].join('$');
}

/** Compares in constant time; false for anything malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random token for links, sessions and API tokens (256 bits, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
