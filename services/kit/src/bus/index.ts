import type { JetStreamClient, NatsConnection, Service, Subscription } from 'nats';
import { natsContracts, type BusContracts, type NatsContracts } from '@meydan/proto';
import type { Logger } from '../logger.js';
import type { StreamSpec } from '../streams.js';
import type { ConsumeBatchesOptions } from './batches.js';
import { ContractBook } from './contracts.js';
import type {
  ConsumeSubject,
  EventPayload,
  EventSubject,
  LivePayload,
  LiveSubject,
  ReplyPayload,
  RequestPayload,
  RequestSubject,
} from './subjects.js';
import { Consumers, type ConsumeOptions, type ConsumerHandle } from './consumers.js';
import { DeadLetters } from './dead-letters.js';
import { LiveMessages, type LiveHandler, type RespondOptions } from './live.js';
import { Publisher, type PublishOptions, type Published, type ReliablePublishOptions } from './publishing.js';
import { request } from './requests.js';
import { NatsServices, type EndpointHandler, type ServiceRegistration, type StandIn } from './services.js';
import { Streams, defaultBusSettings, type BusSettings } from './streams.js';
import type { BusContext, RequestIdOrSource, RequestIdSource } from './wire.js';

export { BACKGROUND_GATHER_MS, EVERY_EVENT_IN_BATCHES, type BatchItem, type ConsumeBatchesOptions } from './batches.js';
export { ContractError } from './contracts.js';
export type * from './subjects.js';
export type { ConsumeOptions, ConsumerHandle, EventContext } from './consumers.js';
export type { RespondOptions } from './live.js';
export { PUBLISH_THROUGH_ELECTION, type PublishOptions, type ReliablePublishOptions } from './publishing.js';
export { endpointName, type ServiceRegistration, type StandIn } from './services.js';
export { defaultBusSettings, type BusSettings } from './streams.js';
export type { BusContext, RequestIdOrSource, RequestIdSource } from './wire.js';

/**
 * Request/reply, JetStream and live helpers bound to one service's connection and log. Every message goes through
 * the contracts (proto's `natsContracts` unless a test brings its own): a subject without a contract is refused,
 * payloads are validated with validators compiled once per schema. Each job is done by a part of its own; this class
 * only gives them the types of its contracts.
 */
export class Bus<C extends BusContracts = NatsContracts> {
  readonly contracts: C;
  readonly settings: BusSettings;
  private readonly book: ContractBook;
  private readonly services: NatsServices;
  private readonly live: LiveMessages;
  private readonly streams: Streams;
  private readonly publisher: Publisher;
  private readonly consumers: Consumers;

  constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    private readonly log: Logger,
    service: string,
    contracts?: C,
    /** Prefix of this deployment's durable consumers (tests: their own, so no run shares one with another). */
    consumerPrefix = '',
    settings: Partial<BusSettings> = {},
  ) {
    this.contracts = contracts ?? (natsContracts as unknown as C);
    this.settings = { ...defaultBusSettings, ...settings };
    this.book = new ContractBook(this.contracts);
    this.services = new NatsServices(nc, log, service, this.book);
    this.live = new LiveMessages(nc, log, service, this.book);
    this.streams = new Streams(nc, log, this.settings);
    this.publisher = new Publisher(js, log, this.book);
    this.consumers = new Consumers(js, log, this.streams, new DeadLetters(js, this.book), consumerPrefix, service);
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
    return (await request(
      { nc: this.nc, log: this.log, book: this.book },
      subject,
      payload,
      source,
      timeoutMs,
    )) as ReplyPayload<C, S>;
  }

  /**
   * Registers this process as the NATS service named after it (the Services API: `$SRV.PING`, `$SRV.INFO` and
   * `$SRV.STATS` list, ping and measure it). Its endpoints share the service's queue group, so replicas share the
   * requests. Must run before `respond`.
   */
  startService(registration: Omit<ServiceRegistration, 'name'> & { name?: string }): Promise<Service> {
    return this.services.startService(registration);
  }

  /**
   * Binds a plain function `(payload, ctx) => result` to a subject as an endpoint of this process's NATS service,
   * validating both directions.
   */
  respond<S extends RequestSubject<C>>(
    subject: S,
    handler: (payload: RequestPayload<C, S>, ctx: BusContext) => Promise<ReplyPayload<C, S>> | ReplyPayload<C, S>,
  ): void {
    this.services.respond(subject, handler as EndpointHandler);
  }

  /**
   * Answers a subject on behalf of another service (a test standing in for a service it does not start): a NATS
   * service of that name with this one endpoint, in that service's queue group.
   */
  standIn<S extends RequestSubject<C>>(
    service: string,
    subject: S,
    handler: (payload: RequestPayload<C, S>, ctx: BusContext) => Promise<ReplyPayload<C, S>> | ReplyPayload<C, S>,
  ): Promise<StandIn> {
    return this.services.standIn(service, subject, handler as EndpointHandler);
  }

  /** Publishes a live message on core NATS (not stored: lost when nobody listens). */
  publishLive<S extends LiveSubject<C>>(
    subject: S,
    payload: LivePayload<C, S>,
    options: { requestId?: RequestIdOrSource } = {},
  ): void {
    this.live.publishLive(subject, payload, options);
  }

  /** Listens to a live subject; a message that breaks its contract is logged and ignored. */
  subscribeLive<S extends LiveSubject<C>>(
    subject: S,
    handler: (payload: LivePayload<C, S>, ctx: BusContext) => void,
    options: RespondOptions = {},
  ): Subscription {
    return this.live.subscribeLive(subject, handler as LiveHandler, options);
  }

  /**
   * Hears a JetStream event as it is published, on core NATS: every instance hears it, nothing is stored or replayed
   * (for caches that must forget at once; work that must not be lost uses `consume`). A message that breaks its
   * contract is logged and ignored.
   */
  listen<S extends EventSubject<C>>(
    subject: S,
    handler: (payload: EventPayload<C, S>, ctx: BusContext) => void,
  ): Subscription {
    return this.live.listen(subject, handler as LiveHandler);
  }

  /** Creates the shared streams if they are missing, at NATS_STREAM_REPLICAS (safe when several services start at once). */
  ensureStreams(): Promise<void> {
    return this.streams.ensureStreams();
  }

  /** Creates a stream if it is missing, or moves it to NATS_STREAM_REPLICAS in place; waits through an election. */
  ensureStream(spec: StreamSpec): Promise<void> {
    return this.streams.ensureStream(spec);
  }

  /**
   * Publishes an event to JetStream and waits for the stream's acknowledgement. Its request id is given like a
   * request's: `{ requestId: request }` (a Fastify request or a BusContext) or the id itself.
   */
  publish<S extends EventSubject<C>>(
    subject: S,
    payload: EventPayload<C, S>,
    options: PublishOptions = {},
  ): Promise<Published> {
    return this.publisher.publish(subject, payload, options);
  }

  /**
   * Publishes an event whose cause is already written (a like, a comment): retried with backoff under the same
   * message id, so a retry after a lost acknowledgement is stored once. When every attempt fails the caller gets a
   * 503 `event_not_published`: the request fails loudly rather than the event vanishing.
   */
  publishReliably<S extends EventSubject<C>>(
    subject: S,
    payload: EventPayload<C, S>,
    options: ReliablePublishOptions = {},
  ): Promise<Published> {
    return this.publisher.publishReliably(subject, payload, options);
  }

  /**
   * The name of this service's consumer for `purpose`, as `consume` gives it: `<service>--<purpose>` (its metrics
   * and its dead-letter subject say this; on the server it stands behind this deployment's prefix, see durableName).
   */
  durable(purpose: string): string {
    return this.consumers.durable(purpose);
  }

  /** The durable consumer's name on the server: `name` behind this deployment's prefix. */
  durableName(name: string): string {
    return this.consumers.durableName(name);
  }

  /** NATS_CONSUMER_PREFIX: empty in production, a run's own in tests. */
  get consumerPrefix(): string {
    return this.consumers.consumerPrefix;
  }

  /**
   * Consumes a durable JetStream consumer, named by its purpose (see `durable`): explicit ack after the handler succeeds, at most
   * `concurrency` messages at once, redelivery with backoff on failure, and after `maxDeliver`
   * failed deliveries the message is copied to `deadletter.<durable>` and terminated. The handler
   * receives only payloads that match the contract.
   */
  consume<S extends ConsumeSubject<C>>(options: ConsumeOptions<EventPayload<C, S>, S>): Promise<ConsumerHandle> {
    return this.consumers.consume(options as ConsumeOptions<unknown>);
  }

  /**
   * Consumes a durable JetStream consumer in batches: messages are gathered while the previous batch is handled,
   * up to `batchMax` at once. Invalid events are dead-lettered at once and left out of the batch.
   */
  consumeBatches<S extends ConsumeSubject<C>>(
    options: ConsumeBatchesOptions<EventPayload<C, S>, S>,
  ): Promise<ConsumerHandle> {
    return this.consumers.consumeBatches(options as unknown as ConsumeBatchesOptions<unknown>);
  }

  /** Stops consumers (letting handlers in flight finish), then the NATS services (draining their endpoints) and listeners. */
  async stop(): Promise<void> {
    await this.consumers.stop();
    await this.services.stop();
    this.live.stop();
  }
}
