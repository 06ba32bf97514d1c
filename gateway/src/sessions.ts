import { SESSION_ID_PATTERN, readSession, sessionKeys, sessionUserOf, type UserRole } from '@meydan/proto';
import { HttpError, within, type Logger } from '@meydan/kit';
import type { Redis } from 'ioredis';

/** How long a session read may take before the request is answered 503 (as long as auth was given over NATS). */
const READ_TIMEOUT_MS = 1500;

/**
 * Sessions read where auth keeps them (Redis, under auth's prefix), with auth's sliding expiry: the gateway learns who
 * is calling in two Redis steps (the session, then its account's epoch) instead of a NATS round trip to auth, which did
 * nothing but these steps.
 */
export class SessionReader {
  constructor(
    /** A connection whose key prefix is auth's (SESSION_STORE_PREFIX). */
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly log: Logger,
  ) {}

  /**
   * The session's user, its lifetime (and its account's list of sessions) extended; null when unknown, expired, not a
   * session id at all, or made before its account's last revocation (a ban, a deletion, a password change: the
   * account's epoch, which does not expire, no longer matches; see proto's `sessionStands`). When Redis cannot say,
   * throws the 503 a silent auth gave: nobody is taken for a visitor, or for someone else.
   */
  async resolve(sid: string, requestId: string): Promise<{ userId: string; role: UserRole } | null> {
    if (!SESSION_ID_PATTERN.test(sid)) return null;
    try {
      return await within(readSession(this.redis, sid, this.ttlSeconds), READ_TIMEOUT_MS, `no answer within ${READ_TIMEOUT_MS} ms`);
    } catch (err) {
      this.log.warn({ reqId: requestId, err }, 'session store unavailable');
      throw new HttpError(503, 'service_unavailable', undefined, { 'retry-after': '5' });
    }
  }
}

/** Which of the sids name no session any more (expired, revoked, or never one). Throws when Redis cannot say. */
export async function endedSessions(redis: Redis, sids: readonly string[]): Promise<Set<string>> {
  // One GET per session, sent together: an MGET's keys would have to be of one cluster slot.
  const raws = await Promise.all(sids.map((sid) => redis.get(sessionKeys.session(sid))));
  return new Set(sids.filter((sid, i) => sessionUserOf(raws[i] ?? null) === null));
}
