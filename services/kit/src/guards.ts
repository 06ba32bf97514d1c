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

/**
 * The staff member calling a staff route (gateway-checked, checked again here): 401 for a visitor, 403 `forbidden` for a
 * member, 403 `mfa_required` for staff whose session has no verified second factor, 403 `admin_only` for a moderator
 * calling what `needed` keeps for administrators.
 */
export function requireStaff(
  request: FastifyRequest,
  needed: 'moderator' | 'admin',
): { userId: string; role: 'moderator' | 'admin' } {
  const { userId, role, mfa } = request.identity ?? { userId: null, role: null };
  if (!userId) throw httpError('unauthorized');
  if (role !== 'moderator' && role !== 'admin') throw httpError('forbidden');
  if (mfa !== true) throw httpError('mfa_required');
  if (needed === 'admin' && role !== 'admin') throw httpError('admin_only');
  return { userId, role };
}
