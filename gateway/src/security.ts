import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalogue } from '@meydan/proto';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const originTexts = { refused: 'İstek kaynağı doğrulanamadı.' } as const;

/**
 * Refuses state-changing requests a browser sent from another site: an Origin that is not ours,
 * or Sec-Fetch-Site cross-site. Requests without Origin (curl, API clients with a token) pass.
 */
export function originCheck(allowed: Set<string>) {
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.headers.host ?? ''}`.toLowerCase();
    const badOrigin = origin !== undefined && origin.toLowerCase() !== own && !allowed.has(origin.toLowerCase());
    if (badOrigin || request.headers['sec-fetch-site'] === 'cross-site') {
      request.log.warn({ origin, fetchSite: request.headers['sec-fetch-site'] }, 'cross-origin request refused');
      return reply.code(403).send({ error: 'forbidden_origin', message: originTexts.refused });
    }
  };
}

/** `/api/admin/*` is for the administrator role only: 401 for visitors, 403 for members. */
export async function adminGuard(request: FastifyRequest, reply: FastifyReply) {
  if (!/^\/api\/admin(\/|$|\?)/i.test(request.url)) return;
  const { userId, role } = request.gatewayIdentity;
  if (!userId) return reply.code(401).send({ error: 'unauthorized', message: errorCatalogue.unauthorized.message });
  if (role !== 'admin') return reply.code(403).send({ error: 'forbidden', message: errorCatalogue.forbidden.message });
}

/** Helmet options: a CSP that fits the SPA (styled-components injects styles), HSTS only over https. */
export function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}
