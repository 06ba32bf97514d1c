import {
  AckPolicy,
  DeliverPolicy,
  ErrorCode as NatsErrorCode,
  JSONCodec,
  NatsError,
  RetentionPolicy,
  StorageType,
  headers as natsHeadersInit,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from 'nats';
import type { ValidateFunction } from 'ajv';
import { createAjv, deadLetterSubject, natsHeaders, streams } from '@meydan/proto';
import { randomUUID } from 'node:crypto';
import { HttpError, httpError } from './errors.js';
import type { Logger } from './logger.js';

/** What a NATS handler knows about the message it is handling. */
export interface BusContext {
  requestId: string;
  log: Logger;
  subject: string;
}

/** Anything that carries a request id: a BusContext, or a Fastify request (whose `id` is the request id). */
export type RequestIdSource = { requestId: string } | { id: string } | undefined;

type Reply<T> = { ok: true; data: T } | { ok: false; error: { status: number; error: string; message: string } };

export interface RespondOptions {
  /** JSON Schema (or a proto `$id`) the request payload must satisfy. */
  requestSchema?: object | string;
  /** JSON Schema (or a proto `$id`) the handler's result must satisfy before it is sent. */
  responseSchema?: object | string;
  /** Queue group; defaults to the service name, so instances share the load. */
  queue?: string;
}

export interface ConsumeOptions<T> {
  stream?: string;
  /** Durable consumer name, `<consumer>--<purpose>`. */
  durable: string;
  filterSubject: string;
  handler: (payload: T, ctx: BusContext & { deliveries: number; msgId: string | undefined }) => Promise<void> | void;
  /** Deliveries before the message goes to the dead-letter subject. */
  maxDeliver?: number;
  /** Delay before each redelivery, by attempt; the last value repeats. */
  backoffMs?: number[];
  /** Messages handled at once. */
  concurrency?: number;
  ackWaitMs?: number;
}

export interface PublishOptions {
  /** JetStream de-duplication id: the same id within the stream's window is stored once. */
  msgId?: string;
  requestId?: string;
}

const codec = JSONCodec();

function requestIdOf(source: RequestIdSource): string {
  if (!source) return randomUUID();
  return 'requestId' in source ? source.requestId : source.id;
}

function headersWith(requestId: string): MsgHdrs {
  const h = natsHeadersInit();
  h.set(natsHeaders.requestId, requestId);
  return h;
}

/** Request/reply and JetStream helpers bound to one service's connection and log. */
export class Bus {
  private readonly ajv = createAjv();
  private readonly validators = new Map<object | string, ValidateFunction>();
  private readonly subscriptions: Subscription[] = [];
  private readonly consumerLoops: { messages: ConsumerMessages; done: Promise<void> }[] = [];
  private jsm: JetStreamManager | undefined;

  constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    private readonly log: Logger,
    private readonly service: string,
  ) {}

  private validator(schema: object | string): ValidateFunction {
    let fn = this.validators.get(schema);
    if (!fn) {
      fn = typeof schema === 'string' ? this.ajv.getSchema(schema) : this.ajv.compile(schema);
      if (!fn) throw new Error(`unknown schema ${String(schema)}`);
      this.validators.set(schema, fn);
    }
    return fn;
  }

  private check(schema: object | string | undefined, value: unknown): string | null {
    if (!schema) return null;
    const validate = this.validator(schema);
    if (validate(value)) return null;
    const first = validate.errors?.[0];
    return first ? `${first.instancePath || '/'} ${first.message ?? 'geçersiz'}` : 'geçersiz';
  }

  /**
   * Sends a request and waits for the reply. "No responders" and "timeout" are told apart:
   * both become a 503 HttpError (`service_unavailable` / `service_timeout`); a responder's own
   * error comes back as the HttpError it threw.
   */
  async request<T = unknown>(
    subject: string,
    payload: unknown,
    source?: RequestIdSource,
    timeoutMs = 2000,
  ): Promise<T> {
    const requestId = requestIdOf(source);
    let msg: Msg;
    try {
      msg = await this.nc.request(subject, codec.encode(payload ?? null), {
        timeout: timeoutMs,
        headers: headersWith(requestId),
      });
    } catch (err) {
      if (err instanceof NatsError && err.code === NatsErrorCode.NoResponders) {
        this.log.warn({ reqId: requestId, subject }, 'nats request: no responders');
        throw new HttpError(503, 'service_unavailable', undefined, { 'retry-after': '5' });
      }
      if (err instanceof NatsError && err.code === NatsErrorCode.Timeout) {
        this.log.warn({ reqId: requestId, subject, timeoutMs }, 'nats request: timeout');
        throw new HttpError(503, 'service_timeout', undefined, { 'retry-after': '5' });
      }
      throw err;
    }
    const reply = codec.decode(msg.data) as Reply<T>;
    if (reply.ok) return reply.data;
    throw new HttpError(reply.error.status, reply.error.error, reply.error.message);
  }

  /** Binds a plain function `(payload, ctx) => result` to a subject, validating both directions. */
  respond<P = unknown, R = unknown>(
    subject: string,
    handler: (payload: P, ctx: BusContext) => Promise<R> | R,
    options: RespondOptions = {},
  ): Subscription {
    const sub = this.nc.subscribe(subject, {
      queue: options.queue ?? this.service,
      callback: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'nats subscription error');
          return;
        }
        void this.answer(msg, handler, options);
      },
    });
    this.subscriptions.push(sub);
    return sub;
  }

  private async answer<P, R>(msg: Msg, handler: (payload: P, ctx: BusContext) => Promise<R> | R, options: RespondOptions) {
    const requestId = msg.headers?.get(natsHeaders.requestId) || randomUUID();
    const log = this.log.child({ reqId: requestId, subject: msg.subject });
    const send = (reply: Reply<R>) => {
      if (msg.reply) msg.respond(codec.encode(reply));
    };
    let payload: P;
    try {
      payload = (msg.data.length ? codec.decode(msg.data) : null) as P;
    } catch {
      send({ ok: false, error: { status: 400, error: 'validation', message: httpError('validation').message } });
      return;
    }
    const invalid = this.check(options.requestSchema, payload);
    if (invalid) {
      log.warn({ invalid }, 'nats request rejected by schema');
      send({ ok: false, error: { status: 400, error: 'validation', message: httpError('validation').message } });
      return;
    }
    try {
      const result = await handler(payload, { requestId, log, subject: msg.subject });
      const bad = this.check(options.responseSchema, result);
      if (bad) {
        log.error({ bad }, 'nats reply does not match its schema');
        send({ ok: false, error: { status: 500, error: 'internal', message: httpError('internal').message } });
        return;
      }
      send({ ok: true, data: result });
    } catch (err) {
      if (err instanceof HttpError) {
        send({ ok: false, error: { status: err.statusCode, error: String(err.code), message: err.message } });
      } else {
        log.error({ err }, 'nats handler failed');
        send({ ok: false, error: { status: 500, error: 'internal', message: httpError('internal').message } });
      }
    }
  }

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await this.nc.jetstreamManager();
    return this.jsm;
  }

  /** Creates the shared streams if they are missing (safe when several services start at once). */
  async ensureStreams(): Promise<void> {
    const jsm = await this.manager();
    for (const stream of [streams.events, streams.deadLetter]) {
      try {
        await jsm.streams.info(stream.name);
      } catch {
        try {
          await jsm.streams.add({
            name: stream.name,
            subjects: [...stream.subjects],
            retention: RetentionPolicy.Limits,
            storage: StorageType.File,
            max_age: nanos(14 * 24 * 3600 * 1000),
            duplicate_window: nanos(10 * 60 * 1000),
          });
        } catch (err) {
          // Another instance created it in the meantime.
          await jsm.streams.info(stream.name).catch(() => {
            throw err;
          });
        }
      }
    }
  }

  /** Publishes an event to JetStream and waits for the stream's acknowledgement. */
  async publish(subject: string, payload: unknown, options: PublishOptions = {}): Promise<{ duplicate: boolean; seq: number }> {
    const ack = await this.js.publish(subject, codec.encode(payload), {
      headers: headersWith(options.requestId ?? randomUUID()),
      ...(options.msgId ? { msgID: options.msgId } : {}),
    });
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  /**
   * Consumes a durable JetStream consumer: explicit ack after the handler succeeds, at most
   * `concurrency` messages at once, redelivery with backoff on failure, and after `maxDeliver`
   * failed deliveries the message is copied to `deadletter.<durable>` and terminated.
   */
  async consume<T = unknown>(options: ConsumeOptions<T>): Promise<void> {
    const stream = options.stream ?? streams.events.name;
    const maxDeliver = options.maxDeliver ?? 5;
    const backoff = options.backoffMs ?? [500, 2000, 5000, 15000];
    const concurrency = Math.max(1, options.concurrency ?? 8);
    const jsm = await this.manager();
    const config = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: options.filterSubject,
      max_deliver: maxDeliver,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_ack_pending: Math.max(concurrency * 4, 64),
    };
    try {
      await jsm.consumers.info(stream, options.durable);
      await jsm.consumers.update(stream, options.durable, {
        max_deliver: config.max_deliver,
        ack_wait: config.ack_wait,
        max_ack_pending: config.max_ack_pending,
      });
    } catch {
      await jsm.consumers.add(stream, config);
    }
    const consumer = await this.js.consumers.get(stream, options.durable);
    const messages = await consumer.consume({ max_messages: concurrency * 2 });
    const inFlight = new Set<Promise<void>>();
    const done = (async () => {
      for await (const m of messages) {
        while (inFlight.size >= concurrency) await Promise.race(inFlight);
        const work = this.handleEvent(m, options, maxDeliver, backoff).finally(() => inFlight.delete(work));
        inFlight.add(work);
      }
      await Promise.allSettled(inFlight);
    })();
    this.consumerLoops.push({ messages, done });
  }

  private async handleEvent<T>(m: JsMsg, options: ConsumeOptions<T>, maxDeliver: number, backoff: number[]) {
    const requestId = m.headers?.get(natsHeaders.requestId) || randomUUID();
    const deliveries = m.info.redeliveryCount;
    const log = this.log.child({ reqId: requestId, subject: m.subject, durable: options.durable, deliveries });
    try {
      const payload = codec.decode(m.data) as T;
      await options.handler(payload, {
        requestId,
        log,
        subject: m.subject,
        deliveries,
        msgId: m.headers?.get('Nats-Msg-Id') || undefined,
      });
      m.ack();
    } catch (err) {
      if (deliveries >= maxDeliver) {
        log.error({ err }, 'event handler failed for the last time: dead-lettered');
        try {
          const h = headersWith(requestId);
          h.set('x-original-subject', m.subject);
          h.set('x-error', String((err as Error)?.message ?? err).slice(0, 500));
          h.set('x-deliveries', String(deliveries));
          await this.js.publish(deadLetterSubject(options.durable), m.data, { headers: h });
          m.term();
        } catch (dlqErr) {
          log.error({ err: dlqErr }, 'dead-lettering failed; leaving for redelivery');
          m.nak(backoff[backoff.length - 1]);
        }
        return;
      }
      const delay = backoff[Math.min(deliveries - 1, backoff.length - 1)] ?? 1000;
      log.warn({ err, delay }, 'event handler failed: will be redelivered');
      m.nak(delay);
    }
  }

  /** Stops consumers (letting handlers in flight finish) and unsubscribes responders. */
  async stop(): Promise<void> {
    for (const loop of this.consumerLoops) loop.messages.stop();
    await Promise.allSettled(this.consumerLoops.map((l) => l.done));
    for (const sub of this.subscriptions) sub.unsubscribe();
  }
}
