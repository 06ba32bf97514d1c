import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { events, subjects } from '@meydan/proto';
import type { Bus, Identity, Logger, Role } from '@meydan/kit';

export const SESSION_COOKIE = 'sid';
export const VISITOR_COOKIE = 'vid';

type Resolved = { userId: string; role: Role; tier?: string; tokenId?: string } | null;

/** A small time-bounded cache: entries live `ttlMs`; the oldest go first when it is full. */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 50_000,
  ) {}
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: V): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }
  deleteWhere(test: (value: V) => boolean): void {
    for (const [key, { value }] of this.entries) if (test(value)) this.entries.delete(key);
  }
}

/**
 * Decides who the caller is: a session cookie or a bearer token, resolved by auth over NATS and
 * cached briefly; a revocation event from auth drops the user's cached entries at once.
 */
export class IdentityResolver {
  private readonly sessions: TtlCache<Resolved>;
  private readonly tokens: TtlCache<Resolved>;

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
    private readonly secret: string,
    cacheMs = 5000,
  ) {
    this.sessions = new TtlCache(cacheMs);
    this.tokens = new TtlCache(cacheMs * 6);
    this.forgetOn(events.auth.sessionsRevoked);
    this.forgetOn(events.auth.sessionEnded);
  }

  private forgetOn(subject: string): void {
    this.bus.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        try {
          const { userId } = msg.json<{ userId: string }>();
          this.forget(userId);
        } catch (e) {
          this.log.warn({ err: e, subject }, 'malformed session event');
        }
      },
    });
  }

  forget(userId: string): void {
    const sameUser = (v: Resolved) => v?.userId === userId;
    this.sessions.deleteWhere(sameUser);
    this.tokens.deleteWhere(sameUser);
  }

  async resolve(
    cookies: Record<string, string | undefined>,
    authorization: string | undefined,
    requestId: string,
  ): Promise<Pick<Identity, 'userId' | 'role' | 'authMethod'> & { tier?: string; tokenId?: string }> {
    const bearer = authorization?.match(/^Bearer\s+(\S{10,200})$/i)?.[1];
    if (bearer) {
      let found = this.tokens.get(bearer);
      if (found === undefined) {
        found = await this.bus.request<Resolved>(subjects.auth.tokenResolve, { token: bearer }, { requestId }, 1500);
        this.tokens.set(bearer, found);
      }
      if (found) return { userId: found.userId, role: found.role, authMethod: 'token', tier: found.tier ?? 'free', tokenId: found.tokenId ?? '' };
      return { userId: null, role: null, authMethod: null };
    }
    const sid = cookies[SESSION_COOKIE];
    if (sid) {
      let found = this.sessions.get(sid);
      if (found === undefined) {
        found = await this.bus.request<Resolved>(subjects.auth.sessionResolve, { sid }, { requestId }, 1500);
        this.sessions.set(sid, found);
      }
      if (found) return { userId: found.userId, role: found.role, authMethod: 'session' };
    }
    return { userId: null, role: null, authMethod: null };
  }

  /** `<id>.<hmac>`: a visitor id the browser keeps and cannot forge. */
  signVisitor(id = randomBytes(16).toString('base64url')): string {
    return `${id}.${this.mac(id)}`;
  }

  /** The visitor id in a signed cookie value, or null. */
  verifyVisitor(value: string | undefined): string | null {
    const [id, mac, extra] = (value ?? '').split('.');
    if (!id || !mac || extra !== undefined || !/^[A-Za-z0-9_-]{16,40}$/.test(id)) return null;
    const expected = Buffer.from(this.mac(id));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  private mac(id: string): string {
    return createHmac('sha256', this.secret).update(`visitor:${id}`).digest('base64url').slice(0, 32);
  }
}
