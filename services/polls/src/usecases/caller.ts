/**
 * Who asks, as a use case needs to know it: the request's id (events and calls to other services carry it) and its
 * log. A route passes its request as it is (no copy on the vote path); a handler its consumer's context.
 */
import type { Identity, Logger } from '@meydan/kit';

export interface Caller {
  readonly id: string;
  readonly log: Pick<Logger, 'warn' | 'error'>;
}

/** Who the caller is: a member, a visitor with or without their visitor id, and their address, as the gateway signed it. */
export type Viewer = Identity;
