/**
 * The stand-in hash a login for an unknown e-mail is checked against: as costly to check as a real account's, never
 * matching, and made without an scrypt, so that loading auth's routes runs none (start-up used to hash a random
 * password for it, and the process kept part of the 16 MB that scrypt had used).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts the scrypt runs of auth's code; node:crypto itself still does the work.
const scryptRuns = vi.hoisted(() => ({ count: 0, running: 0, peak: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: unknown[]) => {
    scryptRuns.count++;
    scryptRuns.running++;
    scryptRuns.peak = Math.max(scryptRuns.peak, scryptRuns.running);
    const done = args.pop() as (...a: unknown[]) => void;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args, (...result: unknown[]) => {
      scryptRuns.running--;
      done(...result);
    });
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

const { SCRYPT_AT_ONCE, SCRYPT_QUEUE, hashPassword, unusableHash, verifyPassword } = await import(
  '../src/domain/secrets.js'
);

beforeEach(() => {
  scryptRuns.count = 0;
});

describe('the hash of an unknown account', () => {
  it('is not made at start: loading the login routes runs no scrypt', async () => {
    await import('../src/routes/account.js');
    expect(scryptRuns.count).toBe(0);
  });

  it('has the form and the scrypt cost of a real password hash, and no password matches it', async () => {
    const real = (await hashPassword('gizli-sifre-1')).split('$');
    const [first, second] = [unusableHash(), unusableHash()];
    const unusable = first.split('$');
    // scheme, N, r, p: what the cost of a check depends on; then salt and key of the same lengths.
    expect(unusable.slice(0, 4)).toEqual(real.slice(0, 4));
    expect(unusable.map((part) => part.length)).toEqual(real.map((part) => part.length));
    expect(second).not.toBe(first);

    scryptRuns.count = 0;
    expect(await verifyPassword('gizli-sifre-1', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
    // One scrypt per check, as for a real account.
    expect(scryptRuns.count).toBe(2);
    expect(await verifyPassword('gizli-sifre-1', real.join('$'))).toBe(true);
  });
});

describe('scrypt work at once', () => {
  it('runs at most 2 at a time, queues 64 more in order, and answers the rest a Turkish 503 at once', async () => {
    const stored = unusableHash();
    scryptRuns.peak = 0;
    scryptRuns.count = 0;
    const checks = Array.from({ length: SCRYPT_AT_ONCE + SCRYPT_QUEUE + 10 }, () => verifyPassword('tahmin', stored));
    const settled = await Promise.allSettled(checks);
    expect(scryptRuns.peak).toBe(SCRYPT_AT_ONCE);
    const refused = settled.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    // The last 10 found the queue full (more may have waited too long on a slow machine: those are refused too).
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(settled.slice(-10).every((r) => r.status === 'rejected')).toBe(true);
    for (const err of refused) {
      expect(err).toMatchObject({
        statusCode: 503,
        code: 'service_unavailable',
        message: 'Şu anda çok fazla giriş isteği var. Lütfen birkaç saniye sonra tekrar dene.',
      });
    }
    expect(scryptRuns.count).toBe(settled.length - refused.length);
    // Afterwards the work goes on as usual.
    expect(await verifyPassword('tahmin', stored)).toBe(false);
  });
});
