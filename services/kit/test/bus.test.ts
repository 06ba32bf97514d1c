import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bus, ContractError, HttpError, connectNats, httpError } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';
import { requestContracts } from './test-contracts.js';

describe('NATS request/reply', () => {
  let bus: Bus<typeof requestContracts>;
  beforeAll(async () => {
    const nc = await connectNats(infra().natsUrl, 'bus-test', testLogger());
    bus = new Bus(nc, nc.jetstream(), testLogger(), 'bus-test', requestContracts);
    await bus.startService({ version: '1.0.0' });
  });
  afterAll(async () => {
    await bus.stop();
    await bus.nc.drain();
  });

  it('tells "no responders" from "timeout", both as 503 with Turkish messages', async () => {
    const none = await bus.request('test.nobody', {}).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(HttpError);
    expect(none).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect((none as HttpError).message).toMatch(/Hizmet şu anda yanıt vermiyor/);

    // A responder that answers only after the caller has given up.
    let answerLate: ((answer: string) => void) | undefined;
    bus.respond('test.slow', () => new Promise<string>((resolve) => (answerLate = resolve)));
    const started = Date.now();
    const slow = await bus.request('test.slow', {}, undefined, 200).catch((e: unknown) => e);
    expect(slow).toMatchObject({ statusCode: 503, code: 'service_timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
    answerLate?.('late');
  });

  it("passes a responder's HttpError back to the caller", async () => {
    bus.respond('test.lookup', (p) => {
      if (p.id !== 'u1') throw httpError('not_found', 'Kullanıcı bulunamadı');
      return { id: 'u1', username: 'ayse' };
    });
    await expect(bus.request('test.lookup', { id: 'u1' })).resolves.toEqual({ id: 'u1', username: 'ayse' });
    await expect(bus.request('test.lookup', { id: 'u2' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
      message: 'Kullanıcı bulunamadı',
    });
  });

  it('validates both directions against schemas', async () => {
    bus.respond('test.double', (p) => (p.n === 13 ? ({ wrong: true } as never) : { double: p.n * 2 }));
    await expect(bus.request('test.double', { n: 4 })).resolves.toEqual({ double: 8 });
    // The caller's bus refuses to send a request that breaks the contract ...
    await expect(bus.request('test.double', { n: 'four' } as never)).rejects.toBeInstanceOf(ContractError);
    // ... and the responder refuses one sent past it.
    const raw = await bus.nc.request('test.double', new TextEncoder().encode('{"n":"four"}'));
    expect(JSON.parse(new TextDecoder().decode(raw.data))).toMatchObject({
      ok: false,
      error: { status: 400, error: 'validation' },
    });
    await expect(bus.request('test.double', { n: 13 })).rejects.toMatchObject({ statusCode: 500, code: 'internal' });
  });

  it("refuses a reply that breaks the contract on the caller's side too", async () => {
    const liar = bus.nc.subscribe('test.liar', {
      callback: (_e, m) => m.respond(new TextEncoder().encode(JSON.stringify({ ok: true, data: { id: 7 } }))),
    });
    await expect(bus.request('test.liar', { id: 'u9' })).rejects.toMatchObject({ statusCode: 500, code: 'internal' });
    liar.unsubscribe();
  });

  it('refuses a subject without a contract', async () => {
    await expect(bus.request('test.unknown' as never, {} as never)).rejects.toBeInstanceOf(ContractError);
    expect(() => bus.respond('test.unknown' as never, () => ({}) as never)).toThrow(ContractError);
  });
});
