import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import type { FromSchema } from 'json-schema-to-ts';
import { errorCatalogue, healthSubject, matchClientRoute, serviceNames, type ServiceName } from '@meydan/proto';
import {
  IDENTITY_HEADER,
  createFastify,
  signIdentity,
  visitor,
  type Bus,
  type Identity,
  type Logger,
  type Readiness,
} from '@meydan/kit';
import type { gatewayConfigSchema } from './config.js';
import { IdentityResolver, VISITOR_COOKIE } from './identity.js';
import { installRateLimits } from './rate-limits.js';
import { routingTable } from './routing-table.js';
import { adminGuard, helmetOptions, originCheck } from './security.js';

export type GatewayConfig = FromSchema<typeof gatewayConfigSchema>;

export interface GatewayDeps {
  config: GatewayConfig;
  log: Logger;
  bus: Bus;
  redis: Redis;
}

/** The caller as the gateway decided, plus what only the gateway needs (token tier for its limits). */
export type GatewayIdentity = Identity & { tier?: string | undefined; tokenId?: string | undefined };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the caller is, decided here and nowhere else. */
    gatewayIdentity: GatewayIdentity;
  }
}

/** Paths whose callers need an identity: the API and the realtime socket. */
const NEEDS_IDENTITY = /^\/(api|ws)(\/|$|\?)/i;
/** Share-link routes, where a visitor without an account gets a signed visitor cookie. */
const SHARE_LINK = /^\/api\/s\//i;

/** Client-sent headers that could pose as an identity: never forwarded. */
const SPOOFABLE = /^x-(meydan-|user-|userid|user_id|role|identity)/i;

function upstreamOf(config: GatewayConfig, service: ServiceName): string {
  const urls: Record<ServiceName, string> = {
    auth: config.AUTH_URL,
    polls: config.POLLS_URL,
    social: config.SOCIAL_URL,
    notifications: config.NOTIFICATIONS_URL,
    contact: config.CONTACT_URL,
    admin: config.ADMIN_URL,
  };
  return urls[service];
}

function withoutSpoofable(headers: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) if (!SPOOFABLE.test(name)) clean[name] = value;
  return clean;
}

/** Asks every service over NATS whether it is ready. */
export async function servicesHealth(bus: Bus, timeoutMs: number, requestId: string) {
  const entries = await Promise.all(
    serviceNames.map(async (service) => {
      try {
        const readiness = await bus.request<Readiness>(healthSubject(service), null, { requestId }, timeoutMs);
        return [service, { ready: readiness.ready, checks: readiness.checks }] as const;
      } catch (err) {
        const reason = (err as { code?: string }).code ?? 'error';
        return [service, { ready: false, reason }] as const;
      }
    }),
  );
  const services = Object.fromEntries(entries);
  const missing = entries.filter(([, s]) => !s.ready).map(([name]) => name);
  return { status: missing.length === 0 ? 'ok' : 'degraded', services, missing };
}

/**
 * The public entry: `/api/*` proxied to the owning service with a signed identity, `/ws` to the
 * notifications service, `/api/health` from every service's NATS health responder, and the SPA.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, bus } = deps;
  const https = (config.PUBLIC_ORIGIN ?? '').startsWith('https://');
  const identities = new IdentityResolver(bus, deps.log, config.INTERNAL_SECRET, config.SESSION_CACHE_MS ?? 5000);
  const allowedOrigins = new Set(
    [config.PUBLIC_ORIGIN ?? '', ...(config.ALLOWED_ORIGINS ?? '').split(',')].map((o) => o.trim().toLowerCase()).filter(Boolean),
  );
  const webDist = resolve(config.WEB_DIST);
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`WEB_DIST has no index.html: ${indexFile} (run npm run build)`);
  const indexHtml = readFileSync(indexFile);

  const notFound: RouteHandlerMethod = (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = /^\/api(\/|$)/i.test(path);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'route_not_found', message: errorCatalogue.route_not_found.message });
    }
    // Every client route gets the SPA shell; unknown paths get it too, with 404, and the SPA says so.
    const known = matchClientRoute(path) !== null;
    return reply
      .code(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };

  const trustProxy = config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY === 'false' ? false : (config.TRUST_PROXY ?? false);
  const app = createFastify(deps.log, { notFound, trustProxy });
  app.decorateRequest('gatewayIdentity', null as unknown as GatewayIdentity);
  await app.register(helmet, helmetOptions(https));
  await app.register(cookie);
  const applyRateLimits = await installRateLimits(app, deps.redis, config.RATE_LIMIT_SCALE ?? 1);
  const checkOrigin = originCheck(allowedOrigins);

  // Who is calling: resolved once here, then signed into every request forwarded to a service.
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    request.gatewayIdentity = { ...visitor, ip: request.ip, visitorId: null, authMethod: null };
    if (!NEEDS_IDENTITY.test(request.url)) return;
    const resolved = await identities.resolve(request.cookies, request.headers.authorization, request.id);
    Object.assign(request.gatewayIdentity, resolved);
    let visitorId = identities.verifyVisitor(request.cookies[VISITOR_COOKIE]);
    if (!visitorId && SHARE_LINK.test(request.url)) {
      const signed = identities.signVisitor();
      visitorId = identities.verifyVisitor(signed);
      reply.setCookie(VISITOR_COOKIE, signed, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: 365 * 24 * 3600 });
    }
    request.gatewayIdentity.visitorId = visitorId;
  });
  app.addHook('onRequest', checkOrigin);
  app.addHook('onRequest', adminGuard);
  app.addHook('onRequest', applyRateLimits);

  const signedHeaders = (request: FastifyRequest, headers: Record<string, unknown>) => {
    const { userId, role, visitorId, ip, authMethod } = request.gatewayIdentity;
    return {
      ...withoutSpoofable(headers),
      'x-request-id': request.id,
      [IDENTITY_HEADER]: signIdentity({ userId, role, visitorId, ip, authMethod }, config.INTERNAL_SECRET),
    };
  };

  app.get('/healthz', async () => ({ service: 'gateway', alive: true }));
  app.get('/readyz', async (_request, reply) => {
    const nats = !bus.nc.isClosed();
    const redis = deps.redis.status === 'ready';
    const ready = nats && redis;
    return reply.code(ready ? 200 : 503).send({ service: 'gateway', ready, checks: { nats, redis } });
  });
  app.get('/api/health', async (request, reply) => {
    const health = await servicesHealth(bus, config.HEALTH_TIMEOUT_MS ?? 1500, request.id);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });

  for (const route of routingTable) {
    const options: FastifyHttpProxyOptions = {
      upstream: upstreamOf(config, route.service),
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => signedHeaders(request as FastifyRequest, headers),
        onError: (reply, { error }) => {
          reply.request.log.warn({ err: error, service: route.service }, 'upstream unreachable');
          reply.code(503).send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
        },
      },
    };
    if (route.websocket) {
      // The websocket upgrade is signed the same way (its request has been through onRequest). Cookies stay
      // here: the notifications service learns who is connecting from the signed identity alone.
      const wsClientOptions = {
        rewriteRequestHeaders: (headers: Record<string, unknown>, request: FastifyRequest) => signedHeaders(request, headers),
      } as FastifyHttpProxyOptions['wsClientOptions'];
      await app.register(httpProxy, { ...options, websocket: true, wsClientOptions });
    } else {
      await app.register(httpProxy, options);
    }
  }

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    maxAge: '1h',
    // The service worker must be checked on every load so a new release is found at once (its files are hashed).
    setHeaders: (reply, path) => {
      if (/[\\/]sw\.js$/.test(path)) reply.header('cache-control', 'no-cache');
      else if (path.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
    },
  });

  return app;
}
