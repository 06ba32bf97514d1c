import { randomBytes } from 'node:crypto';
import { JSONCodec, headers as natsHeadersInit, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deadLetterSubject, natsHeaders } from '@meydan/proto';
import { Bus, ConfigError, ContractError, HttpError, connectNats, type BatchItem } from '@meydan/kit';
import { infra, startPrivateNats, testLogger, until } from '@meydan/testing';
import { eventContracts, type TaggedContracts, type WorkEvent } from './test-contracts.js';
import { busyFor } from '../../../test/quiet.js';

const codec = JSONCodec();
/** A dead letter's body: JSON when it is JSON (a throw inside a NATS callback would close the connection). */
const decoded = (data: Uint8Array): unknown => {
  try {
    return codec.decode(data);
  } catch {
    return new TextDecoder().decode(data);
  }
};
/** How long a test waits for a consumer to catch up. */
const settle = { timeout: 10_000, interval: 25 };

describe('JetStream consumers', () => {
  let nc: NatsConnection;
  let bus: Bus<TaggedContracts>;
  const tag = randomBytes(3).toString('hex');
  const { subjects, contracts } = eventContracts(tag);
  const lines: Record<string, unknown>[] = [];

  /** Collects what reaches a durable's dead-letter subject. */
  const deadLetters = (durable: string) => {
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
          body: decoded(m.data),
        }),
    });
    return { dead, stop: () => sub.unsubscribe() };
  };

  beforeAll(async () => {
    nc = await connectNats(infra().natsUrl, 'js-test', testLogger());
    bus = new Bus(nc, nc.jetstream(), testLogger(lines), 'js-test', contracts);
    await bus.ensureStreams();
  });
  afterAll(async () => {
    await bus.stop();
    await nc.drain();
  });

  it('redelivers a failing event with backoff, then dead-letters it after the maximum', async () => {
    const purpose = `poison-${tag}`;
    const durable = bus.durable(purpose);
    const deliveries: { n: number; at: number }[] = [];
    const { dead, stop } = deadLetters(durable);
    await bus.consume({
      purpose,
      filterSubject: subjects.poison,
      maxDeliver: 3,
      backoffMs: [100, 300],
      handler: (_p, ctx) => {
        deliveries.push({ n: ctx.deliveries, at: Date.now() });
        throw new Error('cannot handle this');
      },
    });
    await bus.publish(subjects.poison, { pollId: 'p1' }, { requestId: 'req-poison' });
    await vi.waitFor(() => expect(dead).toHaveLength(1), settle);
    expect(deliveries.map((d) => d.n)).toEqual([1, 2, 3]);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(90);
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThanOrEqual(280);
    expect(dead[0]).toEqual({
      subject: `deadletter.${durable}`,
      headers: { original: subjects.poison, deliveries: '3', error: 'cannot handle this', requestId: 'req-poison' },
      body: { pollId: 'p1' },
    });
    // Once the server holds nothing unacknowledged for the consumer, no fourth delivery can come.
    const jsm = await nc.jetstreamManager();
    await vi.waitFor(async () => expect((await jsm.consumers.info('EVENTS', durable)).num_ack_pending).toBe(0), settle);
    expect(deliveries).toHaveLength(3);
    stop();
  });

  it('dead-letters an event that breaks its contract at once: the handler never sees it', async () => {
    const purpose = `invalid-${tag}`;
    const durable = bus.durable(purpose);
    const handled: WorkEvent[] = [];
    const { dead, stop } = deadLetters(durable);
    await bus.consume({ purpose, filterSubject: subjects.invalid, handler: (p) => void handled.push(p) });
    // A producer that skips the bus; the bus itself refuses to publish it.
    await expect(bus.publish(subjects.invalid, { i: 'one' } as never)).rejects.toBeInstanceOf(ContractError);
    await nc.jetstream().publish(subjects.invalid, codec.encode({ i: 'one' }), { headers: headersWith('req-invalid') });
    await nc.jetstream().publish(subjects.invalid, new TextEncoder().encode('not json'));
    await bus.publish(subjects.invalid, { i: 1 });
    await vi.waitFor(() => {
      expect(dead).toHaveLength(2);
      expect(handled).toHaveLength(1);
    }, settle);
    expect(handled).toEqual([{ i: 1 }]);
    expect(dead[0]).toMatchObject({
      headers: { original: subjects.invalid, deliveries: '1', requestId: 'req-invalid' },
      body: { i: 'one' },
    });
    expect(dead[0]!.headers.error).toMatch(/^contract: \/i /);
    expect(dead[1]!.headers.error).toBe('contract: not JSON');
    expect(
      lines.some((l) => l['msg'] === 'event breaks its contract: dead-lettered' && l['reqId'] === 'req-invalid'),
    ).toBe(true);
    const info = await (await nc.jetstreamManager()).consumers.info('EVENTS', durable);
    expect(info.num_redelivered).toBe(0);
    stop();
  });

  it('acks after success, retries a passing failure once, and bounds concurrency', async () => {
    const purpose = `work-${tag}`;
    const durable = bus.durable(purpose);
    let running = 0;
    let maxRunning = 0;
    const handled: number[] = [];
    let failedOnce = false;
    await bus.consume({
      purpose,
      filterSubject: subjects.work,
      concurrency: 3,
      backoffMs: [50],
      handler: async (p) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await busyFor(30);
        running--;
        if (p.i === 7 && !failedOnce) {
          failedOnce = true;
          throw new Error('transient');
        }
        handled.push(p.i);
      },
    });
    for (let i = 0; i < 20; i++) await bus.publish(subjects.work, { i });
    await vi.waitFor(() => expect(handled).toHaveLength(20), settle);
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(maxRunning).toBeLessThanOrEqual(3);
    expect(maxRunning).toBeGreaterThan(1);
    const info = await (await nc.jetstreamManager()).consumers.info('EVENTS', durable);
    expect(info.num_pending).toBe(0);
    expect(info.num_ack_pending).toBe(0);
  });

  it('hands events over in batches, redelivers a failed batch whole, acks it once handled, dead-letters broken events', async () => {
    const purpose = `batch-${tag}`;
    const durable = bus.durable(purpose);
    const batches: number[][] = [];
    const { dead, stop } = deadLetters(durable);
    let failures = 0;
    const handle = await bus.consumeBatches({
      purpose,
      filterSubject: subjects.batch,
      batchMax: 10,
      maxDeliver: -1,
      retryDelayMs: () => 50,
      handler: async (batch: BatchItem<WorkEvent>[]) => {
        if (batch.some((b) => b.payload.i === 3) && failures === 0) {
          failures++;
          throw new Error('database away');
        }
        batches.push(batch.map((b) => b.payload.i));
      },
    });
    await Promise.all([
      ...Array.from({ length: 25 }, (_, i) => bus.publish(subjects.batch, { i })),
      nc
        .jetstream()
        .publish(subjects.batch, codec.encode({ i: 'yirmi altı' }), { headers: headersWith('req-batch-invalid') }),
      nc.jetstream().publish(subjects.batch, new TextEncoder().encode('not json')),
    ]);
    await vi.waitFor(() => expect(batches.flat()).toHaveLength(25), settle);
    await vi.waitFor(() => expect(dead).toHaveLength(2), settle);
    expect(dead.map((d) => d.headers.error).sort()).toEqual([
      expect.stringMatching(/^contract: \/i /),
      'contract: not JSON',
    ]);
    expect(
      lines.some((l) => l['msg'] === 'event breaks its contract: dead-lettered' && l['reqId'] === 'req-batch-invalid'),
    ).toBe(true);
    stop();
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(10);
    expect(failures).toBe(1);
    expect(lines.some((l) => l['msg'] === 'event batch failed: will be redelivered')).toBe(true);
    const info = await (await nc.jetstreamManager()).consumers.info('EVENTS', durable);
    expect(info.num_ack_pending).toBe(0);
    await handle.stop();
  });

  it('gathers a batch that is not full for gatherMs, and hands a full one over at once', async () => {
    const purpose = `gathered-${tag}`;
    const batches: number[][] = [];
    const handle = await bus.consumeBatches({
      purpose,
      filterSubject: subjects.gathered,
      batchMax: 10,
      // Longer than the test may wait: a batch handled at all was handed over because it was full.
      gatherMs: 60_000,
      handler: async (batch: BatchItem<WorkEvent>[]) => void batches.push(batch.map((b) => b.payload.i)),
    });
    // Published one after another: without gathering, the first event alone would make the first batch.
    for (let i = 0; i < 25; i++) await bus.publish(subjects.gathered, { i });
    await vi.waitFor(() => expect(batches).toHaveLength(2), settle);
    expect(batches.map((b) => b.length)).toEqual([10, 10]);
    // The last 5 wait for the rest of their batch until the consumer stops, which hands over what has reached it: once
    // the server has sent them all, a round trip on the connection makes sure they have arrived.
    const durable = bus.durable(purpose);
    await vi.waitFor(
      async () => expect((await (await nc.jetstreamManager()).consumers.info('EVENTS', durable)).num_pending).toBe(0),
      settle,
    );
    await nc.flush();
    const stopped = handle.stop();
    await vi.waitFor(() => expect(batches.flat()).toHaveLength(25), settle);
    await stopped;
    expect(batches.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('stores a message id once (publish de-duplication)', async () => {
    const first = await bus.publish(subjects.dedupe, { v: 1 }, { msgId: `vote:p1:u:${tag}` });
    const again = await bus.publish(subjects.dedupe, { v: 1 }, { msgId: `vote:p1:u:${tag}` });
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.seq).toBe(first.seq);
  });

  it('checks live messages at both ends', async () => {
    const heard: WorkEvent[] = [];
    bus.subscribeLive(subjects.live, (p) => void heard.push(p), { queue: `live-${tag}` });
    expect(() => bus.publishLive(subjects.live, { i: -1 })).toThrow(ContractError);
    nc.publish(subjects.live, codec.encode({ i: 'x' }));
    bus.publishLive(subjects.live, { i: 2 });
    await vi.waitFor(() => expect(heard).toHaveLength(1), settle);
    expect(heard).toEqual([{ i: 2 }]);
    expect(lines.some((l) => l['msg'] === 'live message breaks its contract: ignored')).toBe(true);

    // An event heard as it is published (no durable consumer), checked the same way.
    const listened: WorkEvent[] = [];
    bus.listen(subjects.reliable, (p) => void listened.push(p));
    await nc.jetstream().publish(subjects.reliable, codec.encode({ i: 'x' }));
    await bus.publish(subjects.reliable, { i: 5 });
    await vi.waitFor(() => expect(listened).toHaveLength(1), settle);
    expect(listened).toEqual([{ i: 5 }]);
  });
});

function headersWith(requestId: string) {
  const h = natsHeadersInit();
  h.set(natsHeaders.requestId, requestId);
  return h;
}

describe('publishing an event whose write already happened', () => {
  it('is retried, and fails with a Turkish 503 when NATS stays away', async () => {
    const nats = await startPrivateNats();
    const nc = await connectNats(nats.url, 'js-reliable', testLogger());
    const tag = randomBytes(3).toString('hex');
    const { subjects, contracts } = eventContracts(tag);
    const lines: Record<string, unknown>[] = [];
    const bus = new Bus(nc, nc.jetstream(), testLogger(lines), 'js-reliable', contracts);
    try {
      await bus.ensureStreams();
      await expect(bus.publishReliably(subjects.reliable, { i: 1 }, { requestId: 'req-up' })).resolves.toMatchObject({
        duplicate: false,
      });

      await nats.stop();
      const started = Date.now();
      const failed = await bus
        .publishReliably(subjects.reliable, { i: 2 }, { requestId: 'req-down', timeoutMs: 300, backoffMs: [50] })
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(HttpError);
      expect(failed).toMatchObject({ statusCode: 503, code: 'event_not_published' });
      expect((failed as HttpError).message).toBe(
        'İşlemin kaydedildi ama şu anda duyurulamadı. Lütfen biraz sonra sayfayı yenileyip kontrol et.',
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(lines.find((l) => l['msg'] === 'event not published after retries')).toMatchObject({
        reqId: 'req-down',
        attempts: 3,
      });
    } finally {
      await nats.stop().catch(() => undefined);
      await nc.close().catch(() => undefined);
    }
  }, 30_000);
});

describe('publishing for a while (the vote path)', () => {
  it('keeps trying for retryForMs, then answers the Turkish 503; a server back in time takes the same message once', async () => {
    const nats = await startPrivateNats();
    const nc = await connectNats(nats.url, 'js-for-a-while', testLogger());
    const tag = randomBytes(3).toString('hex');
    const { subjects, contracts } = eventContracts(tag);
    const lines: Record<string, unknown>[] = [];
    // Each attempt to publish is seen as it goes out (the JetStream client's own publish, counted on the way).
    const js = nc.jetstream();
    const publish = js.publish.bind(js);
    let attempts = 0;
    let onAttempt = (_attempt: number) => {};
    js.publish = (...args) => {
      onAttempt(++attempts);
      return publish(...args);
    };
    const bus = new Bus(nc, js, testLogger(lines), 'js-for-a-while', contracts);
    try {
      await bus.ensureStreams();
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete('EVENTS');
      // No stream takes the subject (as while its leader is elected): every attempt fails until retryForMs is spent.
      const started = Date.now();
      const failed = await bus
        .publishReliably(
          subjects.reliable,
          { i: 1 },
          { requestId: 'req-gone', retryForMs: 1500, timeoutMs: 300, backoffMs: [100] },
        )
        .catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(failed).toMatchObject({ statusCode: 503, code: 'event_not_published' });
      expect(took).toBeGreaterThanOrEqual(1300);
      expect(took).toBeLessThan(3000);
      const logged = lines.find((l) => l['msg'] === 'event not published after retries');
      expect(logged?.['attempts']).toBeGreaterThan(3);

      // The stream comes back once the first attempt has failed and the second is under way: the publish gets
      // through, under its one message id.
      attempts = 0;
      onAttempt = (attempt) => void (attempt === 2 && bus.ensureStreams());
      const back = await bus.publishReliably(
        subjects.reliable,
        { i: 2 },
        { msgId: `back-${tag}`, retryForMs: 5000, timeoutMs: 300, backoffMs: [100] },
      );
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(back.duplicate).toBe(false);
      expect((await jsm.streams.info('EVENTS')).state.messages).toBe(1);
    } finally {
      await nc.close().catch(() => undefined);
      await nats.stop().catch(() => undefined);
    }
  }, 30_000);

  it('while JetStream answers nothing, lets waitMax publishes wait in line and refuses the next at once; its first acknowledgement lets them all go', async () => {
    const nats = await startPrivateNats();
    const nc = await connectNats(nats.url, 'js-quiet', testLogger());
    const tag = randomBytes(3).toString('hex');
    const { subjects, contracts } = eventContracts(tag);
    const lines: Record<string, unknown>[] = [];
    const bus = new Bus(nc, nc.jetstream(), testLogger(lines), 'js-quiet', contracts);
    const logged = (msg: string) => lines.find((l) => l['msg'] === msg);
    try {
      await bus.ensureStreams();
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete('EVENTS');
      const options = { retryForMs: 20_000, timeoutMs: 300, backoffMs: [50], waitMax: 2 };
      // Nothing answers (no stream takes the subject, as while a leader is elected): quiet after the first attempt.
      const first = bus.publishReliably(subjects.reliable, { i: 1 }, { ...options, msgId: `first-${tag}` });
      await until(() => logged('jetstream quiet: publishes wait in line'), 10_000, 'JetStream taken for quiet');
      const second = bus.publishReliably(subjects.reliable, { i: 2 }, { ...options, msgId: `second-${tag}` });
      // Two wait: the third is refused at once, without an attempt of its own.
      const refused = await bus
        .publishReliably(subjects.reliable, { i: 3 }, { ...options, msgId: `third-${tag}` })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ statusCode: 503, code: 'event_not_published' });
      expect(logged('event not published after retries')).toBeUndefined();

      // The stream back: the next probe is acknowledged and both waiting publishes go, each stored once.
      await bus.ensureStreams();
      await expect(Promise.all([first, second])).resolves.toMatchObject([{ duplicate: false }, { duplicate: false }]);
      expect((await jsm.streams.info('EVENTS')).state.messages).toBe(2);
      expect(logged('jetstream answers again: waiting publishes go')).toMatchObject({ refused: 1 });
      // Answering again, the next publish goes straight through.
      await expect(
        bus.publishReliably(subjects.reliable, { i: 4 }, { ...options, msgId: `fourth-${tag}` }),
      ).resolves.toMatchObject({ duplicate: false });
    } finally {
      await nc.close().catch(() => undefined);
      await nats.stop().catch(() => undefined);
    }
  }, 30_000);
});

describe('NATS_STREAM_REPLICAS above 1 against a single server', () => {
  it('stops the start with one line that names the setting and the cure', async () => {
    const nc = await connectNats(infra().natsUrl, 'js-r3', testLogger());
    const bus = new Bus(nc, nc.jetstream(), testLogger(), 'js-r3', undefined, '', { streamReplicas: 3 });
    try {
      await new Bus(nc, nc.jetstream(), testLogger(), 'js-r1').ensureStreams();
      const refused = await bus.ensureStreams().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as Error).message).toBe(
        'NATS_STREAM_REPLICAS=3: the NATS server refuses stream EVENTS at 3 replicas (replicas > 1 not supported in non-clustered mode); ' +
          'set NATS_STREAM_REPLICAS=1 for a single server, or point NATS_URL at a JetStream cluster of at least 3 servers',
      );
      // Nothing was changed: the stream stays at one replica.
      expect((await (await nc.jetstreamManager()).streams.info('EVENTS')).config.num_replicas).toBe(1);
    } finally {
      await nc.close();
    }
  });
});

describe('a subject covered by a wildcard filter of the contracts', () => {
  it("is published under the filter's contract: a payload that breaks it is refused, a subject no filter covers too", async () => {
    const nc = await connectNats(infra().natsUrl, 'kit-test', testLogger());
    const bus = new Bus(nc, nc.jetstream(), testLogger(), 'kit-test');
    try {
      // A valid payload passes the contract (whatever the stream then says: it may not exist on this server).
      const valid = { jobId: 'j1', userId: 'u1', email: 'a@example.com', name: 'Ayşe' };
      const outcome = await bus
        .publish('work.admin.bulk-email.kit-test' as never, valid as never, { timeoutMs: 1000 })
        .catch((err: unknown) => err);
      expect(outcome).not.toBeInstanceOf(ContractError);
      // Refusals are decided before anything is sent.
      await expect(bus.publish('work.admin.bulk-email.kit-test' as never, { jobId: 'j1' } as never)).rejects.toThrow(
        ContractError,
      );
      await expect(bus.publish('work.admin.bulk-email.kit-test.deeper' as never, {} as never)).rejects.toThrow(
        /no events contract/,
      );
      await expect(bus.publish('work.other.kit-test' as never, {} as never)).rejects.toThrow(/no events contract/);
    } finally {
      await nc.close();
    }
  });
});
