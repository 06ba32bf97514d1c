/**
 * Embeds (/embed/{code}, /embed/anket/{id}) are the only pages another site may frame: their answer carries the site's
 * security headers with `frame-ancestors *` and without X-Frame-Options. Inside that iframe the SameSite visitor
 * cookie is not sent, so an embed asks `GET /api/embed/visitor` for a signed visitor id and sends it in
 * EMBED_VISITOR_HEADER; the gateway takes it as it takes the cookie (it never goes on to a service).
 */
import type { FastifyReply } from 'fastify';
import { securityHeaders } from './security.js';

/** The security headers of an embed page: every page's, but frameable by any site. */
export function embedSecurityHeaders(publicOrigin: string): ReadonlyArray<readonly [string, string]> {
  return securityHeaders(publicOrigin)
    .filter(([name]) => name !== 'x-frame-options')
    .map(
      ([name, value]) =>
        [
          name,
          name === 'content-security-policy' ? value.replace(/frame-ancestors [^;]*/, 'frame-ancestors *') : value,
        ] as const,
    );
}

/** Replaces the security headers already set on this answer with the embed's. */
export function allowFraming(reply: FastifyReply, headers: ReadonlyArray<readonly [string, string]>): void {
  reply.raw.removeHeader('x-frame-options');
  for (const [name, value] of headers) reply.raw.setHeader(name, value);
}
