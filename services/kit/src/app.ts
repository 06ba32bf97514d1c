import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyServerOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteHandlerMethod,
} from 'fastify';
import {
  allSchemas,
  createAjv,
  errorCatalogue,
  formatErrors,
  healthSubject,
  type ErrorCode,
  type ServiceName,
} from '@meydan/proto';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { BaseConfig } from './config.js';
import type { Connections } from './connections.js';
import { HttpError, httpError } from './errors.js';
import { checkReadiness } from './health.js';
import { IDENTITY_HEADER, verifyIdentity, type Identity } from './identity.js';
import type { Logger } from './logger.js';
import type { Bus } from './bus/index.js';
import { registerOpenApi, respondWithOpenApi } from './openapi.js';
import { lazySchemaCompilers } from './lazy-schemas.js';
import { observeHttpRequest } from './metrics.js';
import { loadSheddingOf, shedLoad } from './load-shedding.js';
import { redisFailureCode } from './redis-errors.js';
import type { ProtoTypeProvider, ServiceApp } from './type-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    service: ServiceName;
    config: BaseConfig;
    bus: Bus;
    mongo: Connection;
    redis: Redis;
  }
  interface FastifyRequest {
    /** Who is calling, from the gateway's signed header. Null only on the health routes. */
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a gateway-signed identity (health probes). */
    unsigned?: boolean;
  }
}

/** How long a request may take before its end is logged at warn (see createFastify's onResponse). */
export const SLOW_REQUEST_MS = 5000;
/** When each request started, for the one its client gives up on (Fastify's own timer is on the reply). */
const startedAt = new WeakMap<FastifyRequest, number>();

/** What a service's `buildApp` receives: its validated config, its log and its live connections. */
export type ServiceDeps<C extends BaseConfig = BaseConfig> = Connections & { config: C; log: Logger };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's x-request-id when it is sane, otherwise makes one. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  405: 'method_not_allowed',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/**
 * Node refuses some requests before Fastify sees them (headers too large, a request line it cannot parse, a client
 * too slow to send its request): those get the same Turkish `{error, message}` as every other refusal.
 */
function turkishClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'request_timeout'
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : // A method Node's parser does not know (QUERY on Node 20, BREW anywhere) is a method not allowed, like any other.
          err.code === 'HPE_INVALID_METHOD'
          ? 'method_not_allowed'
          : 'bad_request';
  const { status, message } = errorCatalogue[code];
  this.log.info({ code: err.code, status }, 'malformed or slow request refused');
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ error: code, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), but bytes that are not valid UTF-8 are refused
 * instead of silently becoming U+FFFD in what is stored; and text/plain is not taken for JSON.
 */
function installStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(httpError('invalid_encoding'), undefined);
    }
    parseJson(request, text, done);
  });
}

const errorCodes = new WeakMap<FastifyReply, string>();

/** The `error` code a request was refused with by the error handler (for metrics), or undefined. */
export function errorCodeOf(reply: FastifyReply): string | undefined {
  return errorCodes.get(reply);
}

/** The one error handler: 4xx as `{error, message}` in Turkish, 5xx plainly (the cause only in the log). */
export function installErrorHandling(app: FastifyInstance, notFound?: RouteHandlerMethod): void {
  const answerNoRoute: RouteHandlerMethod =
    notFound ??
    ((request, reply) => {
      const allowed = app.hasDecorator('publicRoutes')
        ? methodsAllowedAt(app.publicRoutes, request.url.split('?')[0] ?? '/')
        : [];
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ error: 'method_not_allowed', message: errorCatalogue.method_not_allowed.message });
      }
      return reply.code(404).send({ error: 'route_not_found', message: errorCatalogue.route_not_found.message });
    });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Fastify refuses a QUERY without a content type before routing; no route takes QUERY, so it is answered as
    // any other method an address does not take (405, or 404 where there is no such address).
    if (!(error instanceof HttpError) && error.code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE') {
      return answerNoRoute.call(app, request, reply);
    }
    if (error instanceof HttpError) {
      errorCodes.set(reply, String(error.code));
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (error.validation) {
      const part = error.validationContext as 'body' | 'querystring' | 'params' | 'headers' | undefined;
      const schema = part
        ? (request.routeOptions.schema as Record<string, object | undefined> | undefined)?.[part]
        : undefined;
      const fields = formatErrors(schema, error.validation as Parameters<typeof formatErrors>[1]);
      errorCodes.set(reply, 'validation');
      return reply
        .code(400)
        .send({ error: 'validation', message: fields[0]?.message ?? errorCatalogue.validation.message, fields });
    }
    const status = error.statusCode ?? 500;
    const code = statusCodes[status];
    if (status < 500 && code) {
      return reply.code(status).send({ error: code, message: errorCatalogue[code].message });
    }
    request.log.error({ err: error }, 'request failed');
    const redisCode = redisFailureCode(error);
    if (redisCode) {
      errorCodes.set(reply, redisCode);
      return reply
        .code(errorCatalogue[redisCode].status)
        .send({ error: redisCode, message: errorCatalogue[redisCode].message });
    }
    return reply.code(500).send({ error: 'internal', message: errorCatalogue.internal.message });
  });
  app.setNotFoundHandler(answerNoRoute);
}

/**
 * The methods the public routes take at a concrete path (`/api/polls/abc` matches `/api/polls/:id`). Only the most
 * specific address that matches counts, as in the API's description: `/api/polls/quick` is an address of its own,
 * not `/api/polls/:id` with the id "quick", so its methods are not those of a poll.
 */
export function methodsAllowedAt(routes: readonly { method: string; url: string }[], path: string): string[] {
  const methods = new Set<string>();
  let mostFixedParts = -1;
  for (const route of routes) {
    const parts = route.url.split('/');
    const pattern = parts.map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    if (!new RegExp(`^${pattern.join('/')}/?$`).test(path)) continue;
    const fixedParts = parts.filter((part) => !part.startsWith(':')).length;
    if (fixedParts < mostFixedParts) continue;
    if (fixedParts > mostFixedParts) {
      mostFixedParts = fixedParts;
      methods.clear();
    }
    methods.add(route.method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** A Fastify instance with the shared shape every Meydan HTTP server has (services and gateway). */
export function createFastify(
  log: Logger,
  options: {
    bodyLimit?: number;
    notFound?: RouteHandlerMethod;
    trustProxy?: FastifyServerOptions['trustProxy'];
    /** Rewrites each raw URL before routing; every hook, route and proxy then sees the rewritten one. */
    rewriteUrl?: (raw: IncomingMessage) => string;
    /**
     * How long a client may take to send its whole request (headers within the same time, at most 10 s): a slow
     * client then gets 408 instead of holding a connection. Unset: Node's defaults.
     */
    requestTimeoutMs?: number;
    /**
     * The level of the one line logged per answered request (`request completed`: method, path, status, ms). The
     * gateway logs every request at info; a service at debug, since the gateway's line already names the request
     * (its id is in both) and a service's own warnings and errors are logged anyway.
     */
    accessLogLevel?: 'info' | 'debug';
    /** How long a request may take before its end is logged at warn (SLOW_REQUEST_MS). */
    slowRequestMs?: number;
  } = {},
): FastifyInstance {
  const timeouts =
    options.requestTimeoutMs === undefined
      ? {}
      : {
          requestTimeout: options.requestTimeoutMs,
          http: {
            headersTimeout: Math.min(options.requestTimeoutMs, 10_000),
            // Node checks the timeouts only this often (30 s by default).
            connectionsCheckingInterval: Math.max(250, Math.min(1000, Math.round(options.requestTimeoutMs / 4))),
          },
        };
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    loggerInstance: log,
    schemaController: schemas.schemaController,
    trustProxy: options.trustProxy ?? false,
    genReqId: (req) => requestIdFrom(req),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Fastify's own limit (100) answered a longer path parameter with an English 414; the gateway already bounds
    // the whole request target, so a parameter's schema (maxLength, pattern) decides, in Turkish.
    routerOptions: { maxParamLength: 4096 },
    return503OnClosing: true,
    // Fastify's two lines per request (incoming, completed), each with the whole request serialised, were a good
    // part of a request's CPU: one short line per request instead (below).
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: turkishClientError,
    ...timeouts,
    ...(options.rewriteUrl ? { rewriteUrl: options.rewriteUrl } : {}),
  }) as unknown as FastifyInstance;
  // Proto's ajv (Turkish errorMessage texts, custom keywords, every schema by $id): bodies as sent,
  // query strings and params coerced from text; each route's validators and serializers compiled on first use.
  let bodyAjv: ReturnType<typeof createAjv> | undefined;
  let textAjv: ReturnType<typeof createAjv> | undefined;
  schemas.install(app, ({ schema, httpPart }) => {
    if (httpPart === 'body') {
      bodyAjv ??= createAjv();
      return bodyAjv.compile(schema);
    }
    textAjv ??= createAjv({ coerceTypes: 'array' });
    return textAjv.compile(schema);
  });
  for (const schema of allSchemas) app.addSchema(schema as { $id: string });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const accessLogLevel = options.accessLogLevel ?? 'debug';
  const slowMs = options.slowRequestMs ?? SLOW_REQUEST_MS;
  app.addHook('onResponse', (request, reply, done) => {
    observeHttpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    // A request slower than SLOW_REQUEST_MS is told at warn whatever the access log's level: where the seconds of an
    // outage went is read from the logs a chaos run keeps at warn.
    const level = responseTime >= slowMs ? 'warn' : accessLogLevel;
    if (log.isLevelEnabled(level)) {
      request.log[level](
        { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime, ip: request.ip },
        level === 'warn' ? 'slow request' : 'request completed',
      );
    }
    done();
  });
  // A request its client gave up on (a load generator's timeout, a closed tab) ends without a response: told too, at
  // warn when it had waited SLOW_REQUEST_MS.
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, performance.now());
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const waited = Math.round((performance.now() - (startedAt.get(request) ?? performance.now())) * 10) / 10;
    const level = waited >= slowMs ? 'warn' : 'debug';
    if (log.isLevelEnabled(level))
      request.log[level](
        { method: request.method, url: request.url, waited, ip: request.ip },
        'request given up by its client',
      );
    done();
  });
  installErrorHandling(app, options.notFound);
  return app;
}

/**
 * Builds a service's Fastify app: request ids, identity verification, error handling, health
 * routes, the `<service>.health` NATS responder, and the OpenAPI document of its public routes
 * (`<service>.openapi`; a public route without its schemas stops the service at start). The
 * service adds its own routes and handlers, typed by the schemas they register (`ServiceApp`, type-provider.ts).
 */
export async function createServiceApp(service: ServiceName, deps: ServiceDeps): Promise<ServiceApp> {
  const app: ServiceApp = createFastify(deps.log).withTypeProvider<ProtoTypeProvider>();
  app.decorate('service', service);
  app.decorate('config', deps.config);
  app.decorate('bus', deps.bus);
  app.decorate('mongo', deps.mongo);
  app.decorate('redis', deps.redis);
  app.decorateRequest('identity', null);
  installStrictJsonParser(app);
  await shedLoad(app, loadSheddingOf(deps.config));
  await registerOpenApi(app, service);
  respondWithOpenApi(app, deps.bus, service);

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    reply.header('x-meydan-service', service);
    if (request.routeOptions.config?.unsigned) return;
    const header = request.headers[IDENTITY_HEADER];
    // Signed for this very request: a header captured elsewhere (another method, path or service) is refused.
    const binding = { method: request.method, path: request.url, service };
    const identity =
      typeof header === 'string' ? verifyIdentity(header, deps.config.INTERNAL_SECRET, { binding }) : null;
    if (!identity) {
      request.log.warn({ hasHeader: header !== undefined }, 'request without a valid gateway identity');
      throw new HttpError(401, 'identity_invalid');
    }
    request.identity = identity;
  });

  app.get('/healthz', { config: { unsigned: true } }, async () => ({ service, alive: true }));
  app.get('/readyz', { config: { unsigned: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(service, deps);
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
  deps.bus.respond(healthSubject(service), () => checkReadiness(service, deps));
  return app;
}
