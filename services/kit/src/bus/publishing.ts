import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from 'nats';
import { httpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { retry, steppedBackoff } from '../retry.js';
import { passesAfterElection } from '../streams.js';
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
   * election, which refuses publishes for a few seconds. See the bus's `publishRetryMs`, and PublishGate.
   */
  retryForMs?: number;
  /** Delay before each retry, by attempt; the last value repeats (default 100, 400 ms). */
  backoffMs?: readonly number[];
  /**
   * With `retryForMs`: while JetStream answers nothing, at most this many such publishes of the process wait for it;
   * the next one is refused at once (503 `event_not_published`). Unbounded when not given.
   */
  waitMax?: number;
}

/**
 * How an event whose cause is already counted (a vote) is retried with `retryForMs` (the bus's `publishRetryMs`):
 * quickly at first, each attempt waits at most 2 s, and while JetStream answers nothing at most 200 of them wait per
 * process (see PublishGate), so the publish gets through soon after a leader is elected, and a loaded machine meets
 * the new leader with a backlog it clears at once.
 */
export const PUBLISH_THROUGH_ELECTION = {
  backoffMs: [50, 100, 250, 500],
  timeoutMs: 2000,
  waitMax: 200,
} as const satisfies ReliablePublishOptions;

export type Published = { duplicate: boolean; seq: number };

/** While JetStream is quiet, how often the oldest waiting publish tries again (the probe). */
export const PROBE_EVERY_MS = 250;

/**
 * What a process's publishes know of JetStream. It is quiet once an attempt failed for want of an answer (a timeout,
 * no responders, a lost connection: see passesAfterElection) and nothing was acknowledged since that attempt was sent:
 * a stream leader lost and not yet replaced, or no server reachable. A slow JetStream is not quiet: acknowledgements
 * keep coming. While quiet, the publishes that keep trying (`retryForMs`) do not each try on their own every few
 * hundred ms: they wait in line, every PROBE_EVERY_MS the oldest of them tries (the probe), and the first
 * acknowledgement lets them all go at once. A loaded machine would otherwise spend the election sending every waiting
 * vote again and again, and meet the new leader with each one's next try still up to a timeout away.
 */
export class PublishGate {
  private lastAck = 0;
  private quietSince: number | null = null;
  private readonly line: (() => void)[] = [];
  private probe: NodeJS.Timeout | undefined;
  /** Publishes that keep trying (`retryForMs`) in progress: not yet acknowledged, nor given up. */
  waiting = 0;
  /** Publishes refused at once while quiet (waitMax reached), since it went quiet. */
  refused = 0;

  constructor(private readonly log: Logger) {}

  get quiet(): boolean {
    return this.quietSince !== null;
  }

  /** JetStream acknowledged a publish: no longer quiet, and every publish waiting in line goes. */
  acknowledged(): void {
    this.lastAck = Date.now();
    if (this.quietSince === null) return;
    const quietMs = this.lastAck - this.quietSince;
    this.quietSince = null;
    clearInterval(this.probe);
    this.probe = undefined;
    const waiting = this.line.splice(0);
    this.log.warn(
      { quietMs, waiting: waiting.length, refused: this.refused },
      'jetstream answers again: waiting publishes go',
    );
    this.refused = 0;
    for (const go of waiting) go();
  }

  /** An attempt sent at `sentAt` got no answer (see passesAfterElection): quiet, unless something was acknowledged since. */
  unanswered(sentAt: number): void {
    if (this.quietSince !== null || this.lastAck > sentAt) return;
    this.quietSince = Date.now();
    this.log.warn(
      { lastAckMsAgo: this.lastAck ? this.quietSince - this.lastAck : null, waiting: this.waiting },
      'jetstream quiet: publishes wait in line',
    );
  }

  /**
   * Resolves true when the caller may try: at once unless quiet; while quiet, at its turn to probe or when JetStream
   * answers again. Resolves false at `deadline` if neither came.
   */
  turn(deadline: number): Promise<boolean> {
    if (this.quietSince === null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          const i = this.line.indexOf(go);
          if (i >= 0) this.line.splice(i, 1);
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      this.line.push(go);
      this.probe ??= setInterval(() => {
        const next = this.line.shift();
        if (next) return next();
        clearInterval(this.probe);
        this.probe = undefined;
      }, PROBE_EVERY_MS).unref();
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Publishes JetStream events, once or retried until the stream stores them. */
export class Publisher {
  readonly gate: PublishGate;

  constructor(
    private readonly js: JetStreamClient,
    private readonly log: Logger,
    private readonly book: ContractBook,
  ) {
    this.gate = new PublishGate(log);
  }

  async publish(subject: string, payload: unknown, options: PublishOptions): Promise<Published> {
    this.book.check('events', subject, payload);
    const sentAt = Date.now();
    const ack = await inSpan(`${subject} publish`, 'producer', natsSpanAttributes(subject), () => {
      const h = headersWith(requestIdOf(options.requestId));
      injectTraceContext(h);
      return this.js.publish(subject, codec.encode(payload), {
        headers: h,
        ...(options.msgId ? { msgID: options.msgId } : {}),
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      });
    }).catch((err: unknown) => {
      if (passesAfterElection(err)) this.gate.unanswered(sentAt);
      throw err;
    });
    this.gate.acknowledged();
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  async publishReliably(subject: string, payload: unknown, options: ReliablePublishOptions): Promise<Published> {
    const backoff = steppedBackoff(options.backoffMs ?? [100, 400]);
    const started = Date.now();
    // One message id for every attempt: a retry after a lost acknowledgement is stored once.
    const publishOptions = {
      requestId: requestIdOf(options.requestId),
      msgId: options.msgId ?? `${subject}:${randomUUID()}`,
    };
    const timeoutMs = options.timeoutMs ?? 2000;
    const attempt = { tried: 0 };
    try {
      if (options.retryForMs !== undefined)
        return await this.publishFor(subject, payload, options, options.retryForMs, attempt, publishOptions);
      return await retry(
        (n) => {
          attempt.tried = n;
          return this.publish(subject, payload, { ...publishOptions, timeoutMs });
        },
        { attempts: Math.max(1, options.attempts ?? 3), backoff, retryIf: (err) => !(err instanceof ContractError) },
      );
    } catch (err) {
      if (err instanceof ContractError) throw err;
      if (err !== REFUSED)
        this.log.error(
          { err, reqId: publishOptions.requestId, subject, attempts: attempt.tried, ms: Date.now() - started },
          'event not published after retries',
        );
      throw httpError('event_not_published');
    }
  }

  /**
   * Tries until `retryForMs` has passed (each attempt waits at most what is left), through the gate: while JetStream
   * is quiet, in line with the others rather than on a backoff of its own, and refused at once when `waitMax` wait.
   */
  private async publishFor(
    subject: string,
    payload: unknown,
    options: ReliablePublishOptions,
    retryForMs: number,
    attempt: { tried: number },
    publishOptions: { requestId: string; msgId: string },
  ): Promise<Published> {
    const { gate } = this;
    if (gate.quiet && gate.waiting >= (options.waitMax ?? Number.POSITIVE_INFINITY)) {
      gate.refused++;
      throw REFUSED;
    }
    const backoff = steppedBackoff(options.backoffMs ?? [100, 400]);
    const timeoutMs = options.timeoutMs ?? 2000;
    const deadline = Date.now() + retryForMs;
    gate.waiting++;
    try {
      // Made only when thrown: its stack, taken at every publish, cost polls 21.7 µs a vote (profiled at 800/s).
      let lastError: unknown;
      for (;;) {
        if (!(await gate.turn(deadline))) throw lastError ?? new Error(`no attempt within ${retryForMs} ms`);
        attempt.tried++;
        try {
          return await this.publish(subject, payload, {
            ...publishOptions,
            timeoutMs: Math.max(100, Math.min(timeoutMs, deadline - Date.now())),
          });
        } catch (err) {
          if (err instanceof ContractError) throw err;
          lastError = err;
          // While quiet the gate paces the attempts; otherwise this publish's own backoff does.
          const delay = gate.quiet ? 0 : backoff(attempt.tried);
          if (deadline - Date.now() <= delay) throw err;
          if (delay > 0) await sleep(delay);
        }
      }
    } finally {
      gate.waiting--;
    }
  }
}

/** A publish refused at once (the gate's waitMax): answered 503 without a log line of its own (the gate logs them). */
const REFUSED = new Error('refused while JetStream is quiet');
