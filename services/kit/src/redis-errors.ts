/**
 * What a failed Redis command tells the caller, for the one error handler (app.ts): ioredis's own errors when the
 * server went away (a failover, a master that stalled and was made a replica) say more than a 500 would.
 * - `answer_lost` (502): the command was sent and its connection closed before the answer (ioredis aborts the
 *   commands of an unfinished pipeline, which with auto-pipelining is every command): it may have run, as the
 *   gateway's 502 says of a service's answer cut off;
 * - `service_unavailable` (503): ioredis gave up reconnecting for this command (its retries per request).
 */
import type { ErrorCode } from '@meydan/proto';

export function redisFailureCode(err: unknown): Extract<ErrorCode, 'answer_lost' | 'service_unavailable'> | null {
  if (!(err instanceof Error)) return null;
  if (err.name === 'AbortError' && err.message === 'Command aborted due to connection close') return 'answer_lost';
  if (err.name === 'MaxRetriesPerRequestError') return 'service_unavailable';
  return null;
}
