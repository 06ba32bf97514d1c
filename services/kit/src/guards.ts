/** Who may call a route: the one member check every service uses, as a function and as a route hook. */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { httpError } from './errors.js';

/** The signed-in member's id (from the gateway's signed identity); a visitor gets 401 with `message` (Turkish). */
export function requireMember(request: FastifyRequest, message?: string): string {
  const userId = request.identity?.userId;
  if (!userId) throw httpError('unauthorized', message);
  return userId;
}

/** Route hook: visitors get a 401 with the given Turkish text before the handler runs. */
export function membersOnly(message?: string): onRequestHookHandler {
  return async (request) => {
    requireMember(request, message);
  };
}
