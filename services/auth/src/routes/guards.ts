import type { FastifyRequest } from 'fastify';
import { HttpError, requireMember } from '@meydan/kit';
import { authTexts as T } from '../domain/texts.js';
import type { Caller, Member } from '../usecases/caller.js';

/** `/api/users/{id}/…` params: a member id; anything else is a member nobody has. */
export const userIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } },
  errorMessage: { properties: { id: T.userNotFound } },
} as const;

/** The caller must be the owner of `/api/users/{id}/…`: 401 for a visitor, 403 for another member. */
export function profileOwner(request: FastifyRequest, profileId: string): string {
  const userId = requireMember(request, T.loginRequired);
  if (userId !== profileId) throw new HttpError(403, 'forbidden', T.notYourProfile);
  return userId;
}

/** What a use case knows of the request: its id, its log, the client's address as the gateway saw it. */
export const callerOf = (request: FastifyRequest): Caller => ({
  requestId: request.id,
  log: request.log,
  ip: request.identity?.ip ?? request.ip,
});

/** The signed-in member asking (401 with `text` for a visitor). */
export const memberOf = (request: FastifyRequest, text: string = T.loginRequired): Member => ({
  ...callerOf(request),
  userId: requireMember(request, text),
});
