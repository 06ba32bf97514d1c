import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bus, HttpError, connectNats, httpError } from '@meydan/kit';
import { infra, testLogger } from '@meydan/testing';

describe('NATS request/reply', () => {
  let bus: Bus;
  beforeAll(async () => {
    const nc = await connectNats(infra().natsUrl, 'bus-test', testLogger());
    bus = new Bus(nc, nc.jetstream(), testLogger(), 'bus-test');
  });
  afterAll(async () => {
    await bus.stop();
    await bus.nc.drain();
  });

  it('tells "no responders" from "timeout", both as 503 with Turkish messages', async () => {
    const none = await bus.request('nobody.listens.here', {}).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(HttpError);
    expect(none).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect((none as HttpError).message).toMatch(/Hizmet şu anda yanıt vermiyor/);

    bus.respond('slow.service', () => new Promise((r) => setTimeout(() => r('late'), 1500)));
    const started = Date.now();
    const slow = await bus.request('slow.service', {}, undefined, 200).catch((e: unknown) => e);
    expect(slow).toMatchObject({ statusCode: 503, code: 'service_timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('passes a responder\'s HttpError back to the caller', async () => {
    bus.respond('users.lookup', (p: { id: string }) => {
      if (p.id !== 'u1') throw httpError('not_found', 'Kullanıcı bulunamadı');
      return { id: 'u1', username: 'ayse' };
    });
    await expect(bus.request('users.lookup', { id: 'u1' })).resolves.toEqual({ id: 'u1', username: 'ayse' });
    await expect(bus.request('users.lookup', { id: 'u2' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
      message: 'Kullanıcı bulunamadı',
    });
  });

  it('validates both directions against schemas', async () => {
    const requestSchema = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
    const responseSchema = { type: 'object', required: ['double'], properties: { double: { type: 'integer' } } };
    bus.respond('math.double', (p: { n: number }) => (p.n === 13 ? { wrong: true } : { double: p.n * 2 }), {
      requestSchema,
      responseSchema,
    });
    await expect(bus.request('math.double', { n: 4 })).resolves.toEqual({ double: 8 });
    await expect(bus.request('math.double', { n: 'four' })).rejects.toMatchObject({ statusCode: 400, code: 'validation' });
    await expect(bus.request('math.double', { n: 13 })).rejects.toMatchObject({ statusCode: 500, code: 'internal' });
  });
});
