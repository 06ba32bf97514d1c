import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { apiPathPattern, apiPaths, errorCatalogue, limits } from '@meydan/proto';

/** A class of requests and its limit: `max` requests per `windowS` seconds per key. */
interface LimitClass {
  name: string;
  method?: string;
  path: RegExp;
  max: number;
  windowS: number;
  /** What one client is: the member, the visitor cookie, or the IP. */
  by: 'ip' | 'user-or-ip';
}

/** The limits the gateway enforces, first match wins. RATE_LIMIT_SCALE multiplies every max (load tests). */
export function limitClasses(scale = 1): LimitClass[] {
  const n = (max: number) => Math.max(1, Math.round(max * scale));
  return [
    { name: 'login', method: 'POST', path: apiPathPattern(apiPaths.login), max: n(10), windowS: 60, by: 'ip' },
    { name: 'register', method: 'POST', path: apiPathPattern(apiPaths.register), max: n(10), windowS: 3600, by: 'ip' },
    { name: 'share-vote', method: 'POST', path: apiPathPattern(apiPaths.shareVote), max: n(30), windowS: 60, by: 'ip' },
    { name: 'vote', method: 'POST', path: apiPathPattern(apiPaths.pollVote), max: n(60), windowS: 60, by: 'user-or-ip' },
    { name: 'contact', method: 'POST', path: apiPathPattern(apiPaths.contact), max: n(5), windowS: 600, by: 'ip' },
    { name: 'newsletter', method: 'POST', path: apiPathPattern(apiPaths.newsletterSubscribe), max: n(5), windowS: 600, by: 'ip' },
    { name: 'api', path: /^\/api(\/|$)/i, max: n(600), windowS: 60, by: 'user-or-ip' },
  ];
}

const tierLimits = limits.api.rateLimitsPerHour as Record<string, number>;

type Checker = (request: FastifyRequest) => Promise<{ isExceeded: boolean; max: number; remaining: number; ttlInSeconds: number }>;

/** Registers @fastify/rate-limit on Redis and returns the two hooks that apply the classes. */
export async function installRateLimits(app: FastifyInstance, redis: Redis, scale = 1) {
  await app.register(rateLimit, { global: false, redis, nameSpace: 'rl:', skipOnError: true });
  const classes = limitClasses(scale).map((c) => ({
    ...c,
    check: app.createRateLimit({
      max: c.max,
      timeWindow: c.windowS * 1000,
      keyGenerator: (request: FastifyRequest) => {
        const who = request.gatewayIdentity;
        const key = c.by === 'user-or-ip' && who.userId ? `u:${who.userId}` : `ip:${request.ip}`;
        return `${c.name}:${key}`;
      },
    }) as unknown as Checker,
  }));
  const tierCheckers = new Map<string, Checker>(
    Object.entries(tierLimits).map(([tier, max]) => [
      tier,
      app.createRateLimit({
        max: Math.max(1, Math.round(max * scale)),
        timeWindow: 3600_000,
        keyGenerator: (request: FastifyRequest) => `token:${request.gatewayIdentity.tokenId}`,
      }) as unknown as Checker,
    ]),
  );

  const refuse = (reply: FastifyReply, ttlInSeconds: number) =>
    reply
      .code(429)
      .header('retry-after', String(Math.max(1, ttlInSeconds)))
      .send({ error: 'rate_limited', message: errorCatalogue.rate_limited.message });

  const classOf = (request: FastifyRequest) => {
    // request.url is already in normal form (paths.ts), the same string the router and the proxy use.
    const path = request.url.split('?')[0] ?? '';
    return classes.find((c) => (!c.method || c.method === request.method) && c.path.test(path));
  };
  const apply = async (check: Checker, request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', Math.max(0, result.remaining));
    if (result.isExceeded) refuse(reply, result.ttlInSeconds);
    return result.isExceeded;
  };

  return {
    /** The IP-keyed classes: before the identity is looked up, so a flood costs no lookups past its limit. */
    async beforeIdentity(request: FastifyRequest, reply: FastifyReply) {
      const match = classOf(request);
      if (match?.by === 'ip') await apply(match.check, request, reply);
    },
    /** The classes keyed by member (they need the identity), then a bearer token's hourly tier limit. */
    async afterIdentity(request: FastifyRequest, reply: FastifyReply) {
      const match = classOf(request);
      if (!match) return;
      if (match.by === 'user-or-ip' && (await apply(match.check, request, reply))) return;
      const { authMethod, tier } = request.gatewayIdentity;
      if (authMethod === 'token') {
        const perTier = tierCheckers.get(tier ?? 'free') ?? tierCheckers.get('free')!;
        const hourly = await perTier(request);
        if (hourly.isExceeded) return refuse(reply, hourly.ttlInSeconds);
      }
    },
  };
}
