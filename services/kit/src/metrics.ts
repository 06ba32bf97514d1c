/**
 * Prometheus metrics: one registry per process, served on a port of its own (never through the public gateway), with
 * Node's default process metrics and the metrics every Meydan process shares (HTTP durations by route template, NATS
 * request durations by outcome, JetStream consumer lag and redeliveries, Redis and MongoDB command errors). A service
 * adds its own with `counter` / `gauge` / `histogram`. Names follow the Prometheus conventions: base units, `_seconds`,
 * `_total`; Meydan's own ones start with `meydan_`.
 */
import { createServer, type Server } from 'node:http';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
  type Metric,
} from 'prom-client';
import { serviceNames, type ServiceName } from '@meydan/proto';
import type { Logger } from './logger.js';

/** Every metric of this process. */
export const metricsRegistry = new Registry();

/** Where each process serves `/metrics` unless METRICS_PORT says otherwise: 9100 the gateway, 9101… the services in proto's order. */
export const defaultMetricsPorts = Object.fromEntries(
  ['gateway', ...serviceNames].map((name, i) => [name, 9100 + i]),
) as Record<ServiceName | 'gateway', number>;

/** Request latencies from 1 ms to 10 s. */
export const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A metric of this process's registry. Defined twice with one name (apps built more than once in one test process),
 * it is the same metric.
 */
function registered<M extends Metric>(name: string, make: () => M): M {
  return (metricsRegistry.getSingleMetric(name) as M | undefined) ?? make();
}

export function counter<L extends string = string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  return registered(config.name, () => new Counter({ ...config, registers: [metricsRegistry] }));
}

export function gauge<L extends string = string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  return registered(config.name, () => new Gauge({ ...config, registers: [metricsRegistry] }));
}

export function histogram<L extends string = string>(
  config: Omit<HistogramConfiguration<L>, 'registers'>,
): Histogram<L> {
  return registered(config.name, () => new Histogram({ ...config, registers: [metricsRegistry] }));
}

export const httpRequestDuration = histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'],
  buckets: LATENCY_BUCKETS_SECONDS,
});

export const natsRequestDuration = histogram({
  name: 'meydan_nats_request_duration_seconds',
  help: 'NATS requests sent, by subject and outcome (ok: a reply came; timeout; no_responders; error)',
  labelNames: ['subject', 'outcome'],
  buckets: LATENCY_BUCKETS_SECONDS,
});

export const jetstreamRedeliveries = counter({
  name: 'meydan_jetstream_redeliveries_total',
  help: 'JetStream messages delivered again after a failure or a missed acknowledgement, by durable consumer',
  labelNames: ['consumer'],
});

export const jetstreamDeadLetters = counter({
  name: 'meydan_jetstream_dead_letters_total',
  help: 'JetStream messages given up on and copied to the dead-letter stream, by durable consumer',
  labelNames: ['consumer'],
});

export const redisCommandErrors = counter({
  name: 'meydan_redis_command_errors_total',
  help: 'Redis commands that failed, by command (connection: the connection itself failed)',
  labelNames: ['command'],
});

export const mongoCommandErrors = counter({
  name: 'meydan_mongo_command_errors_total',
  help: 'MongoDB commands that failed, by command (connection: the connection itself failed)',
  labelNames: ['command'],
});

/** One durable consumer's backlog as its server reports it. */
export interface ConsumerLag {
  consumer: string;
  /** Messages of its filter not yet delivered. */
  pending: number;
  /** Delivered, not yet acknowledged. */
  ackPending: number;
}

/** Where the lag gauges read from: each Bus with consumers adds itself. */
const lagSources = new Set<() => Promise<ConsumerLag[]>>();
let lagReading: { at: number; lags: Promise<ConsumerLag[]> } | undefined;

/** The backlog of every consumer of this process, read once per scrape (both gauges share one reading). */
function consumerLags(): Promise<ConsumerLag[]> {
  const now = Date.now();
  if (!lagReading || now - lagReading.at > 1000) {
    const lags = Promise.all([...lagSources].map((read) => read().catch(() => [] as ConsumerLag[]))).then((all) =>
      all.flat(),
    );
    lagReading = { at: now, lags };
  }
  return lagReading.lags;
}

gauge({
  name: 'meydan_jetstream_consumer_pending_messages',
  help: 'Messages a durable JetStream consumer has not yet been delivered (its lag)',
  labelNames: ['consumer'],
  async collect() {
    this.reset();
    for (const lag of await consumerLags()) this.set({ consumer: lag.consumer }, lag.pending);
  },
});

gauge({
  name: 'meydan_jetstream_consumer_ack_pending_messages',
  help: 'Messages delivered to a durable JetStream consumer and not yet acknowledged',
  labelNames: ['consumer'],
  async collect() {
    this.reset();
    for (const lag of await consumerLags()) this.set({ consumer: lag.consumer }, lag.ackPending);
  },
});

/** Adds a source of consumer lag; the returned function removes it. */
export function reportConsumerLag(read: () => Promise<ConsumerLag[]>): () => void {
  lagSources.add(read);
  return () => lagSources.delete(read);
}

let defaultsCollected = false;

/** Node's default process metrics (CPU, memory, event loop, GC), every sample labelled with the process's name. */
export function collectProcessMetrics(name: string): void {
  metricsRegistry.setDefaultLabels({ service: name });
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Observes one answered request; a request no route matched is `unmatched` (never its path: unbounded labels). */
export function observeHttpRequest(
  method: string,
  route: string | undefined,
  statusCode: number,
  seconds: number,
): void {
  httpRequestDuration.observe({ method, route: route ?? 'unmatched', status_code: statusCode }, seconds);
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (the Prometheus text format) on its own port; everything else there is 404. */
export async function startMetricsServer(port: number, host: string, log: Logger): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': metricsRegistry.contentType })
          .end(request.method === 'HEAD' ? undefined : text),
      (err: unknown) => {
        log.error({ err }, 'metrics not collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics not collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as { port: number }).port;
  log.info({ port: bound }, 'metrics at /metrics');
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
