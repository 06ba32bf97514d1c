import type { NatsConnection, Service, ServiceMsg } from 'nats';
import type { RequestContract } from '@meydan/proto';
import { HttpError, httpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { extractTraceContext, inSpan } from '../tracing.js';
import type { ContractBook } from './contracts.js';
import { codec, headersWith, natsSpanAttributes, requestIdIn, type BusContext, type Reply } from './wire.js';

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
  const handlers = (service as unknown as { handlers?: { subject?: string; stats?: Partial<NatsEndpointStats> }[] })
    .handlers;
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
      if (endpoint.num_requests > 0)
        endpoint.average_processing_time = Math.round(endpoint.processing_time / endpoint.num_requests);
    },
  };
}

export type EndpointHandler = (payload: unknown, ctx: BusContext) => unknown;

const failure = (status: number, error: string, message: string): Reply<unknown> => ({
  ok: false,
  error: { status, error, message },
});

/**
 * The NATS Services API side of the bus: the process's own service, whose endpoints answer its request subjects with
 * both directions validated, and the stand-ins tests start for services they do not run.
 */
export class NatsServices {
  private readonly natsServices: Service[] = [];
  private ownService: Service | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
    private readonly service: string,
    private readonly book: ContractBook,
  ) {}

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

  respond(subject: string, handler: EndpointHandler): void {
    if (!this.ownService) throw new Error(`${this.service}: startService() must run before respond(${subject})`);
    this.addEndpoint(this.ownService, subject, handler);
  }

  async standIn(service: string, subject: string, handler: EndpointHandler): Promise<StandIn> {
    const natsService = await this.addNatsService({
      name: service,
      version: '0.0.0',
      description: `stand-in for ${service}`,
    });
    this.addEndpoint(natsService, subject, handler);
    return {
      stop: async () => {
        await natsService.stop();
      },
    };
  }

  private addEndpoint(service: Service, subject: string, handler: EndpointHandler): void {
    const contract = this.book.requestContract(subject);
    let meter: EndpointMeter | undefined;
    service.addEndpoint(endpointName(subject), {
      subject,
      handler: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'nats endpoint error');
          return;
        }
        const started = performance.now();
        inSpan(
          `${subject} process`,
          'server',
          natsSpanAttributes(subject),
          () => this.answer(msg, contract, handler, (failed) => meter?.failed(failed)),
          extractTraceContext(msg.headers),
        )
          .catch((answerErr: unknown) => this.log.error({ err: answerErr, subject }, 'nats reply not sent'))
          .finally(() => meter?.took(performance.now() - started));
      },
    });
    meter = endpointMeterOf(service, subject);
  }

  private async answer(
    msg: ServiceMsg,
    contract: RequestContract,
    handler: EndpointHandler,
    countError: (err: Error) => void,
  ) {
    const requestId = requestIdIn(msg.headers);
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
      send(failure(400, 'validation', httpError('validation').message));
      return;
    }
    const invalid = this.book.problem(contract.request, payload);
    if (invalid) {
      log.warn({ invalid }, 'nats request rejected by its contract');
      send(failure(400, 'validation', httpError('validation').message));
      return;
    }
    try {
      const result = await handler(payload, { requestId, log, subject: msg.subject });
      const bad = this.book.problem(contract.reply, result);
      if (bad) {
        log.error({ bad }, 'nats reply does not match its contract');
        send(failure(500, 'internal', httpError('internal').message));
        return;
      }
      send({ ok: true, data: result });
    } catch (err) {
      if (err instanceof HttpError) {
        send(failure(err.statusCode, String(err.code), err.message));
      } else {
        log.error({ err }, 'nats handler failed');
        send(failure(500, 'internal', httpError('internal').message));
      }
    }
  }

  /** Stops every NATS service of this bus, draining their endpoints. */
  async stop(): Promise<void> {
    await Promise.allSettled(this.natsServices.map((s) => s.stop()));
  }
}
