/**
 * The gateway's request log never holds the tokens of mailed links (activation, password reset, newsletter
 * confirmation and unsubscribe): whoever reads the logs cannot follow them. Real gateway, its log lines captured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLogger } from '@meydan/testing';
import { startTestGateway, type TestGateway } from './support.js';
import { loggableUrl } from '../src/log-redaction.js';

describe('tokens of mailed links in the gateway log', () => {
  const lines: Record<string, unknown>[] = [];
  let testGateway: TestGateway;
  beforeAll(async () => {
    testGateway = await startTestGateway({}, { log: testLogger(lines) });
  });
  afterAll(async () => {
    await testGateway?.close();
  });

  const token = 'Gz7kQ2xV9pLmN4rT8wYb1cD5eF0hJ3sA6uIoPqRsTuV';
  it.each([
    ['activation', `/api/auth/activate/${token}`, '/api/auth/activate/[gizli]'],
    ['activation resend', `/api/auth/activate/${token}/resend`, '/api/auth/activate/[gizli]/resend'],
    ['password reset page', `/sifre-sifirla?token=${token}`, '/sifre-sifirla?token=[gizli]'],
    ['newsletter confirmation', `/api/newsletter/confirm/${token}`, '/api/newsletter/confirm/[gizli]'],
    ['newsletter unsubscribe', `/api/newsletter/unsubscribe/${token}?x=1`, '/api/newsletter/unsubscribe/[gizli]?x=1'],
  ])('%s: the access line names the path without the token', async (_name, url, logged) => {
    lines.length = 0;
    await testGateway.app.inject({ url });
    const access = lines.find((l) => l['msg'] === 'request completed');
    expect(access?.['url']).toBe(logged);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(JSON.stringify(lines)).not.toContain(token.slice(0, 20));
  });

  it('leaves other URLs as they are', () => {
    expect(loggableUrl('/api/polls?sort=new&page=2')).toBe('/api/polls?sort=new&page=2');
    expect(loggableUrl('/api/s/AbC123')).toBe('/api/s/AbC123');
  });
});
