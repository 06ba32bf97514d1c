import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import cookie from '@fastify/cookie';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { Redis } from 'ioredis';
import type { FromSchema } from 'json-schema-to-ts';
import {
  DEFAULT_SESSION_TTL_DAYS,
  EMBED_VISITOR_HEADER,
  VISITOR_COOKIE,
  errorCatalogue,
  healthSubject,
  matchClientRoute,
  matchEmbedRoute,
  serviceNames,
  type ServiceName,
} from '@meydan/proto';
import {
  IDENTITY_HEADER,
  createFastify,
  methodsAllowedAt,
  signIdentity,
  visitor,
  withoutTraceContext,
  type Bus,
  type Identity,
  type Logger,
  type Readiness,
} from '@meydan/kit';
import { serviceUrlVar, trustProxyOption, type gatewayConfigSchema } from './config.js';
import { FAILED_LOOKUPS_PER_MINUTE, IdentityResolver } from './identity.js';
import { SessionReader } from './sessions.js';
import { redactingLogger } from './log-redaction.js';
import { installRateLimits } from './rate-limits.js';
import { clientKey } from './client-ip.js';
import { OpenSockets } from './sockets.js';
import { exceptLoadGenerators, loadGenerators } from './load-generators.js';
import { OpenApiDocuments, documentedRoutes } from './openapi.js';
import { PublicAnswerCache, type UpstreamAnswer } from './public-cache.js';
import { StaticAssets } from './static-assets.js';
import { LinkPreviews } from './link-previews.js';
import { allowFraming, embedSecurityHeaders } from './embeds.js';
import { mayTryAnother, upstreamFailureOf, Upstreams } from './upstreams.js';
import { routingTable } from './routing-table.js';
import { normalizeUrl, pathTexts } from './paths.js';
import { MAX_URL_LENGTH, isBodyTooLarge, limitBody } from './request-limits.js';
import { adminGuard, isForeignOrigin, originCheck, sendSecurityHeaders } from './security.js';

export type GatewayConfig = FromSchema<typeof gatewayConfigSchema>;

export interface GatewayDeps {
  config: GatewayConfig;
  log: Logger;
  bus: Bus;
  /** The gateway's own keys (rate limits, failed lookups). */
  redis: Redis;
  /** Auth's session store: a connection with auth's key prefix (proto's SESSION_STORE_PREFIX), read only. */
  sessionRedis: Redis;
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
/**
 * Where a visitor without an account gets a signed visitor cookie: reading a share link or the feed. Only safe
 * requests hand one out, so a burst of cookieless POSTs (votes, shares) cannot mint a fresh voter or sharer each time:
 * they arrive without a visitor id and count for nothing.
 */
const issuesVisitorCookie = (method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && /^\/api\/(s|polls)(\/|$)/i.test(path);
/** The realtime socket, where a foreign Origin gets no session. */
const SOCKET = /^\/ws(\/|$)/i;
/** Marks a raw request whose path `normalizeUrl` refused. */
const AMBIGUOUS_PATH = Symbol('meydan.ambiguousPath');
/** Marks a raw request whose target is longer than MAX_URL_LENGTH. */
const URL_TOO_LONG = Symbol('meydan.urlTooLong');
/** Largest websocket frame the gateway accepts or relays (socket.io messages are far smaller). */
export const MAX_SOCKET_FRAME_BYTES = 1024 * 1024;

/** Client-sent headers that could pose as an identity: never forwarded. */
const SPOOFABLE = /^x-(meydan-|user-|userid|user_id|role|identity)/i;

function upstreamOf(config: GatewayConfig, service: ServiceName): string {
  return config[serviceUrlVar(service)];
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
        const readiness = await bus.request(healthSubject(service), null, { requestId }, timeoutMs);
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
  const sessionStore = new SessionReader(deps.sessionRedis, (config.SESSION_TTL_DAYS ?? DEFAULT_SESSION_TTL_DAYS) * 24 * 3600, deps.log);
  const identities = new IdentityResolver(bus, sessionStore, deps.log, config.INTERNAL_SECRET, config.SESSION_CACHE_MS ?? 5000, {
    redis: deps.redis,
    max: Math.max(1, Math.round(FAILED_LOOKUPS_PER_MINUTE * (config.RATE_LIMIT_SCALE ?? 1))),
  });
  const allowedOrigins = new Set(
    [config.PUBLIC_ORIGIN ?? '', ...(config.ALLOWED_ORIGINS ?? '').split(',')].map((o) => o.trim().toLowerCase()).filter(Boolean),
  );
  const staticAssets = new StaticAssets(config.WEB_DIST);
  const embedHeaders = embedSecurityHeaders(config.PUBLIC_ORIGIN ?? 'http://localhost:8080');
  const linkPreviews = new LinkPreviews(bus, deps.log, (config.PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/+$/, ''));

  const notFound: RouteHandlerMethod = async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = /^\/api(\/|$)/i.test(path);
    if (isApi) {
      // A method the proxy does not forward (TRACE, CONNECT…) at an address the API has: 405 with what it takes.
      const allowed = methodsAllowedAt(documentedRoutes((await openApi.get(request.id)).docs.every), path);
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ error: 'method_not_allowed', message: errorCatalogue.method_not_allowed.message });
      }
    }
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'route_not_found', message: errorCatalogue.route_not_found.message });
    }
    // An embed: the one kind of page another site may frame.
    const embed = matchEmbedRoute(path);
    if (embed) {
      allowFraming(reply, embedHeaders);
      return staticAssets.sendShell(request, reply, await linkPreviews.embedStatus(embed, request.id));
    }
    // A poll's page: its link-preview tags, or 404 when there is no such poll.
    const pollPage = await linkPreviews.answer(path, request.id);
    if (pollPage?.tags) return staticAssets.sendShellWithPreview(reply, pollPage.status, pollPage.tags);
    if (pollPage) return staticAssets.sendShell(request, reply, pollPage.status);
    // Every client route gets the SPA shell; unknown paths get it too, with 404, and the SPA says so.
    const known = matchClientRoute(path) !== null;
    return staticAssets.sendShell(request, reply, known ? 200 : 404);
  };

  const app = createFastify(redactingLogger(deps.log), {
    notFound,
    accessLogLevel: 'info',
    trustProxy: trustProxyOption(config.TRUST_PROXY ?? 'false'),
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS ?? 30_000,
    // One normal form for every path (paths.ts): what the guards decide on is what the router and proxy use.
    rewriteUrl: (raw) => {
      const url = raw.url ?? '/';
      if (url.length > MAX_URL_LENGTH) {
        (raw as IncomingMessage & { [URL_TOO_LONG]?: boolean })[URL_TOO_LONG] = true;
        return '/';
      }
      const normal = normalizeUrl(url);
      if (normal === null) (raw as IncomingMessage & { [AMBIGUOUS_PATH]?: boolean })[AMBIGUOUS_PATH] = true;
      return normal ?? '/';
    },
  });
  app.decorateRequest('gatewayIdentity', null as unknown as GatewayIdentity);
  // Bodies go to the services as sent (the proxy's catch-all parser); the gateway parses none itself.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', sendSecurityHeaders(config.PUBLIC_ORIGIN ?? 'http://localhost:8080'));
  await app.register(cookie);
  const rateLimits = installRateLimits(app, deps.redis, config.RATE_LIMIT_SCALE ?? 1, deps.log);

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    request.gatewayIdentity = { ...visitor, ip: request.ip, visitorId: null, authMethod: null };
    if ((request.raw as { [URL_TOO_LONG]?: boolean })[URL_TOO_LONG]) {
      request.log.warn({ length: request.originalUrl.length }, 'request target too long');
      return reply.code(414).send({ error: 'uri_too_long', message: errorCatalogue.uri_too_long.message });
    }
    if ((request.raw as { [AMBIGUOUS_PATH]?: boolean })[AMBIGUOUS_PATH]) {
      request.log.warn({ url: request.originalUrl }, 'ambiguous path refused');
      return reply.code(400).send({ error: 'invalid_path', message: pathTexts.invalid });
    }
  });
  // The cheap checks first: a refused request costs no identity lookup.
  app.addHook('onRequest', originCheck(allowedOrigins));
  const loadGeneratorList = loadGenerators(config.RATE_LIMIT_ALLOWLIST ?? '');
  app.addHook('onRequest', exceptLoadGenerators(loadGeneratorList, rateLimits.beforeIdentity));
  // Who is calling: resolved once here, then signed into every request forwarded to a service.
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!NEEDS_IDENTITY.test(request.url)) return;
    // A page on another site may open our socket, but never with the member's session.
    if (SOCKET.test(request.url) && isForeignOrigin(request, allowedOrigins)) return;
    const { lookupRefused, ...resolved } = await identities.resolve(request.cookies, request.headers.authorization, request.id, clientKey(request.ip));
    if (lookupRefused) request.log.warn({ ip: request.ip, credential: lookupRefused }, 'too many failed identity lookups');
    if (lookupRefused === 'token') {
      return reply.code(429).header('retry-after', '60').send({ error: 'rate_limited', message: errorCatalogue.rate_limited.message });
    }
    Object.assign(request.gatewayIdentity, resolved);
    const embedVisitor = request.headers[EMBED_VISITOR_HEADER];
    let visitorId =
      identities.verifyVisitor(request.cookies[VISITOR_COOKIE]) ?? identities.verifyVisitor(typeof embedVisitor === 'string' ? embedVisitor : undefined);
    if (!visitorId && issuesVisitorCookie(request.method, request.url.split('?')[0] ?? '')) {
      const signed = identities.signVisitor();
      visitorId = identities.verifyVisitor(signed);
      reply.setCookie(VISITOR_COOKIE, signed, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: 365 * 24 * 3600 });
    }
    request.gatewayIdentity.visitorId = visitorId;
  });
  const sockets = new OpenSockets(config.RATE_LIMIT_SCALE ?? 1, deps.sessionRedis, bus, deps.log, config.SOCKET_SESSION_CHECK_MS ?? 60_000);
  app.addHook('onClose', async () => sockets.stop());
  app.addHook('onRequest', sockets.admit);
  app.addHook('onRequest', adminGuard);
  app.addHook('onRequest', exceptLoadGenerators(loadGeneratorList, rateLimits.afterIdentity));
  app.addHook('preParsing', limitBody);
  const publicAnswers = new PublicAnswerCache();
  // However a request ends, one that was fetching an answer for others lets them go on.
  app.addHook('onResponse', (request, _reply, done) => {
    publicAnswers.fetchOver(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    publicAnswers.fetchOver(request);
    done();
  });

  /** The identity signed for exactly this request: its method, its (normal) path and the service it goes to. */
  const signedHeaders = (request: FastifyRequest, headers: Record<string, unknown>, service: ServiceName) => {
    const { userId, role, visitorId, ip, authMethod } = request.gatewayIdentity;
    const binding = { method: request.method, path: request.url.split('?')[0] ?? '/', service };
    return {
      ...withoutTraceContext(withoutSpoofable(headers)),
      'x-request-id': request.id,
      [IDENTITY_HEADER]: signIdentity({ userId, role, visitorId, ip, authMethod }, config.INTERNAL_SECRET, binding),
    };
  };

  app.get('/healthz', async () => ({ service: 'gateway', alive: true }));
  app.get('/readyz', async (_request, reply) => {
    const nats = !bus.nc.isClosed();
    const redis = deps.redis.status === 'ready' && deps.sessionRedis.status === 'ready';
    const ready = nats && redis;
    return reply.code(ready ? 200 : 503).send({ service: 'gateway', ready, checks: { nats, redis } });
  });
  // An embed's visitor id (embeds.ts): signed like the visitor cookie, kept by the embed in its own storage.
  app.get('/api/embed/visitor', async (_request, reply) => reply.header('cache-control', 'no-store').send({ visitor: identities.signVisitor() }));
  app.get('/api/health', async (request, reply) => {
    const health = await servicesHealth(bus, config.HEALTH_TIMEOUT_MS ?? 1500, request.id);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });

  const openApi = new OpenApiDocuments(
    bus,
    deps.log,
    config.PUBLIC_ORIGIN ?? 'http://localhost:8080',
    config.OPENAPI_CACHE_MS ?? 300_000,
    config.HEALTH_TIMEOUT_MS ?? 1500,
  );
  // The whole public API, from the services' own route schemas; the admin routes only for administrators (the admin
  // guard stands before /api/admin/*, this path too).
  for (const [url, audience] of [['/api/openapi.json', 'public'], ['/api/admin/openapi.json', 'admin']] as const) {
    app.get(url, async (request, reply) => {
      const { docs, missing } = await openApi.get(request.id);
      if (missing.length === serviceNames.length) {
        return reply.code(503).send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
      }
      if (missing.length > 0) reply.header('x-openapi-missing', missing.join(','));
      return reply.header('cache-control', audience === 'admin' ? 'private, no-cache' : 'no-cache').send(docs[audience]);
    });
  }

  for (const route of routingTable) {
    const upstreams = Upstreams.parse(upstreamOf(config, route.service));
    const chosen = new WeakMap<object, string>();
    const attempts = new WeakMap<object, number>();
    // One replica: a fixed upstream. Several: each request (and socket) to the next in turn.
    const replicas = upstreams.urls.length > 1;
    const options: FastifyHttpProxyOptions = {
      upstream: replicas ? '' : upstreams.urls[0]!,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      replyOptions: {
        ...(replicas
          ? {
              getUpstream: (request: object) => {
                const url = upstreams.pick();
                chosen.set(request, url);
                return url;
              },
            }
          : {}),
        rewriteRequestHeaders: (request, headers) => signedHeaders(request as FastifyRequest, headers, route.service),
        onResponse: (request, reply, upstream) => {
          publicAnswers.relay(request as FastifyRequest, reply as FastifyReply, upstream as unknown as UpstreamAnswer).catch((err: unknown) => {
            reply.request.log.warn({ err, service: route.service }, 'upstream answer broke off');
            if (!reply.sent) {
              reply.removeHeader('content-length');
              reply.code(503).send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
            }
          });
        },
        onError: (reply, { error }) => {
          if (isBodyTooLarge(error)) {
            reply.request.log.info({ service: route.service }, 'body over the limit stopped');
            return reply.code(413).header('connection', 'close').send({ error: 'payload_too_large', message: errorCatalogue.payload_too_large.message });
          }
          const url = chosen.get(reply.request);
          const failure = upstreamFailureOf(error);
          if (url && failure) upstreams.markDown(url);
          const tries = (attempts.get(reply.request) ?? 1) + 1;
          if (url && tries <= upstreams.urls.length && mayTryAnother(reply.request.method, failure)) {
            const other = upstreams.pick();
            if (other !== url && upstreams.isUp(other)) {
              attempts.set(reply.request, tries);
              chosen.set(reply.request, other);
              reply.request.log.warn({ err: error, service: route.service, upstream: url, retry: other }, 'upstream replica unreachable: asking another');
              return reply.from(reply.request.url.split('?', 1)[0]!, { ...options.replyOptions, getUpstream: () => other });
            }
          }
          reply.request.log.warn({ err: error, service: route.service, upstream: url }, 'upstream unreachable');
          reply.code(503).send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
        },
      },
    };
    if (route.websocket) {
      // The websocket upgrade is signed the same way (its request has been through onRequest). Cookies stay
      // here: the notifications service learns who is connecting from the signed identity alone.
      const wsClientOptions = {
        rewriteRequestHeaders: (headers: Record<string, unknown>, request: FastifyRequest) => signedHeaders(request, headers, route.service),
        maxPayload: MAX_SOCKET_FRAME_BYTES,
      } as FastifyHttpProxyOptions['wsClientOptions'];
      const wsServerOptions = { maxPayload: MAX_SOCKET_FRAME_BYTES };
      await app.register(httpProxy, { ...options, websocket: true, wsClientOptions, wsServerOptions });
    } else {
      await app.register(httpProxy, { ...options, preHandler: publicAnswers.serveStored });
    }
  }

  await staticAssets.register(app);

  return app;
}
