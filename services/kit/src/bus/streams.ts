import type { JetStreamManager, NatsConnection } from 'nats';
import type { Logger } from '../logger.js';
import { ensureStream, eventStreams, throughElection, type StreamSpec } from '../streams.js';

/** What the process's configuration says about JetStream (NATS_STREAM_REPLICAS, NATS_PUBLISH_RETRY_MS). */
export interface BusSettings {
  streamReplicas: number;
  publishRetryMs: number;
}

export const defaultBusSettings: BusSettings = { streamReplicas: 1, publishRetryMs: 10_000 };

/** The bus's JetStream manager, reached through an election, and the streams it sets up. */
export class Streams {
  private jsm: JetStreamManager | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
    private readonly settings: BusSettings,
  ) {}

  async manager(): Promise<JetStreamManager> {
    this.jsm ??= await throughElection('jetstream', () => this.nc.jetstreamManager(), this.log);
    return this.jsm;
  }

  async ensureStreams(): Promise<void> {
    for (const spec of eventStreams) await this.ensureStream(spec);
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    await ensureStream(await this.manager(), spec, {
      replicas: this.settings.streamReplicas,
      clustered: Boolean(this.nc.info?.cluster),
      log: this.log,
    });
  }
}
