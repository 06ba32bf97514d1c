/**
 * Load shedding (kit/load-shedding.ts, on the gateway and every service): a process whose event loop is past its
 * threshold answers 503 `overloaded` in Turkish with retry-after, its probes still answer, and it serves again once
 * the loop is free. The overload here is real: the test keeps the event loop busy (a synchronous loop) until a
 * request is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue } from '@meydan/proto';
import { createFastify, createLogger, loadSheddingOf, metricsRegistry, shedLoad } from '@meydan/kit';
import { until } from '@meydan/testing';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Keeps this process's event loop busy for `ms`: the overload the thresholds are there for. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

async function appWith(maxEventLoopDelayMs: number): Promise<FastifyInstance> {
  const made = createFastify(createLogger('kit-test', 'silent'));
  await shedLoad(made, { maxEventLoopDelayMs, maxEventLoopUtilization: 0, sampleIntervalMs: 50 });
  made.get('/api/work', async () => ({ done: true }));
  made.get('/healthz', async () => ({ alive: true }));
  await made.ready();
  return made;
}

const shedCount = async () =>
  ((await metricsRegistry.getSingleMetricAsString('meydan_requests_shed_total')).match(/reason="eventLoopDelay"} (\d+)/)?.[1] ?? '0');

describe('load shedding', () => {
  it('answers 503 overloaded with retry-after while the event loop is late, the probes regardless, and serves again after', async () => {
    app = await appWith(30);
    const before = Number(await shedCount());
    const shed = await until(async () => {
      busy(120);
      const [work, probe] = await Promise.all([app!.inject('/api/work'), app!.inject('/healthz')]);
      return work.statusCode === 503 ? { work, probe } : null;
    }, 20_000, 'a request shed under a busy event loop');
    expect(shed.work.headers['retry-after']).toBe('5');
    expect(shed.work.json()).toEqual({ error: 'overloaded', message: errorCatalogue.overloaded.message });
    expect(errorCatalogue.overloaded.message).toBe('Şu anda çok yoğunuz. Lütfen birkaç saniye sonra tekrar dene.');
    expect(shed.probe.statusCode).toBe(200);
    expect(Number(await shedCount())).toBeGreaterThan(before);

    // The loop free again: the next samples are under the threshold, and the same request is served.
    const served = await until(async () => {
      const work = await app!.inject('/api/work');
      return work.statusCode === 200 ? work : null;
    }, 20_000, 'the request served once the loop is free');
    expect(served.json()).toEqual({ done: true });
  });

  it('is off when both thresholds are 0, and on by default at a one-second mean delay', async () => {
    expect(loadSheddingOf({})).toEqual({ maxEventLoopDelayMs: 1000, maxEventLoopUtilization: 0 });
    expect(loadSheddingOf({ SHED_EVENT_LOOP_DELAY_MS: 0, SHED_EVENT_LOOP_UTILIZATION: 0.98 })).toEqual({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0.98 });
    app = await appWith(0);
    expect(app.hasDecorator('isUnderPressure')).toBe(false);
    busy(150);
    expect((await app.inject('/api/work')).statusCode).toBe(200);
  });
});
