import {
  AckPolicy,
  DeliverPolicy,
  NatsError,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
} from 'nats';
import { streams } from '@meydan/proto';
import type { Logger } from '../logger.js';
import { jetstreamRedeliveries, reportConsumerLag, type ConsumerLag } from '../metrics.js';
import { exponentialBackoff, steppedBackoff, type Backoff } from '../retry.js';
import { streamNotFoundYet, throughElection } from '../streams.js';
import { extractTraceContext, inSpan } from '../tracing.js';
import { BatchConsumer, type ConsumeBatchesOptions } from './batches.js';
import type { ConsumerSettings, Named } from './consumer-settings.js';
import type { DeadLetters } from './dead-letters.js';
import type { Streams } from './streams.js';
import { natsSpanAttributes, requestIdIn, type BusContext } from './wire.js';

export type EventContext = BusContext & { deliveries: number; msgId: string | undefined };

export interface ConsumeOptions<T, S extends string = string> extends ConsumerSettings<S> {
  /** Receives only payloads that match the subject's contract (others are dead-lettered at once). */
  handler: (payload: T, ctx: EventContext) => Promise<void> | void;
  /** Delay before each redelivery, by attempt; the last value repeats. */
  backoffMs?: number[];
  /** Messages handled at once. */
  concurrency?: number;
}

/** A running consumer: `stop()` stops fetching and waits for the handlers in flight. */
export interface ConsumerHandle {
  stop(): Promise<void>;
}

const CONSUMER_NOT_FOUND = 10014;
/** A consumer's pull requests last 10 s with a heartbeat every 2.5 s: a lost one is noticed within seconds. */
const PULL_EXPIRES_MS = 10_000;
const PULL_HEARTBEAT_MS = 2_500;

/** The bus's durable JetStream consumers: set up, fed to their handlers, measured, and stopped. */
export class Consumers {
  private readonly consumerLoops: { messages: ConsumerMessages; done: Promise<void> }[] = [];
  private readonly openConsumers: { stream: string; durable: string; name: string }[] = [];
  private stopReportingLag: (() => void) | undefined;

  constructor(
    private readonly js: JetStreamClient,
    private readonly log: Logger,
    private readonly streams: Streams,
    private readonly deadLetters: DeadLetters,
    /** Prefix of this deployment's durable consumers (tests: their own, so no run shares one with another). */
    readonly consumerPrefix: string,
    /** The service the consumers belong to: the first part of their names. */
    private readonly service: string,
  ) {}

  /** A consumer's name without the prefix: `<service>--<purpose>` (what metrics and dead-letter subjects say). */
  durable(purpose: string): string {
    return `${this.service}--${purpose}`;
  }

  /** The settings with the durable consumer's name for their purpose. */
  private named<T extends ConsumerSettings<string>>(settings: T): Named<T> {
    return { ...settings, durable: this.durable(settings.purpose) };
  }

  durableName(name: string): string {
    return `${this.consumerPrefix}${name}`;
  }

  /** Creates or updates a durable pull consumer and starts fetching from it. */
  private async open(
    settings: Named<ConsumerSettings<string>>,
    maxAckPending: number,
    prefetch: number,
  ): Promise<ConsumerMessages> {
    const stream = settings.stream ?? streams.events.name;
    const maxDeliver = settings.maxDeliver ?? 5;
    const jsm = await this.streams.manager();
    const config = {
      max_deliver: maxDeliver,
      ack_wait: nanos(settings.ackWaitMs ?? 30_000),
      max_ack_pending: maxAckPending,
    };
    // A prefixed consumer belongs to one test run or side deployment: it starts from its own creation, not from
    // every event the shared stream has kept for others.
    const durable = this.durableName(settings.durable);
    // Through an election: for a few seconds after a server of a cluster is lost, consumer requests time out.
    const consumer = await throughElection(
      `consumer ${durable}`,
      async () => {
        const existing = await jsm.consumers.info(stream, durable).catch((err: unknown) => {
          if (err instanceof NatsError && err.api_error?.err_code === CONSUMER_NOT_FOUND) return null;
          throw err;
        });
        if (existing) {
          await jsm.consumers.update(stream, durable, config);
        } else {
          await jsm.consumers.add(stream, {
            durable_name: durable,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: this.consumerPrefix && !settings.deliverAll ? DeliverPolicy.New : DeliverPolicy.All,
            filter_subject: settings.filterSubject,
            ...config,
          });
        }
        return this.js.consumers.get(stream, durable);
      },
      this.log,
      undefined,
      streamNotFoundYet,
    );
    this.openConsumers.push({ stream, durable, name: settings.durable });
    this.stopReportingLag ??= reportConsumerLag(() => this.consumerLags());
    // A pull request parked on a consumer leader that is lost (or not yet elected) is renewed only once its heartbeats
    // are missed: with nats.js's defaults (30 s, heartbeats every 15 s) a consumer set up or running through a server's
    // loss could stall 30 s; see PULL_EXPIRES_MS.
    return consumer.consume({ max_messages: prefetch, expires: PULL_EXPIRES_MS, idle_heartbeat: PULL_HEARTBEAT_MS });
  }

  /** Every consumer's backlog on the server (for the lag gauges), named without this deployment's prefix. */
  private async consumerLags(): Promise<ConsumerLag[]> {
    const jsm = await this.streams.manager();
    const infos = await Promise.all(
      this.openConsumers.map(async ({ stream, durable, name }) => {
        try {
          const info = await jsm.consumers.info(stream, durable);
          return [{ consumer: name, pending: info.num_pending, ackPending: info.num_ack_pending }];
        } catch {
          return [];
        }
      }),
    );
    return infos.flat();
  }

  async consume(settings: ConsumeOptions<unknown>): Promise<ConsumerHandle> {
    const options = this.named(settings);
    const maxDeliver = options.maxDeliver ?? 5;
    const backoff = steppedBackoff(options.backoffMs ?? [500, 2000, 5000, 15000]);
    const concurrency = Math.max(1, options.concurrency ?? 8);
    const messages = await this.open(options, Math.max(concurrency * 4, 64), concurrency * 2);
    const inFlight = new Set<Promise<void>>();
    const done = (async () => {
      for await (const m of messages) {
        while (inFlight.size >= concurrency) await Promise.race(inFlight);
        const work = inSpan(
          `${m.subject} process`,
          'consumer',
          { ...natsSpanAttributes(m.subject), 'messaging.consumer.group.name': options.durable },
          () => this.handleEvent(m, options, maxDeliver, backoff),
          extractTraceContext(m.headers),
        ).finally(() => inFlight.delete(work));
        inFlight.add(work);
      }
      await Promise.allSettled(inFlight);
    })();
    return this.track(messages, done);
  }

  private async handleEvent(m: JsMsg, options: Named<ConsumeOptions<unknown>>, maxDeliver: number, backoff: Backoff) {
    const requestId = requestIdIn(m.headers);
    const deliveries = m.info.redeliveryCount;
    if (deliveries > 1) jetstreamRedeliveries.inc({ consumer: options.durable });
    const log = this.log.child({ reqId: requestId, subject: m.subject, durable: options.durable, deliveries });
    const valid = await this.deadLetters.validEvent(m, options.durable, options.filterSubject, log);
    if (!valid) return;
    try {
      await options.handler(valid.payload, {
        requestId,
        log,
        subject: m.subject,
        deliveries,
        msgId: m.headers?.get('Nats-Msg-Id') || undefined,
      });
      m.ack();
    } catch (err) {
      if (maxDeliver > 0 && deliveries >= maxDeliver) {
        log.error({ err }, 'event handler failed for the last time: dead-lettered');
        await this.deadLetters.deadLetter(m, options.durable, String((err as Error)?.message ?? err), log);
        return;
      }
      const delay = backoff(deliveries);
      log.warn({ err, delay }, 'event handler failed: will be redelivered');
      m.nak(delay);
    }
  }

  async consumeBatches(settings: ConsumeBatchesOptions<unknown>): Promise<ConsumerHandle> {
    const options = this.named(settings);
    const prefetch = options.prefetch ?? options.batchMax * 4;
    const messages = await this.open(options, options.maxAckPending ?? Math.max(prefetch * 10, 1000), prefetch);
    const batches = new BatchConsumer(
      options,
      options.retryDelayMs ?? exponentialBackoff(500, 5000),
      this.deadLetters,
      this.log,
    );
    return this.track(messages, batches.run(messages));
  }

  private track(messages: ConsumerMessages, done: Promise<void>): ConsumerHandle {
    this.consumerLoops.push({ messages, done });
    return {
      async stop() {
        messages.stop();
        await done.catch(() => undefined);
      },
    };
  }

  /** Stops every consumer and waits for the handlers in flight. */
  async stop(): Promise<void> {
    this.stopReportingLag?.();
    for (const loop of this.consumerLoops) loop.messages.stop();
    await Promise.allSettled(this.consumerLoops.map((l) => l.done));
  }
}
