/**
 * A service whose connection breaks once a request reached it (killed mid-request): a change may have been made, so
 * the gateway says so (502 answer_lost) instead of the 503 that means it was not; a read is still a plain 503.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@meydan/proto';
import { startTestGateway, type TestGateway } from './support.js';

describe('gateway: a service cut off mid-request', () => {
  let upstream: Server;
  let gateway: TestGateway;
  let received = 0;

  beforeAll(async () => {
    // Reads the request, then drops the connection without a word (as a process killed by kill -9 does).
    upstream = createServer((socket) => {
      socket.once('data', () => {
        received += 1;
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await startTestGateway({}, { config: { POLLS_URL: url } });
  });
  afterAll(async () => {
    await gateway?.close();
    upstream?.close();
  });

  it('answers a change 502 answer_lost: it reached the service and may have been made', async () => {
    const before = received;
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/polls/6b08b457330fed5e0a28244a/vote',
      payload: { optionIndex: 0 },
    });
    expect(received).toBeGreaterThan(before);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'answer_lost', message: errorCatalogue.answer_lost.message });
    expect(res.json().message).toBe(
      'Hizmetin yanıtı yolda kesildi; işlemin kaydedilmiş olabilir. Sayfayı yenileyip kontrol et.',
    );
  });

  it('answers a read 503 as before', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/polls/6b08b457330fed5e0a28244a' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('service_unavailable');
  });
});
