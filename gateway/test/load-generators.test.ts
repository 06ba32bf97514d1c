import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@meydan/kit';
import { gatewayConfigSchema } from '../src/config.js';
import { isLoadGenerator, loadGenerators } from '../src/load-generators.js';
import { startTestGateway, type TestGateway } from './support.js';

describe('load generators past the rate limits (RATE_LIMIT_ALLOWLIST)', () => {
  let testGateway: TestGateway;
  beforeAll(async () => {
    // The API's 600 a minute scaled down to 3, the load generators' network allowed.
    testGateway = await startTestGateway(
      {},
      { config: { RATE_LIMIT_SCALE: 0.005, RATE_LIMIT_ALLOWLIST: '198.51.100.0/24, 2001:db8::7' } },
    );
  });
  afterAll(() => testGateway?.close());

  const statuses = async (remoteAddress: string, count: number) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i++)
      codes.push((await testGateway.app.inject({ url: '/api/polls', remoteAddress })).statusCode);
    return codes;
  };

  it('lets an allowed address through every limit, and limits everyone else as before', async () => {
    const generator = await statuses(`198.51.100.${randomInt(1, 255)}`, 6);
    expect(generator).not.toContain(429);
    const ipv6Generator = await statuses('2001:db8::7', 6);
    expect(ipv6Generator).not.toContain(429);
    const other = await statuses(`203.0.113.${randomInt(1, 255)}`, 6);
    expect(other.slice(3)).toEqual([429, 429, 429]);
    const otherV6 = await statuses('2001:db8::8', 6);
    expect(otherV6.slice(3)).toEqual([429, 429, 429]);
  });

  it('reads addresses and CIDRs, IPv4-mapped IPv6 as IPv4, and refuses a malformed entry at start', () => {
    const list = loadGenerators('10.1.0.0/16,192.0.2.5')!;
    expect(isLoadGenerator(list, '10.1.200.3')).toBe(true);
    expect(isLoadGenerator(list, '::ffff:192.0.2.5')).toBe(true);
    expect(isLoadGenerator(list, '10.2.0.1')).toBe(false);
    expect(loadGenerators(' ')).toBeNull();
    expect(() => loadGenerators('10.0.0.0/8,nope')).toThrow(/RATE_LIMIT_ALLOWLIST/);
    const env = {
      NATS_URL: 'nats://x:4222',
      REDIS_URL: 'redis://x',
      INTERNAL_SECRET: 'x'.repeat(16),
      WEB_DIST: '/w',
      AUTH_URL: 'http://a',
      POLLS_URL: 'http://a',
      SOCIAL_URL: 'http://a',
      NOTIFICATIONS_URL: 'http://a',
      CONTACT_URL: 'http://a',
      ADMIN_URL: 'http://a',
    };
    expect(() => loadConfig(gatewayConfigSchema, { ...env, RATE_LIMIT_ALLOWLIST: 'everyone' })).toThrow(
      /RATE_LIMIT_ALLOWLIST must be IP addresses or CIDRs/,
    );
  });
});
