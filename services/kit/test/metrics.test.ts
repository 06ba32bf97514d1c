import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Bus,
  collectProcessMetrics,
  connectMongo,
  connectNats,
  connectRedis,
  createFastify,
  startMetricsServer,
  type MetricsServer,
} from '@meydan/kit';
import { infra, metricValue, scrapeMetrics, testLogger } from '@meydan/testing';
import { eventContracts, requestContracts, type TaggedContracts } from './test-contracts.js';

describe('metrics', () => {
  let server: MetricsServer;
  const scrape = () => scrapeMetrics(server.port);

  beforeAll(async () => {
    collectProcessMetrics('kit-test');
    // Port 0: test workers side by side never collide on a metrics port.
    server = await startMetricsServer(0, '127.0.0.1', testLogger());
  });
  afterAll(() => server.close());

  it('serves the default process metrics on its own port, labelled with the process, and nothing else there', async () => {
    const text = await scrape();
    expect(metricValue(text, 'process_resident_memory_bytes', { service: 'kit-test' })).toBeGreaterThan(10_000_000);
    expect(text).toMatch(/^# TYPE process_cpu_seconds_total counter$/m);
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('times HTTP requests by route template and status, never by the raw path', async () => {
    const app = createFastify(testLogger());
    app.get('/things/:id', async () => ({ ok: true }));
    const before = metricValue(await scrape(), 'http_request_duration_seconds_count', {
      route: '/things/:id',
      status_code: '200',
      method: 'GET',
    });
    await app.inject({ url: '/things/abc' });
    await app.inject({ url: '/things/def' });
    await app.inject({ url: '/nowhere/xyz' });
    const text = await scrape();
    expect(
      metricValue(text, 'http_request_duration_seconds_count', {
        route: '/things/:id',
        status_code: '200',
        method: 'GET',
      }),
    ).toBe(before + 2);
    expect(
      metricValue(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/things/abc');
    expect(text).not.toContain('/nowhere/xyz');
    await app.close();
  });

  it('times NATS requests by subject and outcome: ok, timeout, no_responders', async () => {
    const nc = await connectNats(infra().natsUrl, 'metrics-test', testLogger());
    const bus = new Bus(
      nc,
      nc.jetstream(),
      testLogger(),
      `metrics-test-${randomBytes(3).toString('hex')}`,
      requestContracts,
    );
    await bus.startService({ version: '1.0.0' });
    const count = (text: string, subject: string, outcome: string) =>
      metricValue(text, 'meydan_nats_request_duration_seconds_count', { subject, outcome });
    const before = await scrape();
    bus.respond('test.echo', () => ({ ok: 1 }));
    await bus.request('test.echo', {});
    await bus.request('test.nobody', {}).catch(() => undefined);
    bus.respond('test.slow', () => new Promise(() => undefined));
    await bus.request('test.slow', {}, undefined, 100).catch(() => undefined);
    const after = await scrape();
    expect(count(after, 'test.echo', 'ok') - count(before, 'test.echo', 'ok')).toBe(1);
    expect(count(after, 'test.nobody', 'no_responders') - count(before, 'test.nobody', 'no_responders')).toBe(1);
    expect(count(after, 'test.slow', 'timeout') - count(before, 'test.slow', 'timeout')).toBe(1);
    await bus.stop();
    await nc.drain();
  });

  it("reports a JetStream consumer's lag and its redeliveries by consumer", async () => {
    const tag = randomBytes(3).toString('hex');
    const { subjects, contracts } = eventContracts(tag);
    const nc = await connectNats(infra().natsUrl, 'metrics-js', testLogger());
    const bus = new Bus<TaggedContracts>(nc, nc.jetstream(), testLogger(), 'metrics-js', contracts);
    await bus.ensureStreams();
    const purpose = `lag-${tag}`;
    const durable = bus.durable(purpose);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let failedOnce = false;
    await bus.consume({
      purpose,
      filterSubject: subjects.work,
      concurrency: 1,
      backoffMs: [50],
      handler: async (p) => {
        await held;
        if (p.i === 0 && !failedOnce) {
          failedOnce = true;
          throw new Error('once');
        }
      },
    });
    for (let i = 0; i < 5; i++) await bus.publish(subjects.work, { i });
    // Held: all five are somewhere between undelivered and unacknowledged.
    await vi.waitFor(
      async () => {
        const text = await scrape();
        const lag =
          metricValue(text, 'meydan_jetstream_consumer_pending_messages', { consumer: durable }) +
          metricValue(text, 'meydan_jetstream_consumer_ack_pending_messages', { consumer: durable });
        expect(lag).toBe(5);
      },
      { timeout: 5000, interval: 100 },
    );
    release();
    await vi.waitFor(
      async () => {
        const text = await scrape();
        expect(metricValue(text, 'meydan_jetstream_redeliveries_total', { consumer: durable })).toBe(1);
        expect(metricValue(text, 'meydan_jetstream_consumer_ack_pending_messages', { consumer: durable })).toBe(0);
        expect(metricValue(text, 'meydan_jetstream_consumer_pending_messages', { consumer: durable })).toBe(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    await bus.stop();
    // A stopped bus reports its consumers no more.
    await vi.waitFor(
      async () =>
        expect(await scrape()).not.toMatch(
          new RegExp(`^meydan_jetstream_consumer_pending_messages\\{[^}]*consumer="${durable}"`, 'm'),
        ),
      {
        timeout: 5000,
        interval: 200,
      },
    );
    await nc.drain();
  });

  it('counts Redis commands that fail, by command', async () => {
    const redis = connectRedis(infra().redisUrl, `metrics-${randomBytes(3).toString('hex')}`, testLogger());
    const before = metricValue(await scrape(), 'meydan_redis_command_errors_total', { command: 'incr' });
    await redis.set('word', 'not a number');
    await expect(redis.incr('word')).rejects.toThrow(/not an integer/);
    await redis.get('word');
    expect(metricValue(await scrape(), 'meydan_redis_command_errors_total', { command: 'incr' })).toBe(before + 1);
    await redis.quit();
  });

  it('counts MongoDB commands that fail, by command', async () => {
    const mongo = await connectMongo(infra().mongoUrl, `metrics_${randomBytes(3).toString('hex')}`, testLogger());
    const before = metricValue(await scrape(), 'meydan_mongo_command_errors_total', { command: 'renameCollection' });
    await expect(
      mongo.getClient().db('admin').command({ renameCollection: 'nowhere.none', to: 'nowhere.other' }),
    ).rejects.toThrow();
    expect(metricValue(await scrape(), 'meydan_mongo_command_errors_total', { command: 'renameCollection' })).toBe(
      before + 1,
    );
    await mongo.close();
  });
});
