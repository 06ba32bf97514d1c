import {
  AckPolicy,
  DeliverPolicy,
  ErrorCode as NatsErrorCode,
  JSONCodec,
  NatsError,
  headers as natsHeadersInit,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Service,
  type ServiceMsg,
  type Subscription,
} from 'nats';
import type { ValidateFunction } from 'ajv';
import {
  createAjv,
  deadLetterSubject,
  natsContracts,
  natsHeaders,
  streams,
  type BusContracts,
  type Contract,
  type NatsContracts,
  type PayloadOf,
  type RequestContract,
} from '@meydan/proto';
import { randomUUID } from 'node:crypto';
import { HttpError, httpError } from './errors.js';
import type { Logger } from './logger.js';
import { extractTraceContext, injectTraceContext, inSpan, inSpans } from './tracing.js';
import { jetstreamDeadLetters, jetstreamRedeliveries, natsRequestDuration, reportConsumerLag, type ConsumerLag } from './metrics.js';
import { exponentialBackoff, retry, steppedBackoff, type Backoff } from './retry.js';
import { ensureStream, eventStreams, throughElection, type StreamSpec } from './streams.js';

/** What a NATS handler knows about the message it is handling. */
export interface BusContext {
  requestId: string;
  log: Logger;
  subject: string;
}

/** Anything that carries a request id: a BusContext, or a Fastify request (whose `id` is the request id). */
export type RequestIdSource = { requestId: string } | { id: string } | undefined;

type Reply<T> = { ok: true; data: T } | { ok: false; error: { status: number; error: string; message: string } };

/** The JetStream event subjects of a registry, and what a consumer of a subject or filter receives. */
export type EventSubject<C extends BusContracts> = keyof C['events'] & string;
export type ConsumeSubject<C extends BusContracts> = (keyof C['events'] | keyof C['filters']) & string;
export type EventPayload<C extends BusContracts, S extends string> = S extends keyof C['events']
  ? PayloadOf<C['events'][S]>
  : S extends keyof C['filters']
    ? PayloadOf<C['filters'][S]>
    : never;
export type RequestSubject<C extends BusContracts> = keyof C['requests'] & string;
export type RequestPayload<C extends BusContracts, S extends string> = S extends keyof C['requests']
  ? C['requests'][S] extends RequestContract<infer Q, unknown>
    ? Q
    : never
  : never;
export type ReplyPayload<C extends BusContracts, S extends string> = S extends keyof C['requests']
  ? C['requests'][S] extends RequestContract<unknown, infer R>
    ? R
    : never
  : never;
export type LiveSubject<C extends BusContracts> = keyof C['live'] & string;
export type LivePayload<C extends BusContracts, S extends string> = S extends keyof C['live'] ? PayloadOf<C['live'][S]> : never;

/** A message that does not match its subject's contract, or a subject that has none: a bug of the sender. */
export class ContractError extends Error {
  override name = 'ContractError';
  constructor(
    readonly subject: string,
    readonly problem: string,
  ) {
    super(`${subject}: ${problem}`);
  }
}

export interface RespondOptions {
  /** Queue group; defaults to the service name, so instances share the load. */
  queue?: string;
}

/** A responder that stands in for another service (tests): `stop()` withdraws it. */
export interface StandIn {
  stop(): Promise<void>;
}

/** The NATS service name and version under which a process answers its requests. */
export interface ServiceRegistration {
  name: string;
  version: string;
  description?: string;
}

/** A NATS service endpoint's name: the subject, with the dots the endpoint names may not contain turned into dashes. */
export function endpointName(subject: string): string {
  return subject.replaceAll('.', '-');
}

/** What an endpoint's answer adds to its `$SRV.STATS` once it is sent. */
interface EndpointMeter {
  failed(err: Error): void;
  took(ms: number): void;
}

interface NatsEndpointStats {
  countError(err: Error): void;
  num_requests: number;
  processing_time: number;
  average_processing_time: number;
}

/**
 * The stats of a service's endpoint, for what nats.js 2.x cannot see: it counts an error only when an endpoint handler
 * throws synchronously and times the handler only until it returns, and ours answer asynchronously, so `$SRV.STATS`
 * would report no errors and no processing time. Reached through the service's internals, checked, and left alone
 * (stats as nats.js keeps them) when their shape changes.
 */
function endpointMeterOf(service: Service, subject: string): EndpointMeter | undefined {
  const handlers = (service as unknown as { handlers?: { subject?: string; stats?: Partial<NatsEndpointStats> }[] }).handlers;
  const stats = Array.isArray(handlers) ? handlers.find((h) => h.subject === subject)?.stats : undefined;
  if (
    typeof stats?.countError !== 'function' ||
    typeof stats.num_requests !== 'number' ||
    typeof stats.processing_time !== 'number' ||
    typeof stats.average_processing_time !== 'number'
  ) {
    return undefined;
  }
  const endpoint = stats as NatsEndpointStats;
  return {
    failed: (err) => endpoint.countError(err),
    took: (ms) => {
      endpoint.processing_time += Math.round(ms * 1e6);
      if (endpoint.num_requests > 0) endpoint.average_processing_time = Math.round(endpoint.processing_time / endpoint.num_requests);
    },
  };
}

export type EventContext = BusContext & { deliveries: number; msgId: string | undefined };

interface ConsumerSettings<S extends string> {
  stream?: string;
  /** Durable consumer name, `<consumer>--<purpose>`. */
  durable: string;
  /** An event subject or a wildcard filter of the contracts. */
  filterSubject: S;
  /** Deliveries before a failing message goes to the dead-letter subject; -1 retries without end. */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Start from the stream's first message even under a consumer prefix (a work-queue stream requires it). */
  deliverAll?: boolean;
}

export interface ConsumeOptions<T, S extends string = string> extends ConsumerSettings<S> {
  /** Receives only payloads that match the subject's contract (others are dead-lettered at once). */
  handler: (payload: T, ctx: EventContext) => Promise<void> | void;
  /** Delay before each redelivery, by attempt; the last value repeats. */
  backoffMs?: number[];
  /** Messages handled at once. */
  concurrency?: number;
}

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

/** A running consumer: `stop()` stops fetching and waits for the handlers in flight. */
export interface ConsumerHandle {
  stop(): Promise<void>;
}

export interface PublishOptions {
  /** JetStream de-duplication id: the same id within the stream's window is stored once. */
  msgId?: string;
  requestId?: string;
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

/** What the process's configuration says about JetStream (NATS_STREAM_REPLICAS, NATS_PUBLISH_RETRY_MS). */
export interface BusSettings {
  streamReplicas: number;
  publishRetryMs: number;
}

export const defaultBusSettings: BusSettings = { streamReplicas: 1, publishRetryMs: 10_000 };

const codec = JSONCodec();
const CONSUMER_NOT_FOUND = 10014;
/** A consumer's pull requests last 10 s with a heartbeat every 2.5 s: a lost one is noticed within seconds. */
const PULL_EXPIRES_MS = 10_000;
const PULL_HEARTBEAT_MS = 2_500;

function requestIdOf(source: RequestIdSource): string {
  if (!source) return randomUUID();
  return 'requestId' in source ? source.requestId : source.id;
}

const natsSpanAttributes = (subject: string) => ({ 'messaging.system': 'nats', 'messaging.destination.name': subject });

function headersWith(requestId: string): MsgHdrs {
  const h = natsHeadersInit();
  h.set(natsHeaders.requestId, requestId);
  return h;
}

/**
 * Request/reply, JetStream and live helpers bound to one service's connection and log. Every message goes through
 * the contracts (proto's `natsContracts` unless a test brings its own): a subject without a contract is refused,
 * payloads are validated with validators compiled once per schema.
 */
export class Bus<C extends BusContracts = NatsContracts> {
  private readonly ajv = createAjv();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly subscriptions: Subscription[] = [];
  private readonly natsServices: Service[] = [];
  private ownService: Service | undefined;
  private readonly consumerLoops: { messages: ConsumerMessages; done: Promise<void> }[] = [];
  private jsm: JetStreamManager | undefined;
  private readonly openConsumers: { stream: string; durable: string; name: string }[] = [];
  private stopReportingLag: (() => void) | undefined;
  readonly contracts: C;
  readonly settings: BusSettings;

  constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    private readonly log: Logger,
    private readonly service: string,
    contracts?: C,
    /** Prefix of this deployment's durable consumers (tests: their own, so no run shares one with another). */
    private readonly consumerPrefix = '',
    settings: Partial<BusSettings> = {},
  ) {
    this.contracts = contracts ?? (natsContracts as unknown as C);
    this.settings = { ...defaultBusSettings, ...settings };
  }

  private validator(contract: Contract): ValidateFunction {
    const id = contract.schema.$id;
    let fn = this.validators.get(id);
    if (!fn) {
      fn = this.ajv.getSchema(id) ?? this.ajv.compile(contract.schema);
      this.validators.set(id, fn);
    }
    return fn;
  }

  /** null when the value matches the contract, else the first problem (for logs). */
  private problem(contract: Contract, value: unknown): string | null {
    const validate = this.validator(contract);
    if (validate(value)) return null;
    const first = validate.errors?.[0];
    return first ? `${first.instancePath || '/'} ${first.message ?? 'geçersiz'}` : 'geçersiz';
  }

  private contractFor(kind: 'events' | 'live', subject: string): Contract {
    const contract =
      (this.contracts[kind] as Record<string, Contract | undefined>)[subject] ??
      (kind === 'events' ? this.filterContractMatching(subject) : undefined);
    if (!contract) throw new ContractError(subject, `no ${kind} contract`);
    return contract;
  }

  /** The contract of the wildcard filter that covers a subject (`work.admin.bulk-email.*` covers each deployment's). */
  private filterContractMatching(subject: string): Contract | undefined {
    const tokens = subject.split('.');
    for (const [filter, contract] of Object.entries(this.contracts.filters as Record<string, Contract>)) {
      const pattern = filter.split('.');
      const matches = pattern.every((p, i) =>
        p === '>' ? i < tokens.length : i < tokens.length && (p === '*' || p === tokens[i]),
      );
      if (matches && (pattern.at(-1) === '>' || pattern.length === tokens.length)) return contract;
    }
    return undefined;
  }

  private requestContract(subject: string): RequestContract {
    const contract = (this.contracts.requests as Record<string, RequestContract | undefined>)[subject];
    if (!contract) throw new ContractError(subject, 'no request contract');
    return contract;
  }

  /** The contract of a consumed message: its own subject's, else the filter's (wildcards). */
  private consumedContract(filter: string, subject: string): Contract | undefined {
    return (
      (this.contracts.events as Record<string, Contract | undefined>)[subject] ??
      (this.contracts.filters as Record<string, Contract | undefined>)[filter] ??
      this.filterContractMatching(subject)
    );
  }

  /**
   * Sends a request and waits for the reply. "No responders" and "timeout" are told apart:
   * both become a 503 HttpError (`service_unavailable` / `service_timeout`); a responder's own
   * error comes back as the HttpError it threw. A reply that breaks the contract is a 500.
   */
  async request<S extends RequestSubject<C>>(
    subject: S,
    payload: RequestPayload<C, S>,
    source?: RequestIdSource,
    timeoutMs = 2000,
  ): Promise<ReplyPayload<C, S>> {
    const contract = this.requestContract(subject);
    const invalid = this.problem(contract.request, payload ?? null);
    if (invalid) throw new ContractError(subject, `request ${invalid}`);
    const requestId = requestIdOf(source);
    let msg: Msg;
    const started = performance.now();
    try {
      msg = await inSpan(`${subject} request`, 'client', natsSpanAttributes(subject), () => {
        const h = headersWith(requestId);
        injectTraceContext(h);
        return this.nc.request(subject, codec.encode(payload ?? null), { timeout: timeoutMs, headers: h });
      });
      natsRequestDuration.observe({ subject, outcome: 'ok' }, (performance.now() - started) / 1000);
    } catch (err) {
      const noResponders = err instanceof NatsError && err.code === NatsErrorCode.NoResponders;
      const timedOut = err instanceof NatsError && err.code === NatsErrorCode.Timeout;
      const outcome = noResponders ? 'no_responders' : timedOut ? 'timeout' : 'error';
      natsRequestDuration.observe({ subject, outcome }, (performance.now() - started) / 1000);
      if (noResponders) {
        this.log.warn({ reqId: requestId, subject }, 'nats request: no responders');
        throw new HttpError(503, 'service_unavailable', undefined, { 'retry-after': '5' });
      }
      if (timedOut) {
        this.log.warn({ reqId: requestId, subject, timeoutMs }, 'nats request: timeout');
        throw new HttpError(503, 'service_timeout', undefined, { 'retry-after': '5' });
      }
      throw err;
    }
    const reply = codec.decode(msg.data) as Reply<ReplyPayload<C, S>>;
    if (!reply.ok) throw new HttpError(reply.error.status, reply.error.error, reply.error.message);
    const bad = this.problem(contract.reply, reply.data);
    if (bad) {
      this.log.error({ reqId: requestId, subject, bad }, 'nats reply does not match its contract');
      throw httpError('internal');
    }
    return reply.data;
  }

  /**
   * Registers this process as the NATS service named after it (the Services API: `$SRV.PING`, `$SRV.INFO` and
   * `$SRV.STATS` list, ping and measure it). Its endpoints share the service's queue group, so replicas share the
   * requests. Must run before `respond`.
   */
  async startService(registration: Omit<ServiceRegistration, 'name'> & { name?: string }): Promise<Service> {
    if (this.ownService) throw new Error(`${this.service}: the NATS service is already started`);
    this.ownService = await this.addNatsService({ ...registration, name: registration.name ?? this.service });
    return this.ownService;
  }

  private async addNatsService(registration: ServiceRegistration): Promise<Service> {
    const { name, version, description } = registration;
    const service = await this.nc.services.add({ name, version, queue: name, ...(description ? { description } : {}) });
    this.natsServices.push(service);
    void service.stopped.then((err) => {
      if (err) this.log.error({ err, service: name }, 'nats service stopped by an error');
    });
    return service;
  }

  /**
   * Binds a plain function `(payload, ctx) => result` to a subject as an endpoint of this process's NATS service,
   * validating both directions.
   */
  respond<S extends RequestSubject<C>>(
    subject: S,
    handler: (payload: RequestPayload<C, S>, ctx: BusContext) => Promise<ReplyPayload<C, S>> | ReplyPayload<C, S>,
  ): void {
    if (!this.ownService) throw new Error(`${this.service}: startService() must run before respond(${subject})`);
    this.addEndpoint(this.ownService, subject, handler as (payload: unknown, ctx: BusContext) => unknown);
  }

  /**
   * Answers a subject on behalf of another service (a test standing in for a service it does not start): a NATS
   * service of that name with this one endpoint, in that service's queue group.
   */
  async standIn<S extends RequestSubject<C>>(
    service: string,
    subject: S,
    handler: (payload: RequestPayload<C, S>, ctx: BusContext) => Promise<ReplyPayload<C, S>> | ReplyPayload<C, S>,
  ): Promise<StandIn> {
    const natsService = await this.addNatsService({ name: service, version: '0.0.0', description: `stand-in for ${service}` });
    this.addEndpoint(natsService, subject, handler as (payload: unknown, ctx: BusContext) => unknown);
    return {
      stop: async () => {
        await natsService.stop();
      },
    };
  }

  private addEndpoint(service: Service, subject: string, handler: (payload: unknown, ctx: BusContext) => unknown): void {
    const contract = this.requestContract(subject);
    let meter: EndpointMeter | undefined;
    service.addEndpoint(endpointName(subject), {
      subject,
      handler: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'nats endpoint error');
          return;
        }
        const started = performance.now();
        inSpan(`${subject} process`, 'server', natsSpanAttributes(subject), () => this.answer(msg, contract, handler, (failure) => meter?.failed(failure)), extractTraceContext(msg.headers))
          .catch((answerErr: unknown) => this.log.error({ err: answerErr, subject }, 'nats reply not sent'))
          .finally(() => meter?.took(performance.now() - started));
      },
    });
    meter = endpointMeterOf(service, subject);
  }

  private async answer(
    msg: ServiceMsg,
    contract: RequestContract,
    handler: (payload: unknown, ctx: BusContext) => unknown,
    countError: (err: Error) => void,
  ) {
    const requestId = msg.headers?.get(natsHeaders.requestId) || randomUUID();
    const log = this.log.child({ reqId: requestId, subject: msg.subject });
    const send = (reply: Reply<unknown>) => {
      if (!msg.reply) return;
      if (reply.ok) {
        msg.respond(codec.encode(reply));
        return;
      }
      // The standard error headers let the NATS tools see the failure; the body keeps the bus's own error shape.
      countError(new Error(`${reply.error.status} ${reply.error.error}`));
      msg.respondError(reply.error.status, reply.error.error, codec.encode(reply), { headers: headersWith(requestId) });
    };
    let payload: unknown;
    try {
      payload = msg.data.length ? codec.decode(msg.data) : null;
    } catch {
      send({ ok: false, error: { status: 400, error: 'validation', message: httpError('validation').message } });
      return;
    }
    const invalid = this.problem(contract.request, payload);
    if (invalid) {
      log.warn({ invalid }, 'nats request rejected by its contract');
      send({ ok: false, error: { status: 400, error: 'validation', message: httpError('validation').message } });
      return;
    }
    try {
      const result = await handler(payload, { requestId, log, subject: msg.subject });
      const bad = this.problem(contract.reply, result);
      if (bad) {
        log.error({ bad }, 'nats reply does not match its contract');
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

  /** Publishes a live message on core NATS (not stored: lost when nobody listens). */
  publishLive<S extends LiveSubject<C>>(subject: S, payload: LivePayload<C, S>, options: { requestId?: string } = {}): void {
    const invalid = this.problem(this.contractFor('live', subject), payload);
    if (invalid) throw new ContractError(subject, invalid);
    this.nc.publish(subject, codec.encode(payload), { headers: headersWith(options.requestId ?? randomUUID()) });
  }

  /** Listens to a live subject; a message that breaks its contract is logged and ignored. */
  subscribeLive<S extends LiveSubject<C>>(
    subject: S,
    handler: (payload: LivePayload<C, S>, ctx: BusContext) => void,
    options: RespondOptions = {},
  ): Subscription {
    return this.subscribeChecked(this.contractFor('live', subject), subject, options.queue ?? this.service, handler as never);
  }

  /**
   * Hears a JetStream event as it is published, on core NATS: every instance hears it, nothing is stored or replayed
   * (for caches that must forget at once; work that must not be lost uses `consume`). A message that breaks its
   * contract is logged and ignored.
   */
  listen<S extends EventSubject<C>>(subject: S, handler: (payload: EventPayload<C, S>, ctx: BusContext) => void): Subscription {
    return this.subscribeChecked(this.contractFor('events', subject), subject, undefined, handler as never);
  }

  private subscribeChecked(
    contract: Contract,
    subject: string,
    queue: string | undefined,
    handler: (payload: unknown, ctx: BusContext) => void,
  ): Subscription {
    const sub = this.nc.subscribe(subject, {
      ...(queue ? { queue } : {}),
      callback: (err, msg) => {
        if (err) return this.log.warn({ err, subject }, 'nats subscription error');
        const requestId = msg.headers?.get(natsHeaders.requestId) || randomUUID();
        const log = this.log.child({ reqId: requestId, subject: msg.subject });
        let payload: unknown;
        try {
          payload = codec.decode(msg.data);
        } catch {
          payload = undefined;
        }
        const invalid = this.problem(contract, payload);
        if (invalid) return log.warn({ invalid }, 'live message breaks its contract: ignored');
        try {
          handler(payload, { requestId, log, subject: msg.subject });
        } catch (handlerErr) {
          log.error({ err: handlerErr }, 'live handler failed');
        }
      },
    });
    this.subscriptions.push(sub);
    return sub;
  }

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await throughElection('jetstream', () => this.nc.jetstreamManager(), this.log);
    return this.jsm;
  }

  /** Creates the shared streams if they are missing, at NATS_STREAM_REPLICAS (safe when several services start at once). */
  async ensureStreams(): Promise<void> {
    for (const spec of eventStreams) await this.ensureStream(spec);
  }

  /** Creates a stream if it is missing, or moves it to NATS_STREAM_REPLICAS in place; waits through an election. */
  async ensureStream(spec: StreamSpec): Promise<void> {
    await ensureStream(await this.manager(), spec, {
      replicas: this.settings.streamReplicas,
      clustered: Boolean(this.nc.info?.cluster),
      log: this.log,
    });
  }

  /** Publishes an event to JetStream and waits for the stream's acknowledgement. */
  async publish<S extends EventSubject<C>>(
    subject: S,
    payload: EventPayload<C, S>,
    options: PublishOptions = {},
  ): Promise<{ duplicate: boolean; seq: number }> {
    const invalid = this.problem(this.contractFor('events', subject), payload);
    if (invalid) throw new ContractError(subject, invalid);
    const ack = await inSpan(`${subject} publish`, 'producer', natsSpanAttributes(subject), () => {
      const h = headersWith(options.requestId ?? randomUUID());
      injectTraceContext(h);
      return this.js.publish(subject, codec.encode(payload), {
        headers: h,
        ...(options.msgId ? { msgID: options.msgId } : {}),
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      });
    });
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  /**
   * Publishes an event whose cause is already written (a like, a comment): retried with backoff under the same
   * message id, so a retry after a lost acknowledgement is stored once. When every attempt fails the caller gets a
   * 503 `event_not_published`: the request fails loudly rather than the event vanishing.
   */
  async publishReliably<S extends EventSubject<C>>(
    subject: S,
    payload: EventPayload<C, S>,
    options: ReliablePublishOptions = {},
  ): Promise<{ duplicate: boolean; seq: number }> {
    const retryForMs = options.retryForMs;
    const attempts = retryForMs === undefined ? Math.max(1, options.attempts ?? 3) : Number.POSITIVE_INFINITY;
    const backoff = steppedBackoff(options.backoffMs ?? [100, 400]);
    const started = Date.now();
    const left = () => (retryForMs === undefined ? Number.POSITIVE_INFINITY : started + retryForMs - Date.now());
    // One message id for every attempt: a retry after a lost acknowledgement is stored once.
    const publishOptions: PublishOptions = {
      requestId: options.requestId ?? randomUUID(),
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

  /** The durable consumer's name on the server: `name` behind this deployment's prefix. */
  durableName(name: string): string {
    return `${this.consumerPrefix}${name}`;
  }

  /** Creates or updates a durable pull consumer and starts fetching from it. */
  private async openConsumer(settings: ConsumerSettings<string>, maxAckPending: number, prefetch: number): Promise<ConsumerMessages> {
    const stream = settings.stream ?? streams.events.name;
    const maxDeliver = settings.maxDeliver ?? 5;
    const jsm = await this.manager();
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
    const jsm = await this.manager();
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

  /**
   * The payload of a consumed message, or null after dead-lettering it: a message that is not JSON or breaks its
   * subject's contract would fail the same way on every delivery, so it goes to `deadletter.<durable>` at once and
   * the handler never sees it.
   */
  private async validEvent(m: JsMsg, durable: string, filter: string, log: Logger): Promise<{ payload: unknown } | null> {
    const checked = this.checkedEvent(m, filter);
    if ('payload' in checked) return checked;
    await this.refuseEvent(m, durable, checked.problem, log);
    return null;
  }

  /** The payload of a consumed message, or what breaks its contract (synchronous: the common case awaits nothing). */
  private checkedEvent(m: JsMsg, filter: string): { payload: unknown } | { problem: string } {
    let payload: unknown;
    let problem: string | null;
    try {
      payload = codec.decode(m.data);
      const contract = this.consumedContract(filter, m.subject);
      problem = contract ? this.problem(contract, payload) : 'no contract for this subject';
    } catch {
      problem = 'not JSON';
    }
    return problem === null ? { payload } : { problem };
  }

  private async refuseEvent(m: JsMsg, durable: string, problem: string, log: Logger): Promise<void> {
    log.error({ problem }, 'event breaks its contract: dead-lettered');
    await this.deadLetter(m, durable, `contract: ${problem}`, log);
  }

  private async deadLetter(m: JsMsg, durable: string, reason: string, log: Logger): Promise<void> {
    try {
      const h = headersWith(m.headers?.get(natsHeaders.requestId) || randomUUID());
      h.set('x-original-subject', m.subject);
      h.set('x-error', reason.slice(0, 500));
      h.set('x-deliveries', String(m.info.redeliveryCount));
      await this.js.publish(deadLetterSubject(durable), m.data, { headers: h });
      m.term();
      jetstreamDeadLetters.inc({ consumer: durable });
    } catch (dlqErr) {
      log.error({ err: dlqErr }, 'dead-lettering failed; leaving for redelivery');
      m.nak(5000);
    }
  }

  /**
   * Consumes a durable JetStream consumer: explicit ack after the handler succeeds, at most
   * `concurrency` messages at once, redelivery with backoff on failure, and after `maxDeliver`
   * failed deliveries the message is copied to `deadletter.<durable>` and terminated. The handler
   * receives only payloads that match the contract.
   */
  async consume<S extends ConsumeSubject<C>>(options: ConsumeOptions<EventPayload<C, S>, S>): Promise<ConsumerHandle> {
    const maxDeliver = options.maxDeliver ?? 5;
    const backoff = steppedBackoff(options.backoffMs ?? [500, 2000, 5000, 15000]);
    const concurrency = Math.max(1, options.concurrency ?? 8);
    const messages = await this.openConsumer(options, Math.max(concurrency * 4, 64), concurrency * 2);
    const inFlight = new Set<Promise<void>>();
    const done = (async () => {
      for await (const m of messages) {
        while (inFlight.size >= concurrency) await Promise.race(inFlight);
        const work = inSpan(
          `${m.subject} process`,
          'consumer',
          { ...natsSpanAttributes(m.subject), 'messaging.consumer.group.name': options.durable },
          () => this.handleEvent(m, options as ConsumeOptions<unknown>, maxDeliver, backoff),
          extractTraceContext(m.headers),
        ).finally(() =>
          inFlight.delete(work),
        );
        inFlight.add(work);
      }
      await Promise.allSettled(inFlight);
    })();
    return this.track(messages, done);
  }

  private async handleEvent(m: JsMsg, options: ConsumeOptions<unknown>, maxDeliver: number, backoff: Backoff) {
    const requestId = m.headers?.get(natsHeaders.requestId) || randomUUID();
    const deliveries = m.info.redeliveryCount;
    if (deliveries > 1) jetstreamRedeliveries.inc({ consumer: options.durable });
    const log = this.log.child({ reqId: requestId, subject: m.subject, durable: options.durable, deliveries });
    const valid = await this.validEvent(m, options.durable, options.filterSubject, log);
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
        await this.deadLetter(m, options.durable, String((err as Error)?.message ?? err), log);
        return;
      }
      const delay = backoff(deliveries);
      log.warn({ err, delay }, 'event handler failed: will be redelivered');
      m.nak(delay);
    }
  }

  /**
   * Consumes a durable JetStream consumer in batches: messages are gathered while the previous batch is handled,
   * up to `batchMax` at once. Invalid events are dead-lettered at once and left out of the batch.
   */
  async consumeBatches<S extends ConsumeSubject<C>>(
    options: ConsumeBatchesOptions<EventPayload<C, S>, S>,
  ): Promise<ConsumerHandle> {
    const prefetch = options.prefetch ?? options.batchMax * 4;
    const messages = await this.openConsumer(options, options.maxAckPending ?? Math.max(prefetch * 10, 1000), prefetch);
    const retryDelay = options.retryDelayMs ?? exponentialBackoff(500, 5000);
    const log = this.log.child({ subject: options.filterSubject, durable: options.durable });
    const buffer: JsMsg[] = [];
    let flushing: Promise<void> | null = null;
    let failures = 0;

    const handleBatch = async (batch: JsMsg[]) => {
      const items: { m: JsMsg; item: BatchItem<EventPayload<C, S>> }[] = [];
      const refused: Promise<void>[] = [];
      for (const m of batch) {
        if (m.info.redeliveryCount > 1) jetstreamRedeliveries.inc({ consumer: options.durable });
        const requestId = m.headers?.get(natsHeaders.requestId) || randomUUID();
        const checked = this.checkedEvent(m, options.filterSubject);
        if (!('payload' in checked)) {
          refused.push(this.refuseEvent(m, options.durable, checked.problem, log.child({ reqId: requestId })));
          continue;
        }
        items.push({
          m,
          item: {
            payload: checked.payload as EventPayload<C, S>,
            requestId,
            deliveries: m.info.redeliveryCount,
            msgId: m.headers?.get('Nats-Msg-Id') || undefined,
          },
        });
      }
      await Promise.all(refused);
      if (items.length === 0) return;
      try {
        // One consumer span in the trace of each event of the batch.
        await inSpans(
          `${options.filterSubject} process`,
          'consumer',
          { ...natsSpanAttributes(options.filterSubject), 'messaging.consumer.group.name': options.durable, 'messaging.batch.message_count': items.length },
          items.map(({ m }) => extractTraceContext(m.headers)),
          () => options.handler(
            items.map((i) => i.item),
            { log, subject: options.filterSubject },
          ),
        );
        failures = 0;
        for (const { m } of items) m.ack();
      } catch (err) {
        failures++;
        const delay = retryDelay(failures);
        log.warn({ err: (err as Error)?.message ?? err, events: items.length, delay }, 'event batch failed: will be redelivered');
        for (const { m } of items) m.nak(delay);
      }
    };
    /** While a batch gathers: `full()` ends the wait early once it is full. */
    const gathering: { full?: () => void; stopping?: boolean } = {};
    const gather = (ms: number) =>
      new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          gathering.full = undefined;
          resolve();
        };
        const timer = setTimeout(end, ms);
        gathering.full = end;
      });
    const flush = async () => {
      while (buffer.length) {
        if (options.gatherMs && !gathering.stopping && buffer.length < options.batchMax) await gather(options.gatherMs);
        await handleBatch(buffer.splice(0, options.batchMax));
      }
      flushing = null;
    };
    const done = (async () => {
      for await (const m of messages) {
        buffer.push(m);
        if (buffer.length >= options.batchMax) gathering.full?.();
        flushing ??= flush();
      }
      // Stopping: what is gathered so far is handled now, without waiting for more.
      gathering.stopping = true;
      gathering.full?.();
      await flushing;
    })();
    return this.track(messages, done);
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

  /** Stops consumers (letting handlers in flight finish), then the NATS services (draining their endpoints) and listeners. */
  async stop(): Promise<void> {
    this.stopReportingLag?.();
    for (const loop of this.consumerLoops) loop.messages.stop();
    await Promise.allSettled(this.consumerLoops.map((l) => l.done));
    await Promise.allSettled(this.natsServices.map((s) => s.stop()));
    for (const sub of this.subscriptions) sub.unsubscribe();
  }
}
