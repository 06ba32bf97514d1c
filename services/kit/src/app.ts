import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyError, type FastifyServerOptions, type FastifyInstance, type FastifyRequest, type RouteHandlerMethod } from 'fastify';
import { allSchemas, createAjv, errorCatalogue, formatErrors, healthSubject, type ErrorCode, type ServiceName } from '@meydan/proto';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { BaseConfig } from './config.js';
import type { Connections } from './connections.js';
import { HttpError } from './errors.js';
import { checkReadiness } from './health.js';
import { IDENTITY_HEADER, verifyIdentity, type Identity } from './identity.js';
import type { Logger } from './logger.js';
import type { Bus } from './bus.js';
import { registerOpenApi, respondWithOpenApi } from './openapi.js';

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
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** The one error handler: 4xx as `{error, message}` in Turkish, 5xx plainly (the cause only in the log). */
export function installErrorHandling(app: FastifyInstance, notFound?: RouteHandlerMethod): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (error.validation) {
      const part = error.validationContext as 'body' | 'querystring' | 'params' | 'headers' | undefined;
      const schema = part ? (request.routeOptions.schema as Record<string, object | undefined> | undefined)?.[part] : undefined;
      const fields = formatErrors(schema, error.validation as Parameters<typeof formatErrors>[1]);
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
    return reply.code(500).send({ error: 'internal', message: errorCatalogue.internal.message });
  });
  app.setNotFoundHandler(
    notFound ??
      ((_request, reply) => {
        reply.code(404).send({ error: 'route_not_found', message: errorCatalogue.route_not_found.message });
      }),
  );
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
  } = {},
): FastifyInstance {
  const app = Fastify({
    loggerInstance: log,
    trustProxy: options.trustProxy ?? false,
    genReqId: (req) => requestIdFrom(req),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
    ...(options.rewriteUrl ? { rewriteUrl: options.rewriteUrl } : {}),
  }) as unknown as FastifyInstance;
  // Proto's ajv (Turkish errorMessage texts, custom keywords, every schema by $id): bodies as sent,
  // query strings and params coerced from text.
  const bodyAjv = createAjv();
  const textAjv = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  for (const schema of allSchemas) app.addSchema(schema as { $id: string });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app, options.notFound);
  return app;
}

/**
 * Builds a service's Fastify app: request ids, identity verification, error handling, health
 * routes, the `<service>.health` NATS responder, and the OpenAPI document of its public routes
 * (`<service>.openapi`; a public route without its schemas stops the service at start). The
 * service adds its own routes and handlers.
 */
export async function createServiceApp(service: ServiceName, deps: ServiceDeps): Promise<FastifyInstance> {
  const app = createFastify(deps.log);
  app.decorate('service', service);
  app.decorate('config', deps.config);
  app.decorate('bus', deps.bus);
  app.decorate('mongo', deps.mongo);
  app.decorate('redis', deps.redis);
  app.decorateRequest('identity', null);
  await registerOpenApi(app, service);
  respondWithOpenApi(app, deps.bus, service);

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    reply.header('x-meydan-service', service);
    if (request.routeOptions.config?.unsigned) return;
    const header = request.headers[IDENTITY_HEADER];
    // Signed for this very request: a header captured elsewhere (another method, path or service) is refused.
    const binding = { method: request.method, path: request.url, service };
    const identity = typeof header === 'string' ? verifyIdentity(header, deps.config.INTERNAL_SECRET, { binding }) : null;
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
