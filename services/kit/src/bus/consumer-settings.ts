/** What every durable consumer is opened with, one message at a time (consumers.ts) or in batches (batches.ts). */
export interface ConsumerSettings<S extends string> {
  stream?: string;
  /**
   * What the consumer is for (`followers`, `persist-votes`): the kit names its durable consumer
   * `<service>--<purpose>`, behind NATS_CONSUMER_PREFIX when set.
   */
  purpose: string;
  /** An event subject or a wildcard filter of the contracts. */
  filterSubject: S;
  /** Deliveries before a failing message goes to the dead-letter subject; -1 retries without end. */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Start from the stream's first message even under a consumer prefix (a work-queue stream requires it). */
  deliverAll?: boolean;
}

/** Settings with the durable consumer's name the kit gave them (`<service>--<purpose>`, without the prefix). */
export type Named<T> = T & { durable: string };
