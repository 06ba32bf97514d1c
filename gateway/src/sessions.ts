import {
  SESSION_ID_PATTERN,
  sessionKeys,
  sessionStands,
  sessionUserOf,
  type MfaState,
  type UserRole,
} from '@meydan/proto';
import { HttpError, readSession, sessionKeyOf, within, type Logger } from '@meydan/kit';
import type { Redis } from 'ioredis';

/**
 * How long a session read may take before the request is answered 503. Long enough for a Sentinel failover and for a
 * gateway starved of CPU: at 1.5 s (what auth was given over NATS), a shared 2-core machine under the chaos storm saw
 * thousands of member votes refused while share-link votes, which read no session, went through the same gateway.
 */
const READ_TIMEOUT_MS = 4000;

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
  async resolve(
    sid: string,
    requestId: string,
  ): Promise<{ userId: string; role: UserRole; mfa: MfaState | null } | null> {
    if (!SESSION_ID_PATTERN.test(sid)) return null;
    try {
      return await within(
        readSession(this.redis, sid, this.ttlSeconds),
        READ_TIMEOUT_MS,
        `no answer within ${READ_TIMEOUT_MS} ms`,
      );
    } catch (err) {
      this.log.warn({ reqId: requestId, err }, 'session store unavailable');
      throw new HttpError(503, 'service_unavailable', undefined, { 'retry-after': '5' });
    }
  }
}

/**
 * Which of the sids name no session any more: expired, never one, or made before its account's last revocation (the
 * account's epoch, read as every request's session is: a revocation whose event this gateway missed still ends the
 * socket at the next check). Throws when Redis cannot say.
 */
export async function endedSessions(redis: Redis, sids: readonly string[]): Promise<Set<string>> {
  // One GET per key, sent together: an MGET's keys would have to be of one cluster slot.
  const sessions = await Promise.all(sids.map(async (sid) => sessionUserOf(await redis.get(sessionKeyOf(sid)))));
  const users = [...new Set(sessions.flatMap((session) => (session ? [session.userId] : [])))];
  const epochs = new Map(
    await Promise.all(
      users.map(async (userId) => [userId, await redis.get(sessionKeys.accountEpoch(userId))] as const),
    ),
  );
  return new Set(
    sids.filter((_sid, i) => {
      const session = sessions[i];
      return !session || !sessionStands(session, epochs.get(session.userId) ?? null);
    }),
  );
}
