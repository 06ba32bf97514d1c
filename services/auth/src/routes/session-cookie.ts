import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, STAFF_SESSION_MS, isStaffRole } from '@meydan/proto';
import type { Role } from '@meydan/kit';
import type { AuthConfig } from '../config.js';

const secureOf = (config: AuthConfig) => config.PUBLIC_ORIGIN.startsWith('https://');

/** The `sid` cookie: a member's for the sliding days, a staff member's for STAFF_SESSION_HOURS. */
export function setSessionCookie(config: AuthConfig, reply: FastifyReply, sid: string, role: Role) {
  const sessionTtlSeconds = (config.SESSION_TTL_DAYS ?? 30) * 24 * 3600;
  const maxAge = isStaffRole(role) ? Math.min(sessionTtlSeconds, STAFF_SESSION_MS / 1000) : sessionTtlSeconds;
  reply.setCookie(SESSION_COOKIE, sid, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureOf(config),
    path: '/',
    maxAge,
  });
}

/** The `sid` cookie gone (signed out, or the account leaving). */
export function clearSessionCookie(config: AuthConfig, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureOf(config) });
}
