import { randomBytes } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterSubject, natsHeaders } from '@meydan/proto';
import { Bus, connectNats } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';

const codec = JSONCodec();
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('JetStream consumers', () => {
  let nc: NatsConnection;
  let bus: Bus;
  const tag = randomBytes(3).toString('hex');

  beforeAll(async () => {
    nc = await connectNats(infra().natsUrl, 'js-test', testLogger());
    bus = new Bus(nc, nc.jetstream(), testLogger(), 'js-test');
    await bus.ensureStreams();
  });
  afterAll(async () => {
    await bus.stop();
    await nc.drain();
  });

  it('redelivers a failing event with backoff, then dead-letters it after the maximum', async () => {
    const durable = `test--poison-${tag}`;
    const deliveries: { n: number; at: number }[] = [];
    const dead: { subject: string; headers: Record<string, string>; body: unknown }[] = [];
    const sub = nc.subscribe(deadLetterSubject(durable), {
      callback: (_e, m) =>
        dead.push({
          subject: m.subject,
          headers: {
            original: m.headers?.get('x-original-subject') ?? '',
            deliveries: m.headers?.get('x-deliveries') ?? '',
            error: m.headers?.get('x-error') ?? '',
            requestId: m.headers?.get(natsHeaders.requestId) ?? '',
          },
          body: codec.decode(m.data),
        }),
    });
    await bus.consume({
      durable,
      filterSubject: `events.test.${tag}.poison`,
      maxDeliver: 3,
      backoffMs: [100, 300],
      handler: (_p, ctx) => {
        deliveries.push({ n: ctx.deliveries, at: Date.now() });
        throw new Error('cannot handle this');
      },
    });
    await bus.publish(`events.test.${tag}.poison`, { pollId: 'p1' }, { requestId: 'req-poison' });
    await until(() => dead.length === 1);
    expect(deliveries.map((d) => d.n)).toEqual([1, 2, 3]);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(90);
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThanOrEqual(280);
    expect(dead[0]).toEqual({
      subject: `deadletter.${durable}`,
      headers: { original: `events.test.${tag}.poison`, deliveries: '3', error: 'cannot handle this', requestId: 'req-poison' },
      body: { pollId: 'p1' },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries).toHaveLength(3);
    sub.unsubscribe();
  });

  it('acks after success, retries a passing failure once, and bounds concurrency', async () => {
    const durable = `test--work-${tag}`;
    let running = 0;
    let maxRunning = 0;
    const handled: number[] = [];
    let failedOnce = false;
    await bus.consume<{ i: number }>({
      durable,
      filterSubject: `events.test.${tag}.work`,
      concurrency: 3,
      backoffMs: [50],
      handler: async (p) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 30));
        running--;
        if (p.i === 7 && !failedOnce) {
          failedOnce = true;
          throw new Error('transient');
        }
        handled.push(p.i);
      },
    });
    for (let i = 0; i < 20; i++) await bus.publish(`events.test.${tag}.work`, { i });
    await until(() => handled.length === 20);
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(maxRunning).toBeLessThanOrEqual(3);
    expect(maxRunning).toBeGreaterThan(1);
    const jsm = await nc.jetstreamManager();
    await until(() => true);
    const info = await jsm.consumers.info('EVENTS', durable);
    expect(info.num_pending).toBe(0);
    expect(info.num_ack_pending).toBe(0);
  });

  it('stores a message id once (publish de-duplication)', async () => {
    const subject = `events.test.${tag}.dedupe`;
    const first = await bus.publish(subject, { v: 1 }, { msgId: `vote:p1:u:${tag}` });
    const again = await bus.publish(subject, { v: 1 }, { msgId: `vote:p1:u:${tag}` });
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.seq).toBe(first.seq);
  });
});
