import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { apiPathPattern, apiPaths, errorCatalogue, limits, pollCreatingPaths } from '@meydan/proto';
import { defineScripts, type Logger } from '@meydan/kit';
import { clientKey } from './client-ip.js';
import { rateLimitRefusals } from './metrics.js';

/** A class of requests and its limit: `max` requests per `windowS` seconds per key. */
interface LimitClass {
  name: string;
  method?: string;
  path: RegExp;
  max: number;
  windowS: number;
  /** What one client is: the member, or the IP (an IPv6 address by its /64, see client-ip.ts). */
  by: 'ip' | 'user-or-ip';
  /**
   * How the gateways share the count. `exact`: every request asks Redis (the small limits that guard logins and
   * mails). `synced`: counted here and added to Redis's count every SYNC_MS, so the hot paths (every API request,
   * votes) cost no Redis round trip; one gateway is exact, several may together let through up to one sync
   * interval's worth more each.
   */
  shared: 'exact' | 'synced';
  /** Further windows of the same requests (e.g. a daily cap beside the per-minute one), counted alike. */
  more?: { max: number; windowS: number }[];
  /** The 429's text when the catalogue's general one says too little. */
  message?: string;
}

/** Poll creation, by any of its routes (full, share-link, quick): a member's one per-minute and per-day quota. */
export const POLLS_PER_MINUTE = 10;
export const POLLS_PER_DAY = 100;
const rateLimitTexts = {
  pollCreate: `En fazla dakikada ${POLLS_PER_MINUTE}, günde ${POLLS_PER_DAY} anket oluşturabilirsin. Lütfen biraz bekleyip tekrar dene.`,
} as const;

/** The limits the gateway enforces, first match wins. RATE_LIMIT_SCALE multiplies every max (load tests). */
export function limitClasses(scale = 1): LimitClass[] {
  const n = (max: number) => Math.max(1, Math.round(max * scale));
  return [
    {
      name: 'login',
      method: 'POST',
      path: apiPathPattern(apiPaths.login),
      max: n(10),
      windowS: 60,
      by: 'ip',
      shared: 'exact',
    },
    {
      name: 'register',
      method: 'POST',
      path: apiPathPattern(apiPaths.register),
      max: n(10),
      windowS: 3600,
      by: 'ip',
      shared: 'exact',
    },
    // Share-link votes are limited per IP again, exactly, by the polls service in the vote's own Redis step.
    {
      name: 'share-vote',
      method: 'POST',
      path: apiPathPattern(apiPaths.shareVote),
      max: n(30),
      windowS: 60,
      by: 'ip',
      shared: 'synced',
    },
    {
      name: 'poll-create',
      method: 'POST',
      path: anyOf(pollCreatingPaths.map(apiPathPattern)),
      max: n(POLLS_PER_MINUTE),
      windowS: 60,
      by: 'user-or-ip',
      shared: 'exact',
      more: [{ max: n(POLLS_PER_DAY), windowS: 24 * 3600 }],
      message: rateLimitTexts.pollCreate,
    },
    // Each option image is decoded and re-encoded (CPU): a poll has at most 6, and a creator may choose again.
    {
      name: 'option-image',
      method: 'POST',
      path: apiPathPattern(apiPaths.optionImages),
      max: n(30),
      windowS: 60,
      by: 'user-or-ip',
      shared: 'synced',
    },
    {
      name: 'vote',
      method: 'POST',
      path: apiPathPattern(apiPaths.pollVote),
      max: n(60),
      windowS: 60,
      by: 'user-or-ip',
      shared: 'synced',
    },
    {
      name: 'contact',
      method: 'POST',
      path: apiPathPattern(apiPaths.contact),
      max: n(5),
      windowS: 600,
      by: 'ip',
      shared: 'exact',
    },
    {
      name: 'newsletter',
      method: 'POST',
      path: apiPathPattern(apiPaths.newsletterSubscribe),
      max: n(5),
      windowS: 600,
      by: 'ip',
      shared: 'exact',
    },
    { name: 'api', path: /^\/api(\/|$)/i, max: n(600), windowS: 60, by: 'user-or-ip', shared: 'synced' },
  ];
}

/** One pattern matching what any of `patterns` matches. */
function anyOf(patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), 'i');
}

const tierLimits = limits.api.rateLimitsPerHour as Record<string, number>;

/** How often the synced counts are added to Redis's. */
export const SYNC_MS = 100;

/**
 * KEYS: the counter. ARGV: how many to add, window ms. The window starts with the key's first request. Returns the
 * count in the window and the ms left of it.
 */
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

interface HitCommand {
  gatewayRateLimitHit(key: string, add: number, windowMs: number): Promise<[number, number]>;
}

interface Outcome {
  exceeded: boolean;
  max: number;
  remaining: number;
  retryAfterS: number;
}

interface LocalCount {
  /** Requests in the window as far as this gateway knows (its own and, after a sync, the others'). */
  count: number;
  /** This gateway's requests not yet added to Redis. */
  pending: number;
  windowMs: number;
  resetAt: number;
}

/** Fixed windows per key in Redis (shared by every gateway), each class either exact or synced (see LimitClass). */
export class RateCounters {
  private readonly redis: Redis & HitCommand;
  private readonly local = new Map<string, LocalCount>();
  /** The keys with requests not yet added to Redis (a sync looks at these only). */
  private readonly dirty = new Set<string>();
  private syncTimer: NodeJS.Timeout | null = null;
  private lastSweep = Date.now();

  constructor(
    redis: Redis,
    private readonly log: Logger,
  ) {
    this.redis = defineScripts<HitCommand>(redis, { gatewayRateLimitHit: { keys: 1, lua: HIT } });
  }

  /** One request for `key`, asking Redis at once. Redis unreachable: the request goes through (as before). */
  async hitExact(key: string, max: number, windowMs: number): Promise<Outcome> {
    try {
      const [count, ttl] = await this.redis.gatewayRateLimitHit(`rl:${key}`, 1, windowMs);
      return outcome(count, max, ttl);
    } catch (err) {
      this.log.warn({ err }, 'rate limit unavailable');
      return outcome(0, max, windowMs);
    }
  }

  /** One request for `key`, decided on this gateway's count; Redis learns of it within SYNC_MS. */
  hitSynced(key: string, max: number, windowMs: number, now = Date.now()): Outcome {
    let entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, pending: 0, windowMs, resetAt: now + windowMs };
      this.local.set(key, entry);
    }
    entry.count += 1;
    entry.pending += 1;
    this.dirty.add(key);
    if (!this.syncTimer) {
      this.syncTimer = setTimeout(() => void this.sync(), SYNC_MS);
      this.syncTimer.unref();
    }
    return outcome(entry.count, max, entry.resetAt - now);
  }

  /** Adds the pending counts to Redis's and takes over Redis's totals and windows. */
  async sync(): Promise<void> {
    this.syncTimer = null;
    const now = Date.now();
    if (now - this.lastSweep >= 10_000) {
      this.lastSweep = now;
      for (const [key, entry] of this.local) if (entry.resetAt <= now && entry.pending === 0) this.local.delete(key);
    }
    const batch: [string, LocalCount, number][] = [];
    for (const key of this.dirty) {
      const entry = this.local.get(key);
      if (entry && entry.pending > 0) {
        batch.push([key, entry, entry.pending]);
        entry.pending = 0;
      }
    }
    this.dirty.clear();
    if (batch.length === 0) return;
    // One script call per key, sent together: the keys are of many clients, so on many nodes of a cluster.
    const replies = await Promise.allSettled(
      batch.map(([key, entry, add]) => this.redis.gatewayRateLimitHit(`rl:${key}`, add, entry.windowMs)),
    );
    const at = Date.now();
    replies.forEach((reply, i) => {
      if (reply.status === 'rejected') return;
      const [count, ttl] = reply.value;
      const entry = batch[i]![1];
      // Requests counted here since the sync began are still pending: they are on top of Redis's count.
      entry.count = Math.max(entry.count, count + entry.pending);
      entry.resetAt = at + ttl;
    });
    const failed = replies.find((reply): reply is PromiseRejectedResult => reply.status === 'rejected');
    // Redis unreachable: the counts stay local (this gateway is still limited); they are not added later.
    if (failed) this.log.warn({ err: failed.reason }, 'rate limit counts not shared');
  }

  close(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
  }
}

function outcome(count: number, max: number, ttlMs: number): Outcome {
  return {
    exceeded: count > max,
    max,
    remaining: Math.max(0, max - count),
    retryAfterS: Math.max(1, Math.ceil(ttlMs / 1000)),
  };
}

/** Sets up the limit classes on Redis and returns the two hooks that apply them. */
export function installRateLimits(app: FastifyInstance, redis: Redis, scale: number, log: Logger) {
  const counters = new RateCounters(redis, log);
  app.addHook('onClose', async () => counters.close());
  const classes = limitClasses(scale);

  const refuse = (
    reply: FastifyReply,
    retryAfterS: number,
    limitClass: string,
    message: string = errorCatalogue.rate_limited.message,
  ) => {
    rateLimitRefusals.inc({ class: limitClass });
    return reply.code(429).header('retry-after', String(retryAfterS)).send({ error: 'rate_limited', message });
  };

  // Both hooks ask for a request's class: it is looked up once.
  const classOfRequest = new WeakMap<FastifyRequest, LimitClass | undefined>();
  const classOf = (request: FastifyRequest) => {
    if (classOfRequest.has(request)) return classOfRequest.get(request);
    // request.url is already in normal form (paths.ts), the same string the router and the proxy use.
    const path = request.url.split('?')[0] ?? '';
    const found = classes.find((c) => (!c.method || c.method === request.method) && c.path.test(path));
    classOfRequest.set(request, found);
    return found;
  };
  const apply = async (limit: LimitClass, request: FastifyRequest, reply: FastifyReply) => {
    const who = request.gatewayIdentity;
    const key = `${limit.name}:${limit.by === 'user-or-ip' && who.userId ? `u:${who.userId}` : `ip:${clientKey(request.ip)}`}`;
    const windowMs = limit.windowS * 1000;
    const result =
      limit.shared === 'synced'
        ? counters.hitSynced(key, limit.max, windowMs)
        : await counters.hitExact(key, limit.max, windowMs);
    reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', result.remaining);
    let retryAfterS = result.exceeded ? result.retryAfterS : 0;
    // The further windows count only what the first let through (refused requests use up no daily quota).
    for (const window of limit.more ?? []) {
      if (retryAfterS > 0) break;
      const more = await counters.hitExact(`${key}:${window.windowS}s`, window.max, window.windowS * 1000);
      if (more.exceeded) retryAfterS = more.retryAfterS;
    }
    if (retryAfterS > 0) refuse(reply, retryAfterS, limit.name, limit.message);
    return retryAfterS > 0;
  };
  const tierMax = (tier: string | undefined) =>
    Math.max(1, Math.round((tierLimits[tier ?? 'free'] ?? tierLimits['free']!) * scale));

  return {
    counters,
    /** The IP-keyed classes: before the identity is looked up, so a flood costs no lookups past its limit. */
    async beforeIdentity(request: FastifyRequest, reply: FastifyReply) {
      const match = classOf(request);
      if (match?.by === 'ip') await apply(match, request, reply);
    },
    /** The classes keyed by member (they need the identity), then a bearer token's hourly tier limit. */
    async afterIdentity(request: FastifyRequest, reply: FastifyReply) {
      const match = classOf(request);
      if (!match) return;
      if (match.by === 'user-or-ip' && (await apply(match, request, reply))) return;
      const { authMethod, tier, tokenId } = request.gatewayIdentity;
      if (authMethod === 'token') {
        const hourly = await counters.hitExact(`token:${tokenId}`, tierMax(tier), 3600_000);
        if (hourly.exceeded) return refuse(reply, hourly.retryAfterS, 'token');
      }
    },
  };
}
