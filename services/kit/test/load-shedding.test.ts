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
import type {} from '@fastify/under-pressure';

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

async function appWith(maxEventLoopDelayMs: number, maxEventLoopUtilization = 0): Promise<FastifyInstance> {
  const made = createFastify(createLogger('kit-test', 'silent'));
  await shedLoad(made, { maxEventLoopDelayMs, maxEventLoopUtilization, sampleIntervalMs: 50 });
  made.get('/api/work', async () => ({ done: true }));
  made.get('/healthz', async () => ({ alive: true }));
  await made.ready();
  return made;
}

/** Requests shed for the event loop's delay so far, whatever other labels (a service's name) the registry adds. */
const shedCount = async () => {
  const values = (await metricsRegistry.getSingleMetric('meydan_requests_shed_total')?.get())?.values ?? [];
  return values.filter((v) => v.labels['reason'] === 'eventLoopDelay').reduce((sum, v) => sum + v.value, 0);
};

describe('load shedding', () => {
  it('answers 503 overloaded with retry-after while the event loop is late, the probes regardless, and serves again after', async () => {
    app = await appWith(30);
    const before = await shedCount();
    const shed = await until(
      async () => {
        busy(120);
        const [work, probe] = await Promise.all([app!.inject('/api/work'), app!.inject('/healthz')]);
        return work.statusCode === 503 ? { work, probe } : null;
      },
      20_000,
      'a request shed under a busy event loop',
    );
    expect(shed.work.headers['retry-after']).toBe('5');
    expect(shed.work.json()).toEqual({ error: 'overloaded', message: errorCatalogue.overloaded.message });
    expect(errorCatalogue.overloaded.message).toBe('Şu anda çok yoğunuz. Lütfen birkaç saniye sonra tekrar dene.');
    expect(shed.probe.statusCode).toBe(200);
    expect(await shedCount()).toBeGreaterThan(before);

    // The loop free again: the next samples are under the threshold, and the same request is served.
    const served = await until(
      async () => {
        const work = await app!.inject('/api/work');
        return work.statusCode === 200 ? work : null;
      },
      20_000,
      'the request served once the loop is free',
    );
    expect(served.json()).toEqual({ done: true });
  });

  it("judges the event loop's utilisation over each sample, not since it started: shed while busy, served once free", async () => {
    app = await appWith(0, 0.9);
    const shed = await until(
      async () => {
        busy(120);
        const work = await app!.inject('/api/work');
        return work.statusCode === 503 ? work : null;
      },
      20_000,
      'a request shed while the loop is fully used',
    );
    expect(shed.json()).toEqual({ error: 'overloaded', message: errorCatalogue.overloaded.message });
    // A second more of work; then free again: the next sample is this idle loop's (near 0), where the utilisation since
    // the start would need over nine idle seconds to fall under 0.1.
    busy(1_000);
    await until(
      async () => (app!.memoryUsage().eventLoopUtilized < 0.1 ? true : null),
      5_000,
      'a sample of the idle loop',
    );
    expect((await app.inject('/api/work')).statusCode).toBe(200);
  });

  it('refuses a request while its bound of requests is in progress, counts neither probes nor sockets, and serves again once one ends', async () => {
    const made = createFastify(createLogger('kit-test', 'silent'));
    await shedLoad(made, { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxInFlight: 2 });
    const held: (() => void)[] = [];
    made.get('/api/slow', () => new Promise((resolve) => held.push(() => resolve({ done: true }))));
    made.get('/api/work', async () => ({ done: true }));
    made.get('/healthz', async () => ({ alive: true }));
    made.get('/ws/', async () => ({ socket: true }));
    await made.listen({ port: 0, host: '127.0.0.1' });
    app = made;
    const base = `http://127.0.0.1:${(made.server.address() as { port: number }).port}`;
    const slow = [fetch(`${base}/api/slow`), fetch(`${base}/api/slow`)];
    await until(async () => (held.length === 2 ? true : null), 10_000, 'two requests in progress');

    const refused = await fetch(`${base}/api/work`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ error: 'overloaded', message: errorCatalogue.overloaded.message });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/ws/`)).status).toBe(200);

    held.shift()!();
    expect((await slow[0]!).status).toBe(200);
    expect((await fetch(`${base}/api/work`)).status).toBe(200);
    // A client that gives up frees its place too.
    const gone = new AbortController();
    const abandoned = fetch(`${base}/api/slow`, { signal: gone.signal }).catch(() => 'aborted');
    await until(async () => (held.length === 2 ? true : null), 10_000, 'the third slow request in progress');
    expect((await fetch(`${base}/api/work`)).status).toBe(503);
    gone.abort();
    expect(await abandoned).toBe('aborted');
    await until(
      async () => ((await fetch(`${base}/api/work`)).status === 200 ? true : null),
      10_000,
      'the place of the client that left',
    );
    for (const release of held) release();
    expect((await slow[1]!).status).toBe(200);
  });

  it('is off when both thresholds are 0, and on by default at a one-second mean delay', async () => {
    expect(loadSheddingOf({})).toEqual({ maxEventLoopDelayMs: 1000, maxEventLoopUtilization: 0 });
    expect(loadSheddingOf({ SHED_MAX_IN_FLIGHT: 256, SHED_SAMPLE_INTERVAL_MS: 250 })).toMatchObject({
      maxInFlight: 256,
      sampleIntervalMs: 250,
    });
    expect(loadSheddingOf({ SHED_EVENT_LOOP_DELAY_MS: 0, SHED_EVENT_LOOP_UTILIZATION: 0.98 })).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.98,
    });
    app = await appWith(0);
    expect(app.hasDecorator('isUnderPressure')).toBe(false);
    busy(150);
    expect((await app.inject('/api/work')).statusCode).toBe(200);
  });
});
