import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, serviceConfigSchema } from '@meydan/kit';

const schema = serviceConfigSchema({ FEATURE_LIMIT: { type: 'integer', minimum: 1, default: 5 } });
const good = {
  PORT: '4001',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  INTERNAL_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('coerces numbers and applies defaults', () => {
    const config = loadConfig(schema, good);
    expect(config.PORT).toBe(4001);
    expect(config.FEATURE_LIMIT).toBe(5);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('names the missing variable in one line', () => {
    const { NATS_URL: _, ...withoutNats } = good;
    expect(() => loadConfig(schema, withoutNats)).toThrowError(
      new ConfigError('missing required environment variable NATS_URL'),
    );
  });

  it('names a malformed variable', () => {
    expect(() => loadConfig(schema, { ...good, PORT: 'eighty' })).toThrowError(
      /^environment variable PORT must be integer$/,
    );
    expect(() => loadConfig(schema, { ...good, REDIS_URL: 'localhost:6379' })).toThrowError(/REDIS_URL/);
    expect(() => loadConfig(schema, { ...good, INTERNAL_SECRET: 'short' })).toThrowError(/INTERNAL_SECRET/);
  });

  it('checks formats, such as an e-mail address', () => {
    const withEmail = serviceConfigSchema({ ADMIN_EMAIL: { type: 'string', format: 'email' } });
    expect(() => loadConfig(withEmail, { ...good, ADMIN_EMAIL: 'not-an-address' })).toThrowError(
      'environment variable ADMIN_EMAIL must match format "email"',
    );
    expect(loadConfig(withEmail, { ...good, ADMIN_EMAIL: 'admin@meydan.local' }).ADMIN_EMAIL).toBe(
      'admin@meydan.local',
    );
  });

  it('stops a real service process with one line naming the variable', () => {
    const main = fileURLToPath(new URL('../../auth/dist/main.js', import.meta.url));
    expect(existsSync(main), 'services are built by `npm test` before vitest runs').toBe(true);
    const { PORT: _, ...env } = good;
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env['PATH'], ...env },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('auth: missing required environment variable PORT\n');
  });
});
