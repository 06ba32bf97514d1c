/**
 * The staff's second factor: TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps) as authenticator apps make them,
 * and one-time recovery codes kept as digests.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from './secrets.js';

export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is still taken (clocks drift). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, label = 'Meydan') =>
  new TOTP({
    issuer: 'Meydan',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret (160 bits, base32), as the authenticator is given it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/...` address the enrolment's QR code carries. */
export const totpUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/** The code for a moment (tests and the e2e journeys compute codes as an authenticator does). */
export const totpCode = (secret: string, at = Date.now()): string => totpOf(secret).generate({ timestamp: at });

/** The time step a code belongs to (within the window around `at`), or null when it is no code of this secret. */
export function totpStepOf(secret: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: WINDOW });
  return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Fresh recovery codes (`xxxxx-xxxxx`, 50 bits each), shown once; only their digests are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}

/** The digest a recovery code is stored as (case, spaces and the dash do not matter). */
export const recoveryHash = (code: string): string => sha256(code.toLowerCase().replace(/[^0-9a-f]/g, ''));
