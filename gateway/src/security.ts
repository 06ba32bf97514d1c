import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { errorCatalogue, isStaffRole, roleMay, staffRoleFor, type ErrorCode } from '@meydan/proto';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const originTexts = { refused: 'İstek kaynağı doğrulanamadı.' } as const;

/**
 * Whether a browser sent this from another site: an Origin that is not one of ours (PUBLIC_ORIGIN, ALLOWED_ORIGINS), or
 * Sec-Fetch-Site cross-site. Requests without Origin (curl, API clients with a token) are not foreign. The `Host`
 * header is never what an Origin is compared with: a DNS-rebinding page (`rebind.example` resolved to this machine)
 * sends `Host` and `Origin` alike, both its own name.
 */
export function isForeignOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  const badOrigin = origin !== undefined && !allowed.has(origin.toLowerCase());
  if (badOrigin || request.headers['sec-fetch-site'] === 'cross-site') {
    request.log.warn(
      { origin, fetchSite: request.headers['sec-fetch-site'], url: request.url },
      'cross-origin request',
    );
    return true;
  }
  return false;
}

/** Refuses state-changing requests a browser sent from another site. */
export function originCheck(allowed: Set<string>) {
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    if (!STATE_CHANGING.has(request.method)) return;
    if (isForeignOrigin(request, allowed)) {
      return reply.code(403).send({ error: 'forbidden_origin', message: originTexts.refused });
    }
  };
}

/**
 * `/api/admin/*` is for the staff: 401 for visitors, 403 `forbidden` for members; 403 `mfa_enrolment_required` or
 * `mfa_required` for a staff session without a verified second factor (the web sends them to enrolment or to the code);
 * 403 `admin_only` for a moderator on a route that proto's `staffRouteRoles` keeps for administrators.
 */
export async function adminGuard(request: FastifyRequest, reply: FastifyReply) {
  // request.url is in normal form (paths.ts): no escaped or dotted spelling of /api/admin gets past this.
  if (!/^\/api\/admin(\/|$|\?)/i.test(request.url)) return;
  const { userId, role, mfaState } = request.gatewayIdentity;
  const refuse = (status: number, error: ErrorCode) =>
    reply.code(status).send({ error, message: errorCatalogue[error].message });
  if (!userId) return refuse(401, 'unauthorized');
  if (!isStaffRole(role)) return refuse(403, 'forbidden');
  if (mfaState !== 'verified') return refuse(403, mfaState === 'enrol' ? 'mfa_enrolment_required' : 'mfa_required');
  if (!roleMay(role, staffRoleFor(request.method, request.url))) return refuse(403, 'admin_only');
}

/**
 * Helmet options: a CSP that fits the SPA (styled-components injects styles), sockets only to the site's
 * own origin, HSTS only over https.
 */
export function helmetOptions(publicOrigin: string) {
  const https = publicOrigin.startsWith('https://');
  const ownSocket = publicOrigin.replace(/^http/, 'ws');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ownSocket],
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

/**
 * The headers helmet sets for these options, worked out once at start: they do not depend on the request (no CSP
 * nonces), and building helmet's middleware on every request (what @fastify/helmet does) cost a good part of a
 * proxied request's CPU.
 */
export function securityHeaders(publicOrigin: string): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(helmetOptions(publicOrigin))({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers];
}

/** An onRequest hook that sets the precomputed security headers on every answer, proxied ones included. */
export function sendSecurityHeaders(publicOrigin: string) {
  const headers = securityHeaders(publicOrigin);
  return function setSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  };
}
