/** What every durable consumer is opened with, one message at a time (consumers.ts) or in batches (batches.ts). */
export interface ConsumerSettings<S extends string> {
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
