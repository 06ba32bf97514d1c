import { userRoles, type UserRole } from './schemas/common.js';

/**
 * Sessions in Redis, written by auth and read by the gateway (which learns who is calling without asking auth): their
 * keys, the shape of a session id and the stored record, defined once for both.
 *
 * The keys sit under auth's key prefix (ioredis adds `auth:`): `session:<sid>` holds the session with a sliding
 * expiry of SESSION_TTL_DAYS; `user-sessions:<userId>` lists a user's sids so all of them can be revoked at once.
 */
export const SESSION_STORE_PREFIX = 'auth';

export const sessionKeys = {
  session: (sid: string) => `session:${sid}`,
  userSessions: (userId: string) => `user-sessions:${userId}`,
} as const;

/** What a session id looks like (auth makes 32 random bytes in base64url); anything else is never looked up. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** How long a session lives after its last use, unless SESSION_TTL_DAYS says otherwise (auth and gateway alike). */
export const DEFAULT_SESSION_TTL_DAYS = 30;

/** The value at `session:<sid>`. */
export interface StoredSession {
  userId: string;
  role: UserRole;
  createdAt: string;
}

/** The session's user from a stored value, or null when there is none or it is not a session. */
export function sessionUserOf(raw: string | null): { userId: string; role: UserRole } | null {
  if (!raw) return null;
  let stored: Partial<StoredSession>;
  try {
    stored = JSON.parse(raw) as Partial<StoredSession>;
  } catch {
    return null;
  }
  const { userId, role } = stored ?? {};
  if (typeof userId !== 'string' || userId.length === 0 || !userRoles.includes(role as UserRole)) return null;
  return { userId, role: role as UserRole };
}
