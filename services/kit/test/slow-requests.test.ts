/**
 * Where an outage's seconds went, in logs kept at warn: a request slower than the threshold (SLOW_REQUEST_MS, 5 s) is
 * told at warn when it ends, and one its client gave up on (a load generator's timeout) when it is given up, with how
 * long it had waited. Quicker ones stay at the access log's level.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SLOW_REQUEST_MS, createFastify } from '@meydan/kit';
import { testLogger, until } from '@meydan/testing';

const said = (lines: Record<string, unknown>[], msg: string) => lines.filter((l) => l['msg'] === msg);

describe('slow and given-up requests in the log', () => {
  it('tells a request past the threshold at warn, and a quicker one at the access level only', async () => {
    expect(SLOW_REQUEST_MS).toBe(5000);
    const quickLines: Record<string, unknown>[] = [];
    const quick = createFastify(testLogger(quickLines));
    quick.get('/ping', async () => ({ ok: true }));
    expect((await quick.inject({ url: '/ping' })).statusCode).toBe(200);
    expect(said(quickLines, 'slow request')).toEqual([]);
    expect(said(quickLines, 'request completed').map((l) => l['level'])).toEqual([20]);
    await quick.close();

    // Every request is past a threshold of 0 ms.
    const lines: Record<string, unknown>[] = [];
    const app = createFastify(testLogger(lines), { slowRequestMs: 0 });
    app.get('/ping', async () => ({ ok: true }));
    expect((await app.inject({ url: '/ping?x=1' })).statusCode).toBe(200);
    expect(said(lines, 'slow request')).toEqual([
      expect.objectContaining({
        level: 40,
        method: 'GET',
        url: '/ping?x=1',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
    await app.close();
  });

  it('tells a request its client gave up on, with how long it waited', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = createFastify(testLogger(lines), { slowRequestMs: 0 });
    let arrived = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get('/held', async () => {
      arrived = true;
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const client = request({ host: '127.0.0.1', port, path: '/held' });
      client.on('error', () => undefined);
      client.end();
      await until(() => arrived, 5000, 'the request reached its handler');
      client.destroy();
      await until(() => said(lines, 'request given up by its client').length === 1, 5000, 'the abort logged');
      expect(said(lines, 'request given up by its client')[0]).toMatchObject({
        level: 40,
        method: 'GET',
        url: '/held',
        waited: expect.any(Number),
      });
    } finally {
      release();
      await app.close();
    }
  });
});
