import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import cookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import {
  DEFAULT_SESSION_TTL_DAYS,
  EMBED_VISITOR_HEADER,
  VISITOR_COOKIE,
  errorCatalogue,
  healthSubject,
  matchClientRoute,
  matchEmbedRoute,
  serviceNames,
  type MfaState,
} from '@meydan/proto';
import {
  createFastify,
  loadSheddingOf,
  methodsAllowedAt,
  shedLoad,
  visitor,
  type Bus,
  type Identity,
  type Logger,
} from '@meydan/kit';
import { trustProxyOption, type GatewayConfig } from './config.js';
import { FAILED_LOOKUPS_PER_MINUTE, IdentityResolver } from './identity.js';
import { SessionReader } from './sessions.js';
import { redactingLogger } from './log-redaction.js';
import { installRateLimits } from './rate-limits.js';
import { clientKey } from './client-ip.js';
import { OpenSockets } from './sockets.js';
import { exceptLoadGenerators, loadGenerators } from './load-generators.js';
import { OpenApiDocuments, documentedRoutes } from './openapi.js';
import { PublicAnswerCache } from './public-cache.js';
import { StaticAssets } from './static-assets.js';
import { LinkPreviews } from './link-previews.js';
import { ServerRender } from './server-render.js';
import { allowFraming, embedSecurityHeaders } from './embeds.js';
import { addProxyRoutes } from './proxy-routes.js';
import { normalizeUrl, pathTexts, readsOnly } from './paths.js';
import { MAX_URL_LENGTH, limitBody } from './request-limits.js';
import { adminGuard, isForeignOrigin, originCheck, sendSecurityHeaders } from './security.js';

export { MAX_SOCKET_FRAME_BYTES } from './proxy-routes.js';

export type { GatewayConfig } from './config.js';

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
export type GatewayIdentity = Identity & {
  tier?: string | undefined;
  tokenId?: string | undefined;
  mfaState?: MfaState | null | undefined;
};

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
  readsOnly(method) && /^\/api\/(s|polls)(\/|$)/i.test(path);
/** The realtime socket, where a foreign Origin gets no session. */
const SOCKET = /^\/ws(\/|$)/i;
/** Marks a raw request whose path `normalizeUrl` refused. */
const AMBIGUOUS_PATH = Symbol('meydan.ambiguousPath');
/** Marks a raw request whose target is longer than MAX_URL_LENGTH. */
const URL_TOO_LONG = Symbol('meydan.urlTooLong');

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
 * notifications service, `/api/health` from every service's NATS health responder, and the SPA. Each step below
 * adds its hooks in the order a request meets them.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, bus, log } = deps;
  const origin = config.PUBLIC_ORIGIN ?? 'http://localhost:8080';
  const identities = identityResolver(deps);
  const allowedOrigins = allowedOriginsOf(config);
  const pages = {
    staticAssets: new StaticAssets(config.WEB_DIST),
    embedHeaders: embedSecurityHeaders(origin),
    linkPreviews: new LinkPreviews(bus, log, origin.replace(/\/+$/, '')),
    serverRender: await ServerRender.load(
      config.WEB_SERVER_RENDER ?? join(config.WEB_DIST, '..', 'dist-server', 'entry-server.js'),
      log,
    ),
    openApi: new OpenApiDocuments(
      bus,
      log,
      origin,
      config.OPENAPI_CACHE_MS ?? 300_000,
      config.OPENAPI_TIMEOUT_MS ?? 5000,
    ),
  };

  const app = createFastify(redactingLogger(log), {
    notFound: pageOrNotFound(pages),
    accessLogLevel: 'info',
    trustProxy: trustProxyOption(config.TRUST_PROXY ?? 'false'),
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS ?? 30_000,
    rewriteUrl: normalPath,
  });
  app.decorateRequest('gatewayIdentity', null as unknown as GatewayIdentity);
  // Bodies go to the services as sent (the proxy's catch-all parser); the gateway parses none itself.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', sendSecurityHeaders(origin));
  // Refused first when overloaded: a shed request costs no cookie parsing, rate-limit count or identity lookup.
  await shedLoad(app, loadSheddingOf(config));
  await app.register(cookie);
  const rateLimits = installRateLimits(app, deps.redis, config.RATE_LIMIT_SCALE ?? 1, log);
  refuseUnusablePaths(app);
  // The cheap checks first: a refused request costs no identity lookup.
  app.addHook('onRequest', originCheck(allowedOrigins));
  const loadGeneratorList = loadGenerators(config.RATE_LIMIT_ALLOWLIST ?? '');
  app.addHook('onRequest', exceptLoadGenerators(loadGeneratorList, rateLimits.beforeIdentity));
  resolveIdentities(app, identities, allowedOrigins, origin.startsWith('https://'));
  admitSockets(app, deps);
  app.addHook('onRequest', adminGuard);
  app.addHook('onRequest', exceptLoadGenerators(loadGeneratorList, rateLimits.afterIdentity));
  app.addHook('preParsing', limitBody);
  const publicAnswers = sharePublicAnswers(app);

  addHealthRoutes(app, deps);
  addEmbedVisitorRoute(app, identities);
  addOpenApiRoutes(app, pages.openApi);
  await addProxyRoutes(app, config, publicAnswers);
  await pages.staticAssets.register(app);
  return app;
}

/** Who is calling, from auth's session store or an API token; failed lookups counted in the gateway's Redis. */
function identityResolver({ config, bus, log, redis, sessionRedis }: GatewayDeps): IdentityResolver {
  const sessionStore = new SessionReader(
    sessionRedis,
    (config.SESSION_TTL_DAYS ?? DEFAULT_SESSION_TTL_DAYS) * 24 * 3600,
    log,
  );
  return new IdentityResolver(bus, sessionStore, log, config.INTERNAL_SECRET, config.SESSION_CACHE_MS ?? 5000, {
    redis,
    max: Math.max(1, Math.round(FAILED_LOOKUPS_PER_MINUTE * (config.RATE_LIMIT_SCALE ?? 1))),
  });
}

/** The site's own origin and the ones ALLOWED_ORIGINS adds, lower case. */
function allowedOriginsOf(config: GatewayConfig): Set<string> {
  return new Set(
    [config.PUBLIC_ORIGIN ?? '', ...(config.ALLOWED_ORIGINS ?? '').split(',')]
      .map((o) => o.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * One normal form for every path (paths.ts): what the guards decide on is what the router and proxy use. A target
 * too long or a path `normalizeUrl` refused is marked on the raw request and routed to `/`, for refuseUnusablePaths.
 */
function normalPath(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  if (url.length > MAX_URL_LENGTH) {
    (raw as IncomingMessage & { [URL_TOO_LONG]?: boolean })[URL_TOO_LONG] = true;
    return '/';
  }
  const normal = normalizeUrl(url);
  if (normal === null) (raw as IncomingMessage & { [AMBIGUOUS_PATH]?: boolean })[AMBIGUOUS_PATH] = true;
  return normal ?? '/';
}

/** Every request starts as a visitor; one whose target normalPath marked ends here with 414 or 400. */
function refuseUnusablePaths(app: FastifyInstance): void {
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
}

/** Who is calling: resolved once here, then signed into every request forwarded to a service. */
function resolveIdentities(
  app: FastifyInstance,
  identities: IdentityResolver,
  allowedOrigins: Set<string>,
  https: boolean,
): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!NEEDS_IDENTITY.test(request.url)) return;
    // A page on another site may open our socket, but never with the member's session.
    if (SOCKET.test(request.url) && isForeignOrigin(request, allowedOrigins)) return;
    const { lookupRefused, ...resolved } = await identities.resolve(
      request.cookies,
      request.headers.authorization,
      request.id,
      clientKey(request.ip),
    );
    if (lookupRefused)
      request.log.warn({ ip: request.ip, credential: lookupRefused }, 'too many failed identity lookups');
    if (lookupRefused === 'token') {
      return reply
        .code(429)
        .header('retry-after', '60')
        .send({ error: 'rate_limited', message: errorCatalogue.rate_limited.message });
    }
    Object.assign(request.gatewayIdentity, resolved);
    const embedVisitor = request.headers[EMBED_VISITOR_HEADER];
    let visitorId =
      identities.verifyVisitor(request.cookies[VISITOR_COOKIE]) ??
      identities.verifyVisitor(typeof embedVisitor === 'string' ? embedVisitor : undefined);
    if (!visitorId && issuesVisitorCookie(request.method, request.url.split('?')[0] ?? '')) {
      const signed = identities.signVisitor();
      // `<id>.<tag>`, just signed: no need to check it.
      visitorId = signed.slice(0, signed.indexOf('.'));
      reply.setCookie(VISITOR_COOKIE, signed, {
        httpOnly: true,
        sameSite: 'lax',
        secure: https,
        path: '/',
        maxAge: 365 * 24 * 3600,
      });
    }
    request.gatewayIdentity.visitorId = visitorId;
  });
}

/** The cap on open sockets per member and per visitor's address, and their sessions checked while they stay open. */
function admitSockets(app: FastifyInstance, { config, sessionRedis, bus, log }: GatewayDeps): void {
  const sockets = new OpenSockets(
    config.RATE_LIMIT_SCALE ?? 1,
    sessionRedis,
    bus,
    log,
    config.SOCKET_SESSION_CHECK_MS ?? 60_000,
  );
  app.addHook('onClose', async () => sockets.stop());
  app.addHook('onRequest', sockets.admit);
}

/** Public answers shared between callers asking for the same one at once (public-cache.ts). */
function sharePublicAnswers(app: FastifyInstance): PublicAnswerCache {
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
  return publicAnswers;
}

/** `/healthz` and `/readyz` of the gateway itself, `/api/health` of every service. */
function addHealthRoutes(app: FastifyInstance, { config, bus, redis, sessionRedis }: GatewayDeps): void {
  app.get('/healthz', async () => ({ service: 'gateway', alive: true }));
  app.get('/readyz', async (_request, reply) => {
    const nats = !bus.nc.isClosed();
    const redisReady = redis.status === 'ready' && sessionRedis.status === 'ready';
    const ready = nats && redisReady;
    return reply.code(ready ? 200 : 503).send({ service: 'gateway', ready, checks: { nats, redis: redisReady } });
  });
  app.get('/api/health', async (request, reply) => {
    const health = await servicesHealth(bus, config.HEALTH_TIMEOUT_MS ?? 1500, request.id);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });
}

/** An embed's visitor id (embeds.ts): signed like the visitor cookie, kept by the embed in its own storage. */
function addEmbedVisitorRoute(app: FastifyInstance, identities: IdentityResolver): void {
  app.get('/api/embed/visitor', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ visitor: identities.signVisitor() }),
  );
}

/**
 * The whole public API, from the services' own route schemas; the admin routes only for administrators (the admin
 * guard stands before /api/admin/*, this path too).
 */
function addOpenApiRoutes(app: FastifyInstance, openApi: OpenApiDocuments): void {
  for (const [url, audience] of [
    ['/api/openapi.json', 'public'],
    ['/api/admin/openapi.json', 'admin'],
  ] as const) {
    app.get(url, async (request, reply) => {
      const { docs, missing } = await openApi.get(request.id);
      if (missing.length === serviceNames.length) {
        return reply
          .code(503)
          .send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
      }
      if (missing.length > 0) reply.header('x-openapi-missing', missing.join(','));
      return reply
        .header('cache-control', audience === 'admin' ? 'private, no-cache' : 'no-cache')
        .send(docs[audience]);
    });
  }
}

/**
 * What no route answers: an API address gets 405 (with what it takes) or 404; a page gets the SPA shell, framable for
 * an embed, with a poll's link-preview tags, or with 404 when the path is no client route.
 */
function pageOrNotFound({
  staticAssets,
  embedHeaders,
  linkPreviews,
  serverRender,
  openApi,
}: {
  staticAssets: StaticAssets;
  embedHeaders: ReturnType<typeof embedSecurityHeaders>;
  linkPreviews: LinkPreviews;
  serverRender: ServerRender | null;
  openApi: OpenApiDocuments;
}): RouteHandlerMethod {
  return async (request, reply) => {
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
    if (isApi || !readsOnly(request.method)) {
      return reply.code(404).send({ error: 'route_not_found', message: errorCatalogue.route_not_found.message });
    }
    // An embed: the one kind of page another site may frame.
    const embed = matchEmbedRoute(path);
    if (embed) {
      allowFraming(reply, embedHeaders);
      return staticAssets.sendShell(request, reply, await linkPreviews.embedStatus(embed, request.id));
    }
    // A poll's page: drawn for its visitor with its link-preview tags, or 404 when there is no such poll.
    const pollPage = await linkPreviews.answer(path, request.id);
    if (pollPage?.tags) {
      const drawn = await serverRender?.page(request, path);
      if (drawn) return staticAssets.sendRenderedPage(reply, pollPage.status, pollPage.tags, drawn);
      return staticAssets.sendShellWithPreview(reply, pollPage.status, pollPage.tags);
    }
    if (pollPage) return staticAssets.sendShell(request, reply, pollPage.status);
    // Every client route gets the SPA shell; unknown paths get it too, with 404, and the SPA says so.
    const known = matchClientRoute(path) !== null;
    return staticAssets.sendShell(request, reply, known ? 200 : 404);
  };
}
