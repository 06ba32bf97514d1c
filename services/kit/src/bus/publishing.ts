import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from 'nats';
import { httpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { retry, steppedBackoff } from '../retry.js';
import { injectTraceContext, inSpan } from '../tracing.js';
import { ContractError, type ContractBook } from './contracts.js';
import { codec, headersWith, natsSpanAttributes, requestIdOf, type RequestIdOrSource } from './wire.js';

export interface PublishOptions {
  /** JetStream de-duplication id: the same id within the stream's window is stored once. */
  msgId?: string;
  /** The request id, or what carries it (a Fastify request, a BusContext) as `request` takes it; a new one if none. */
  requestId?: RequestIdOrSource;
  /** How long to wait for the stream's acknowledgement. */
  timeoutMs?: number;
}

export interface ReliablePublishOptions extends PublishOptions {
  /** Attempts in all (default 3); unbounded when `retryForMs` is given. */
  attempts?: number;
  /**
   * Keep retrying for this long (each attempt waits at most what is left): long enough to ride out a JetStream leader
   * election, which refuses publishes for a few seconds. See the bus's `publishRetryMs`.
   */
  retryForMs?: number;
  /** Delay before each retry, by attempt; the last value repeats (default 100, 400 ms). */
  backoffMs?: readonly number[];
}

/**
 * How an event whose cause is already counted (a vote) is retried with `retryForMs` (the bus's `publishRetryMs`):
 * quickly at first, and each attempt waits at most 2 s, so the publish gets through soon after a leader is elected.
 */
export const PUBLISH_THROUGH_ELECTION = { backoffMs: [50, 100, 250, 500], timeoutMs: 2000 } as const satisfies ReliablePublishOptions;

export type Published = { duplicate: boolean; seq: number };

/** Publishes JetStream events, once or retried until the stream stores them. */
export class Publisher {
  constructor(
    private readonly js: JetStreamClient,
    private readonly log: Logger,
    private readonly book: ContractBook,
  ) {}

  async publish(subject: string, payload: unknown, options: PublishOptions): Promise<Published> {
    this.book.check('events', subject, payload);
    const ack = await inSpan(`${subject} publish`, 'producer', natsSpanAttributes(subject), () => {
      const h = headersWith(requestIdOf(options.requestId));
      injectTraceContext(h);
      return this.js.publish(subject, codec.encode(payload), {
        headers: h,
        ...(options.msgId ? { msgID: options.msgId } : {}),
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      });
    });
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  async publishReliably(subject: string, payload: unknown, options: ReliablePublishOptions): Promise<Published> {
    const retryForMs = options.retryForMs;
    const attempts = retryForMs === undefined ? Math.max(1, options.attempts ?? 3) : Number.POSITIVE_INFINITY;
    const backoff = steppedBackoff(options.backoffMs ?? [100, 400]);
    const started = Date.now();
    const left = () => (retryForMs === undefined ? Number.POSITIVE_INFINITY : started + retryForMs - Date.now());
    // One message id for every attempt: a retry after a lost acknowledgement is stored once.
    const publishOptions = {
      requestId: requestIdOf(options.requestId),
      msgId: options.msgId ?? `${subject}:${randomUUID()}`,
    };
    const timeoutMs = options.timeoutMs ?? 2000;
    let tried = 0;
    try {
      return await retry(
        (attempt) => {
          tried = attempt;
          return this.publish(subject, payload, { ...publishOptions, timeoutMs: Math.max(100, Math.min(timeoutMs, left())) });
        },
        {
          attempts,
          backoff,
          retryIf: (err) => !(err instanceof ContractError) && left() > backoff(tried),
        },
      );
    } catch (err) {
      if (err instanceof ContractError) throw err;
      this.log.error({ err, reqId: publishOptions.requestId, subject, attempts: tried, ms: Date.now() - started }, 'event not published after retries');
      throw httpError('event_not_published');
    }
  }
}
