import type { FastifyRequest } from 'fastify';
import { HttpError, requireMember } from '@meydan/kit';
import { authTexts as T } from '../domain/texts.js';

/** `/api/users/{id}/…` params: a member id; anything else is a member nobody has. */
export const userIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } },
  errorMessage: { properties: { id: T.userNotFound } },
} as const;

/** The caller must be the owner of `/api/users/{id}/…`: 401 for a visitor, 403 for another member. */
export function profileOwner(request: FastifyRequest<{ Params: { id: string } }>): string {
  const userId = requireMember(request, T.loginRequired);
  if (userId !== request.params.id) throw new HttpError(403, 'forbidden', T.notYourProfile);
  return userId;
}
