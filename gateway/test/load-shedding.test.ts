/**
 * The gateway sheds load first (kit/load-shedding.ts): with its event loop past SHED_EVENT_LOOP_DELAY_MS it answers
 * 503 `overloaded` in Turkish with retry-after before any other step, its health answer still comes, and
 * SHED_EVENT_LOOP_DELAY_MS=0 turns it off. The overload is real: the test keeps the event loop busy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue } from '@meydan/proto';
import { baseConfigProperties } from '@meydan/kit';
import { until } from '@meydan/testing';
import { gatewayConfigSchema } from '../src/config.js';
import { startTestGateway, type TestGateway } from './support.js';

let testGateway: TestGateway;
let strict: FastifyInstance;

beforeAll(async () => {
  testGateway = await startTestGateway({});
  strict = await testGateway.variant({ SHED_EVENT_LOOP_DELAY_MS: 20 });
});
afterAll(async () => {
  await testGateway?.close();
});

/** Keeps this process's event loop busy for `ms` (longer than the one-second sample, so the sample's mean is late). */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('gateway load shedding', () => {
  it('is on by default (a one-second mean delay), and off with SHED_EVENT_LOOP_DELAY_MS=0', async () => {
    expect(gatewayConfigSchema.properties.SHED_EVENT_LOOP_DELAY_MS.default).toBe(1000);
    // The queue bound is the gateway's (256 requests in progress, the bench's knee); the services behind leave it off.
    expect(gatewayConfigSchema.properties.SHED_MAX_IN_FLIGHT.default).toBe(256);
    expect(baseConfigProperties.SHED_MAX_IN_FLIGHT.default).toBe(0);
    const byDefault = await testGateway.variant({
      SHED_EVENT_LOOP_DELAY_MS: gatewayConfigSchema.properties.SHED_EVENT_LOOP_DELAY_MS.default,
    });
    expect(byDefault.hasDecorator('isUnderPressure')).toBe(true);
    // The tests' own gateways run without it (support.ts).
    expect(testGateway.app.hasDecorator('isUnderPressure')).toBe(false);
  });

  it('answers 503 overloaded with retry-after while its event loop is late, and serves again after', async () => {
    const shed = await until(
      async () => {
        busy(1_100);
        const res = await strict.inject({ method: 'GET', url: '/api/polls?feed=new' });
        return res.statusCode === 503 && res.json<{ error: string }>().error === 'overloaded' ? res : null;
      },
      25_000,
      'a request shed while the loop is busy',
    );
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({
      error: 'overloaded',
      message: 'Şu anda çok yoğunuz. Lütfen birkaç saniye sonra tekrar dene.',
    });
    expect(errorCatalogue.overloaded.status).toBe(503);
    // The security headers' hook runs before it, so even a shed answer carries them.
    expect(shed.headers['x-content-type-options']).toBe('nosniff');
    // Free again: the next sample is under the threshold and the request goes on to polls (closed here: 503 service_unavailable).
    const after = await until(
      async () => {
        const res = await strict.inject({ method: 'GET', url: '/api/polls?feed=new' });
        return res.json<{ error?: string }>().error !== 'overloaded' ? res : null;
      },
      25_000,
      'the request let through once the loop is free',
    );
    expect(after.json<{ error?: string }>().error).not.toBe('overloaded');
  });
});
