/**
 * Load shedding: a process whose event loop is past its threshold (the mean delay over the last second, or its
 * utilisation) answers 503 `overloaded` with `retry-after` at once, before any work, instead of queueing requests
 * until every answer is late. The web app already shows the Turkish message and tries again after the header's
 * seconds. Health and readiness answer regardless: a probe must not restart a pod for being busy. Thresholds come
 * from SHED_EVENT_LOOP_DELAY_MS and SHED_EVENT_LOOP_UTILIZATION (config.ts); `meydan_requests_shed_total` counts
 * the refusals.
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
}

/** Paths answered whatever the load: the probes. */
const PROBES = new Set(['/healthz', '/readyz', '/api/health']);

const shed = counter({ name: 'meydan_requests_shed_total', help: 'Requests answered 503 overloaded by load shedding, by the threshold passed', labelNames: ['reason'] });

/** The thresholds of a process's configuration. */
export function loadSheddingOf(config: { SHED_EVENT_LOOP_DELAY_MS?: number; SHED_EVENT_LOOP_UTILIZATION?: number }): LoadShedding {
  return { maxEventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS ?? 1000, maxEventLoopUtilization: config.SHED_EVENT_LOOP_UTILIZATION ?? 0 };
}

/** Registers load shedding on an app (before its routes); nothing when both thresholds are 0. */
export async function shedLoad(app: FastifyInstance, options: LoadShedding): Promise<void> {
  if (options.maxEventLoopDelayMs === 0 && options.maxEventLoopUtilization === 0) return;
  const retryAfterS = options.retryAfterS ?? 5;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxEventLoopUtilization: options.maxEventLoopUtilization,
    sampleInterval: options.sampleIntervalMs ?? 1000,
    retryAfter: retryAfterS,
    // A value other than undefined or a promise is what under-pressure sends as the answer (no later hook runs);
    // undefined lets the request through. Its typings allow only void, hence the cast.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
      if (PROBES.has(request.url.split('?')[0] ?? '')) return undefined;
      shed.inc({ reason: type });
      request.log.warn({ reason: type }, 'request shed: the process is overloaded');
      reply.code(503).header('retry-after', String(retryAfterS));
      return { error: 'overloaded', message: errorCatalogue.overloaded.message };
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string) => void,
  });
}
