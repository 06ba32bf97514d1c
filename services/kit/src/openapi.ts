/// <reference types="@fastify/swagger" preserve="true" />
/**
 * Every service documents its public routes from their own schemas: `@fastify/swagger` collects them, the service
 * answers `<service>.openapi` over NATS with the document, and the gateway merges the six into `GET /api/openapi.json`.
 * A public route without its schemas is refused when it is declared, so the document can never fall behind the code.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { openapiSubject, type OpenApiDocument, type ServiceName } from '@meydan/proto';
import type { Bus } from './bus/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public route the service declared (method and path), in order: what its OpenAPI document must list. */
    publicRoutes: { method: string; url: string }[];
  }
}

/** The public routes: what the gateway proxies. Health probes and anything else stay out of the document. */
export const isPublicRoute = (url: string): boolean => url === '/api' || url.startsWith('/api/');

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const DOCUMENTED = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

interface RouteSchema {
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
}

/**
 * What a public route fails to declare: `response` (at least one status), `params` when its path has parameters,
 * `body` for POST, PUT and PATCH (a route that takes none says so with `meydan/no-body`). Empty when complete.
 */
export function missingRouteSchemas(
  method: string | readonly string[],
  url: string,
  schema: RouteSchema | undefined,
): string[] {
  const methods = [method].flat().filter((m) => DOCUMENTED.has(m.toUpperCase()));
  if (!isPublicRoute(url) || methods.length === 0) return [];
  const missing: string[] = [];
  if (!schema?.response || Object.keys(schema.response).length === 0) missing.push('response');
  if (/[:*]/.test(url) && !schema?.params) missing.push('params');
  if (methods.some((m) => WITH_BODY.has(m.toUpperCase())) && !schema?.body) missing.push('body');
  return missing;
}

/**
 * Refuses (throws while the route is declared, so the service does not start) a public route missing a schema, and
 * records the others in `app.publicRoutes`.
 */
export function requireRouteSchemas(app: FastifyInstance): void {
  const routes: { method: string; url: string }[] = [];
  app.decorate('publicRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const missing = missingRouteSchemas(route.method, route.url, route.schema as RouteSchema | undefined);
    if (missing.length > 0) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: the route declares no ${missing.join(', ')} schema`,
      );
    }
    if (!isPublicRoute(route.url)) return;
    for (const method of [route.method].flat())
      if (DOCUMENTED.has(method.toUpperCase())) routes.push({ method, url: route.url });
  });
}

/**
 * An operation's id (the method name a generated client gets) from its method and path, unique as they are:
 * `POST /api/polls/:id/vote` is `postPollsByIdVote`, `GET /api/auth/forgot-password` `getAuthForgotPassword`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** OpenAPI component names allow no '/': `meydan/poll` becomes `poll`. */
export const componentName = (id: string): string => id.replace(/^meydan\//, '').replace(/[^A-Za-z0-9._-]/g, '-');

/**
 * Registers @fastify/swagger (before any route, so it sees them all) and the schema requirement. The document holds
 * only public routes, each tagged with the service's name.
 */
export async function registerOpenApi(app: FastifyInstance, service: ServiceName): Promise<void> {
  requireRouteSchemas(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Meydan ${service}`, version: '1.0.0' },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json['$id'] === 'string' ? componentName(json['$id']) : `def-${i}`,
    },
    transform: ({ schema, url, route }) => {
      const hide = !isPublicRoute(url);
      // A route may name its operation (`schema.operationId`); the others get one from their method and path.
      const operationId =
        (schema as { operationId?: string } | undefined)?.operationId ??
        operationIdOf([route.method].flat()[0] ?? 'GET', url);
      return { schema: { ...(schema ?? {}), hide, tags: [service], operationId } as typeof schema, url };
    },
  });
}

/** Answers `<service>.openapi` with the service's document (once the app is ready, so it holds every route). */
export function respondWithOpenApi(app: FastifyInstance, bus: Bus, service: ServiceName): void {
  app.addHook('onReady', async () => {
    bus.respond(openapiSubject(service), () => app.swagger() as unknown as OpenApiDocument);
  });
}
