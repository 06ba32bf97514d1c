import type { NatsConnection, Subscription } from 'nats';
import type { Contract } from '@meydan/proto';
import type { Logger } from '../logger.js';
import type { ContractBook } from './contracts.js';
import { codec, headersWith, requestIdIn, requestIdOf, type BusContext, type RequestIdOrSource } from './wire.js';

export interface RespondOptions {
  /** Queue group; defaults to the service name, so instances share the load. */
  queue?: string;
}

export type LiveHandler = (payload: unknown, ctx: BusContext) => void;

/** Messages on core NATS: live ones (`live.*`), and JetStream events heard as they are published. */
export class LiveMessages {
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
    private readonly service: string,
    private readonly book: ContractBook,
  ) {}

  publishLive(subject: string, payload: unknown, options: { requestId?: RequestIdOrSource }): void {
    this.book.check('live', subject, payload);
    this.nc.publish(subject, codec.encode(payload), { headers: headersWith(requestIdOf(options.requestId)) });
  }

  subscribeLive(subject: string, handler: LiveHandler, options: RespondOptions): Subscription {
    return this.subscribeChecked(
      this.book.contractFor('live', subject),
      subject,
      options.queue ?? this.service,
      handler,
    );
  }

  listen(subject: string, handler: LiveHandler): Subscription {
    return this.subscribeChecked(this.book.contractFor('events', subject), subject, undefined, handler);
  }

  private subscribeChecked(
    contract: Contract,
    subject: string,
    queue: string | undefined,
    handler: LiveHandler,
  ): Subscription {
    const sub = this.nc.subscribe(subject, {
      ...(queue ? { queue } : {}),
      callback: (err, msg) => {
        if (err) return this.log.warn({ err, subject }, 'nats subscription error');
        const requestId = requestIdIn(msg.headers);
        const log = this.log.child({ reqId: requestId, subject: msg.subject });
        let payload: unknown;
        try {
          payload = codec.decode(msg.data);
        } catch {
          payload = undefined;
        }
        const invalid = this.book.problem(contract, payload);
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

  /** Stops listening. */
  stop(): void {
    for (const sub of this.subscriptions) sub.unsubscribe();
  }
}
