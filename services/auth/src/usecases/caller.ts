import type { Logger } from '@meydan/kit';

/** The log a use case writes to: the request's (routes) or the service's (handlers, jobs). */
export type Log = Pick<Logger, 'info' | 'warn' | 'error'>;

/** Who asks, as the adapter knows it: the request's id (events and calls carry it), its log, the client's address. */
export interface Caller {
  requestId: string;
  log: Log;
  ip: string;
}

/** A signed-in member asking for themselves (the route checked who they are). */
export interface Member extends Caller {
  userId: string;
}
