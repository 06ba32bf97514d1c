import type { ConsumerMessages, JsMsg } from 'nats';
import type { Logger } from '../logger.js';
import { jetstreamRedeliveries } from '../metrics.js';
import type { Backoff } from '../retry.js';
import { extractTraceContext, inSpans } from '../tracing.js';
import type { ConsumerSettings, Named } from './consumer-settings.js';
import type { DeadLetters } from './dead-letters.js';
import { natsSpanAttributes, requestIdIn } from './wire.js';

/** One event of a batch. */
export interface BatchItem<T> {
  payload: T;
  requestId: string;
  deliveries: number;
  msgId: string | undefined;
}

export interface ConsumeBatchesOptions<T, S extends string = string> extends ConsumerSettings<S> {
  /**
   * Receives up to `batchMax` valid events at once; when it returns they are all acknowledged, when it throws they
   * are all redelivered after `retryDelayMs(consecutive failures)`.
   */
  handler: (batch: BatchItem<T>[], ctx: { log: Logger; subject: string }) => Promise<void>;
  batchMax: number;
  /**
   * How long a batch that is not full waits for more events before it is handled: fewer, larger batches (each costs
   * its store a few writes, whatever its size) at the price of that much delay.
   */
  gatherMs?: number;
  /** Messages fetched ahead of the handler. */
  prefetch?: number;
  maxAckPending?: number;
  retryDelayMs?: Backoff;
}

/**
 * Settings of a batch consumer that must store every event of a subject as busy as a viral poll's votes: 500 at once,
 * gathered for up to 100 ms (a batch of 5 votes cost FerretDB as many writes as one of 100), 2,000 fetched ahead, up
 * to 20,000 unacknowledged, a minute per batch before it is redelivered, and redelivered (with a growing delay) for as
 * long as its store is unreachable, never dropped.
 */
export const EVERY_EVENT_IN_BATCHES = {
  batchMax: 500,
  gatherMs: 100,
  prefetch: 2000,
  maxAckPending: 20_000,
  ackWaitMs: 60_000,
  maxDeliver: -1,
} as const satisfies Partial<ConsumeBatchesOptions<unknown>>;

/**
 * How long a batch consumer gathers when no answer waits on its store (the admin read model's vote counts, the "N
 * people voted" notifications): a second. Each batch costs its store the same few writes whatever its size; at 30
 * votes/s, where 100 ms batches hold a handful of votes, the chaos run on clusters committed 462 PostgreSQL
 * transactions a second with 100 ms, 309 with this (FerretDB and PostgreSQL are a quarter of that stack's CPU). Only a
 * reader of the counts sees the delay, at most this much.
 */
export const BACKGROUND_GATHER_MS = 1000;

/**
 * Feeds a durable consumer's messages to a handler in batches: messages are gathered while the previous batch is
 * handled, up to `batchMax` at once. Invalid events are dead-lettered at once and left out of the batch.
 */
export class BatchConsumer {
  private readonly log: Logger;
  private readonly buffer: JsMsg[] = [];
  private flushing: Promise<void> | null = null;
  private failures = 0;
  /** While a batch gathers: `full()` ends the wait early once it is full. */
  private readonly gathering: { full?: () => void; stopping?: boolean } = {};

  constructor(
    private readonly options: Named<ConsumeBatchesOptions<unknown>>,
    private readonly retryDelay: Backoff,
    private readonly deadLetters: DeadLetters,
    log: Logger,
  ) {
    this.log = log.child({ subject: options.filterSubject, durable: options.durable });
  }

  /** Handles what arrives until the messages stop; then what is gathered so far, without waiting for more. */
  async run(messages: ConsumerMessages): Promise<void> {
    for await (const m of messages) {
      this.buffer.push(m);
      if (this.buffer.length >= this.options.batchMax) this.gathering.full?.();
      this.flushing ??= this.flush();
    }
    this.gathering.stopping = true;
    this.gathering.full?.();
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const { gatherMs, batchMax } = this.options;
    while (this.buffer.length) {
      if (gatherMs && !this.gathering.stopping && this.buffer.length < batchMax) await this.gather(gatherMs);
      await this.handleBatch(this.buffer.splice(0, batchMax));
    }
    this.flushing = null;
  }

  private gather(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.gathering.full = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.gathering.full = end;
    });
  }

  /** The batch's valid events; the others are dead-lettered before it is handled. */
  private async validItems(batch: JsMsg[]): Promise<{ m: JsMsg; item: BatchItem<unknown> }[]> {
    const { durable, filterSubject } = this.options;
    const items: { m: JsMsg; item: BatchItem<unknown> }[] = [];
    const refused: Promise<void>[] = [];
    for (const m of batch) {
      if (m.info.redeliveryCount > 1) jetstreamRedeliveries.inc({ consumer: durable });
      const requestId = requestIdIn(m.headers);
      const checked = this.deadLetters.checkedEvent(m, filterSubject);
      if (!('payload' in checked)) {
        refused.push(this.deadLetters.refuseEvent(m, durable, checked.problem, this.log.child({ reqId: requestId })));
        continue;
      }
      items.push({
        m,
        item: {
          payload: checked.payload,
          requestId,
          deliveries: m.info.redeliveryCount,
          msgId: m.headers?.get('Nats-Msg-Id') || undefined,
        },
      });
    }
    await Promise.all(refused);
    return items;
  }

  private async handleBatch(batch: JsMsg[]): Promise<void> {
    const { durable, filterSubject, handler } = this.options;
    const items = await this.validItems(batch);
    if (items.length === 0) return;
    try {
      // One consumer span in the trace of each event of the batch.
      await inSpans(
        `${filterSubject} process`,
        'consumer',
        {
          ...natsSpanAttributes(filterSubject),
          'messaging.consumer.group.name': durable,
          'messaging.batch.message_count': items.length,
        },
        items.map(({ m }) => extractTraceContext(m.headers)),
        () =>
          handler(
            items.map((i) => i.item),
            { log: this.log, subject: filterSubject },
          ),
      );
      this.failures = 0;
      for (const { m } of items) m.ack();
    } catch (err) {
      this.failures++;
      const delay = this.retryDelay(this.failures);
      this.log.warn(
        { err: (err as Error)?.message ?? err, events: items.length, delay },
        'event batch failed: will be redelivered',
      );
      for (const { m } of items) m.nak(delay);
    }
  }
}
