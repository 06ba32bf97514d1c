import type { FastifyRequest } from 'fastify';
import type { Identity } from '@meydan/kit';

export { ValidationError, pollNotFound } from '../usecases/visibility.js';

/**
 * Cache-Control of an answer that is the same for every visitor: the gateway (and any shared cache) may hand it to other
 * visitors for a second (s-maxage); a browser keeps nothing (max-age=0), so a visitor who signs in sees their member
 * view at once. Never on an answer that depends on who asks, a visitor's own vote included.
 */
export const SAME_FOR_EVERY_VISITOR = 'public, max-age=0, s-maxage=1';

/** The caller, as the gateway signed it (the kit guarantees it on every /api route). */
export function identityOf(request: FastifyRequest): Identity {
  return request.identity ?? { userId: null, role: null };
}

/** The signed-in member's id, on a route behind membersOnly (the guard answered 401 to anyone else). */
export const memberOf = (request: FastifyRequest): string => request.identity!.userId!;

/** The kit's member guard, where the poll routes import their helpers. */
export { membersOnly } from '@meydan/kit';
