/**
 * The stand-in hash a login for an unknown e-mail is checked against: as costly to check as a real account's, never
 * matching, and made without an scrypt, so that loading auth's routes runs none (start-up used to hash a random
 * password for it, and the process kept part of the 16 MB that scrypt had used).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts the scrypt runs of auth's code; node:crypto itself still does the work.
const scryptRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: unknown[]) => {
    scryptRuns.count++;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

const { hashPassword, unusableHash, verifyPassword } = await import('../src/domain/secrets.js');

beforeEach(() => void (scryptRuns.count = 0));

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
