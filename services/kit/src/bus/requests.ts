import { ErrorCode as NatsErrorCode, NatsError, type Msg, type NatsConnection } from 'nats';
import { HttpError, httpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { natsRequestDuration } from '../metrics.js';
import { injectTraceContext, inSpan } from '../tracing.js';
import { ContractError, type ContractBook } from './contracts.js';
import { codec, headersWith, natsSpanAttributes, requestIdOf, type Reply, type RequestIdSource } from './wire.js';

/**
 * Sends a request and waits for the reply. "No responders" and "timeout" are told apart:
 * both become a 503 HttpError (`service_unavailable` / `service_timeout`); a responder's own
 * error comes back as the HttpError it threw. A reply that breaks the contract is a 500.
 */
export async function request(
  bus: { nc: NatsConnection; log: Logger; book: ContractBook },
  subject: string,
  payload: unknown,
  source: RequestIdSource,
  timeoutMs: number,
): Promise<unknown> {
  const contract = bus.book.requestContract(subject);
  const invalid = bus.book.problem(contract.request, payload ?? null);
  if (invalid) throw new ContractError(subject, `request ${invalid}`);
  const requestId = requestIdOf(source);
  let msg: Msg;
  const started = performance.now();
  try {
    msg = await inSpan(`${subject} request`, 'client', natsSpanAttributes(subject), () => {
      const h = headersWith(requestId);
      injectTraceContext(h);
      return bus.nc.request(subject, codec.encode(payload ?? null), { timeout: timeoutMs, headers: h });
    });
    natsRequestDuration.observe({ subject, outcome: 'ok' }, (performance.now() - started) / 1000);
  } catch (err) {
    const noResponders = err instanceof NatsError && err.code === NatsErrorCode.NoResponders;
    const timedOut = err instanceof NatsError && err.code === NatsErrorCode.Timeout;
    const outcome = noResponders ? 'no_responders' : timedOut ? 'timeout' : 'error';
    natsRequestDuration.observe({ subject, outcome }, (performance.now() - started) / 1000);
    if (noResponders) {
      bus.log.warn({ reqId: requestId, subject }, 'nats request: no responders');
      throw new HttpError(503, 'service_unavailable', undefined, { 'retry-after': '5' });
    }
    if (timedOut) {
      bus.log.warn({ reqId: requestId, subject, timeoutMs }, 'nats request: timeout');
      throw new HttpError(503, 'service_timeout', undefined, { 'retry-after': '5' });
    }
    throw err;
  }
  const reply = codec.decode(msg.data) as Reply<unknown>;
  if (!reply.ok) throw new HttpError(reply.error.status, reply.error.error, reply.error.message);
  const bad = bus.book.problem(contract.reply, reply.data);
  if (bad) {
    bus.log.error({ reqId: requestId, subject, bad }, 'nats reply does not match its contract');
    throw httpError('internal');
  }
  return reply.data;
}
