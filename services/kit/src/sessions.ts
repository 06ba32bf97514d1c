/**
 * Sessions as auth writes them and auth and the gateway read them (proto's `sessionKeys`): stored under the SHA-256 of
 * the cookie's sid, so that the name of a key in Redis is no cookie. Here rather than in proto because hashing needs
 * Node's crypto, and the web app bundles proto.
 */
import { createHash } from 'node:crypto';
import {
  SESSION_ID_PATTERN,
  sessionKeys,
  sessionStands,
  sessionUserOf,
  type SessionDigest,
  type MfaState,
  type SessionRedis,
  type UserRole,
} from '@meydan/proto';

/** The SHA-256 of a session id, base64url: the only form of it that goes into a key (or the account's list of sessions). */
export function sessionDigest(sid: string): SessionDigest {
  return createHash('sha256').update(sid).digest('base64url') as SessionDigest;
}

/** The key of the session whose cookie carries `sid`. */
export const sessionKeyOf = (sid: string): string => sessionKeys.session(sessionDigest(sid));

/**
 * The session's user, its lifetime and its account's list of sessions extended (sliding expiry); null when unknown,
 * expired, not a session, or made before its account's last revocation. Auth and the gateway both read sessions so.
 */
export async function readSession(
  redis: SessionRedis,
  sid: string,
  ttlSeconds: number,
): Promise<{ userId: string; role: UserRole; mfa: MfaState | null } | null> {
  if (!SESSION_ID_PATTERN.test(sid)) return null;
  const session = sessionUserOf(await redis.getex(sessionKeyOf(sid), 'EX', ttlSeconds));
  if (!session) return null;
  // Two keys of different cluster slots, so two commands sent together rather than one MULTI (which a Redis Cluster
  // refuses across slots): the epoch is only read and the list's expiry only slides, neither needs the other, and
  // either failing fails the read (the caller answers 503).
  const [accountEpoch] = await Promise.all([
    redis.get(sessionKeys.accountEpoch(session.userId)),
    redis.expire(sessionKeys.userSessions(session.userId), ttlSeconds),
  ]);
  return sessionStands(session, accountEpoch) ? { userId: session.userId, role: session.role, mfa: session.mfa } : null;
}
