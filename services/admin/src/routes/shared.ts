/** What the admin's route groups share: the common schemas, and the staff member behind a request. */
import type { FastifyRequest } from 'fastify';
import type { Staff } from '../usecases/staff.js';

export const idParams = { $ref: 'meydan/admin-id-params' } as const;
export const noBody = { $ref: 'meydan/no-body' } as const;
export const message = { 200: { $ref: 'meydan/message' } } as const;

/** The staff member the request is from (the app's onRequest hook lets nobody else through), with its id and log. */
export const staffOf = (request: FastifyRequest): Staff => ({
  userId: request.identity!.userId!,
  requestId: request.id,
  log: request.log,
});
