/**
 * Load shedding: a process past one of its thresholds answers 503 `overloaded` with `retry-after` at once, before
 * any work, instead of queueing requests until every answer is late. The thresholds: requests in progress
 * (SHED_MAX_IN_FLIGHT: the queue itself, on by default at the gateway), the event loop's mean delay
 * (SHED_EVENT_LOOP_DELAY_MS) and its utilisation (SHED_EVENT_LOOP_UTILIZATION), each taken over
 * SHED_SAMPLE_INTERVAL_MS (config.ts). The web app already shows the Turkish message and tries again after the
 * header's seconds. Health and readiness answer regardless: a probe must not restart a pod for being busy.
 * `meydan_requests_shed_total` counts the refusals by the threshold passed. The bench's `shedding` scenario
 * (deploy/k6/README.md) shows the knee.
 */
import underPressure from '@fastify/under-pressure';
import { errorCatalogue } from '@meydan/proto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { counter } from './metrics.js';

export interface LoadShedding {
  /** Mean event-loop delay (ms) past which requests are refused; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0–1) past which requests are refused; 0: not checked. */
  maxEventLoopUtilization: number;
  /** What `retry-after` says, in seconds. */
  retryAfterS?: number;
  /** How often the figures are sampled (ms); 1 s by default. */
  sampleIntervalMs?: number;
  /** Requests in progress (answers not yet sent) past which a new one is refused; 0 or unset: not checked. */
  maxInFlight?: number;
}

/** Paths answered whatever the load: the probes. */
const PROBES = new Set(['/healthz', '/readyz', '/api/health']);
/** Realtime sockets, which stay open: not requests in progress. */
const SOCKETS = /^\/ws(\/|$)/i;

const shed = counter({
  name: 'meydan_requests_shed_total',
  help: 'Requests answered 503 overloaded by load shedding, by the threshold passed',
  labelNames: ['reason'],
});

/** The thresholds of a process's configuration. */
export function loadSheddingOf(config: {
  SHED_EVENT_LOOP_DELAY_MS?: number;
  SHED_EVENT_LOOP_UTILIZATION?: number;
  SHED_SAMPLE_INTERVAL_MS?: number;
  SHED_MAX_IN_FLIGHT?: number;
}): LoadShedding {
  return {
    maxEventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS ?? 1000,
    maxEventLoopUtilization: config.SHED_EVENT_LOOP_UTILIZATION ?? 0,
    ...(config.SHED_SAMPLE_INTERVAL_MS ? { sampleIntervalMs: config.SHED_SAMPLE_INTERVAL_MS } : {}),
    ...(config.SHED_MAX_IN_FLIGHT ? { maxInFlight: config.SHED_MAX_IN_FLIGHT } : {}),
  };
}

/** The answer of a shed request: 503 `overloaded` in Turkish, with retry-after. */
function refuse(request: FastifyRequest, reply: FastifyReply, reason: string, retryAfterS: number) {
  shed.inc({ reason });
  request.log.warn({ reason }, 'request shed: the process is overloaded');
  reply.code(503).header('retry-after', String(retryAfterS));
  return { error: 'overloaded', message: errorCatalogue.overloaded.message };
}

/**
 * Refuses a request while `max` others are in progress (a queue that would make every answer late: by Little's law the
 * latency is what is in progress over the rate served). A request counts from its first hook until its answer is sent
 * or its client is gone; probes and realtime sockets do not count.
 */
function limitInFlight(app: FastifyInstance, max: number, retryAfterS: number): void {
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight -= 1;
  };
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (PROBES.has(path) || SOCKETS.test(path)) return;
    if (inFlight >= max) return reply.send(refuse(request, reply, 'inFlight', retryAfterS));
    inFlight += 1;
    counted.add(request);
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

/** Registers load shedding on an app (before its routes); nothing when every threshold is 0. */
export async function shedLoad(app: FastifyInstance, options: LoadShedding): Promise<void> {
  const retryAfterS = options.retryAfterS ?? 5;
  if (options.maxInFlight) limitInFlight(app, options.maxInFlight, retryAfterS);
  if (options.maxEventLoopDelayMs === 0 && options.maxEventLoopUtilization === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxEventLoopUtilization: options.maxEventLoopUtilization,
    // The utilisation of each sample's interval: under-pressure's default is the utilisation since the plugin started,
    // which a process busy for minutes would keep past the threshold long after its load had gone (and an old idle one
    // would never reach).
    eventLoopUtilizationMode: 'interval',
    sampleInterval: options.sampleIntervalMs ?? 1000,
    retryAfter: retryAfterS,
    // A value other than undefined or a promise is what under-pressure sends as the answer (no later hook runs);
    // undefined lets the request through. Its typings allow only void, hence the cast.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
      if (PROBES.has(request.url.split('?')[0] ?? '')) return undefined;
      return refuse(request, reply, type, retryAfterS);
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string) => void,
  });
}
