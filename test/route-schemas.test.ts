/**
 * Every route schema of every service compiles (the gateway's own routes declare none). The apps compile a route's validators and
 * serializers on its first use (services/kit/src/lazy-schemas.ts), so a schema that cannot compile would otherwise
 * be found by a member's first request to that route; here all of them are compiled at once, on the real apps.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { serviceNames } from '@meydan/proto';
import { compileEverySchema, type BaseConfig } from '@meydan/kit';
import { startTestService, type TestService } from '@meydan/testing';
import { serviceBuilders } from './service-builders.js';

describe('route schemas', () => {
  const started: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const app of started.reverse()) await app.close();
  });

  for (const name of serviceNames) {
    it(`${name}: every route's validators and serializers compile`, async () => {
      const config = (name === 'notifications' ? { SMTP_URL: 'smtp://127.0.0.1:9' } : {}) as Partial<BaseConfig>;
      const service: TestService = await startTestService(name, serviceBuilders[name], { config });
      started.push(service);
      expect(compileEverySchema(service.app)).toBeGreaterThan(0);
      expect(compileEverySchema(service.app)).toBe(0);
    });
  }
});
