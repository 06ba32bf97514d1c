import { isStaffRole, userRoles, type UserRole } from './schemas/common.js';

/**
 * Sessions in Redis, written by auth and read by the gateway (which learns who is calling without asking auth): their
 * keys, the shape of a session id and the stored record, defined once for both.
 *
 * The keys sit under auth's key prefix (ioredis adds `auth:`): `session:<digest>` holds the session with a sliding
 * expiry of SESSION_TTL_DAYS, where the digest is the SHA-256 of the cookie's sid (the kit's `sessionDigest`), never
 * the sid itself: whoever learns a key's name (a Redis user, a dump, a log of commands) holds no cookie;
 * `user-sessions:<userId>` lists the digests of a user's sessions so all of them can be deleted at once (its
 * expiry slides with them); `account-epoch:<userId>` (no expiry) is the account's revocation epoch. Every session
 * carries the epoch its account had when it was made, and revoking everything (ban, deletion, password change or
 * reset, "log out everywhere") raises the account's epoch: a session whose epoch is not the account's current one is
 * no session, whether or not the list of sids still names it.
 */
export const SESSION_STORE_PREFIX = 'auth';

/**
 * The SHA-256 of a session id (base64url), the only form of it that is stored: made by the kit's `sessionDigest`
 * (proto stays free of Node's modules, as the web app bundles it), so a raw sid cannot be passed where a key is built.
 */
export type SessionDigest = string & { readonly __sessionDigest: true };

export const sessionKeys = {
  session: (digest: SessionDigest) => `session:${digest}`,
  userSessions: (userId: string) => `user-sessions:${userId}`,
  accountEpoch: (userId: string) => `account-epoch:${userId}`,
} as const;

/** What a session id looks like (auth makes 32 random bytes in base64url); anything else is never looked up. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** How long a session lives after its last use, unless SESSION_TTL_DAYS says otherwise (auth and gateway alike). */
export const DEFAULT_SESSION_TTL_DAYS = 30;

/**
 * How long a staff member's (moderator's, admin's) session lives from its sign-in, whatever its use: hours, not the
 * members' sliding days. After it the session is no session, and signing in again asks for the second factor again.
 */
export const STAFF_SESSION_HOURS = 8;
export const STAFF_SESSION_MS = STAFF_SESSION_HOURS * 3_600_000;

/**
 * Where a staff session stands with its second factor: `verified` (a TOTP or recovery code was given in this session),
 * `required` (the account has an authenticator, no code given yet), `enrol` (the account has none yet). Null for members.
 */
export type MfaState = 'verified' | 'required' | 'enrol';

/** The value at `session:<digest>`. */
export interface StoredSession {
  userId: string;
  role: UserRole;
  createdAt: string;
  /** The account's revocation epoch when the session was made (absent in sessions made before epochs existed). */
  epoch?: number;
  /** Staff only: whether the account had an authenticator enrolled when the session was made (or since). */
  totp?: boolean;
  /** Staff only: when (ms) this session's second factor was verified. */
  mfaAt?: number;
}

export interface SessionUser {
  userId: string;
  role: UserRole;
  /** The epoch the session carries; null for a session made before epochs existed. */
  epoch: number | null;
  /** The second factor's state for staff, null for members. */
  mfa: MfaState | null;
}

/** A staff session's second-factor state as stored (a member's is null). */
export function mfaStateOf(stored: Pick<StoredSession, 'role' | 'totp' | 'mfaAt'>): MfaState | null {
  if (!isStaffRole(stored.role)) return null;
  if (typeof stored.mfaAt === 'number') return 'verified';
  return stored.totp ? 'required' : 'enrol';
}

/**
 * The session's user from a stored value, or null when there is none, it is not a session, or it is a staff session
 * older than STAFF_SESSION_HOURS.
 */
export function sessionUserOf(raw: string | null, now = Date.now()): SessionUser | null {
  if (!raw) return null;
  let stored: Partial<StoredSession>;
  try {
    stored = JSON.parse(raw) as Partial<StoredSession>;
  } catch {
    return null;
  }
  const { userId, role, epoch, createdAt } = stored ?? {};
  if (typeof userId !== 'string' || userId.length === 0 || !userRoles.includes(role as UserRole)) return null;
  if (epoch !== undefined && !Number.isSafeInteger(epoch)) return null;
  if (isStaffRole(role)) {
    const madeAt = Date.parse(createdAt ?? '');
    if (!Number.isFinite(madeAt) || now - madeAt >= STAFF_SESSION_MS) return null;
  }
  return {
    userId,
    role: role as UserRole,
    epoch: epoch ?? null,
    mfa: mfaStateOf({ role: role as UserRole, totp: stored.totp, mfaAt: stored.mfaAt }),
  };
}

/**
 * Whether a session still stands against its account's current epoch (the value at `account-epoch:<userId>`, null when
 * the key is missing). Fails closed: a session that carries an epoch needs the account's to exist and be equal; a
 * session made before epochs existed stands only while its account has none (the account's next sign-in or
 * revocation creates it). An epoch starts at the time it was created in ms, so an epoch key lost and made anew
 * never takes a value that older sessions carry.
 */
export function sessionStands(session: SessionUser, accountEpoch: string | null): boolean {
  if (accountEpoch === null || session.epoch === null) return accountEpoch === null && session.epoch === null;
  return Number(accountEpoch) === session.epoch;
}

/** The Redis commands a session read needs (an ioredis client with auth's key prefix has them). */
export interface SessionRedis {
  getex(key: string, secondsToken: 'EX', seconds: number): Promise<string | null>;
  get(key: string): Promise<string | null>;
  expire(key: string, seconds: number): Promise<number>;
}
