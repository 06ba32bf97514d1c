/**
 * The stack as `npm start` runs it: NATS and Redis started with a user per process (writeCredentials), the streams set
 * up by the `operator` user, every service and the gateway under its own user with least privilege (no stream
 * administration, its own inbox, its own durables, no Redis command that lists keys). It starts, every service is
 * ready, the administrator signs in and reads their session, and the NATS server refused nothing any process did.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@meydan/proto';
import { infra } from '@meydan/testing';
import { startStack } from '../local/stack.mjs';
import { startServers, writeCredentials } from '../local/stack-servers.mjs';

const root = new URL('../..', import.meta.url).pathname;
let servers: Awaited<ReturnType<typeof startServers>> | undefined;
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(infra().dir, 'stack-users-'));
  const credentials = await writeCredentials(join(dir, 'credentials'));
  servers = await startServers({
    dataDir: dir,
    binaries: { natsServer: infra().natsServer, redisServer: infra().redisServer },
    external: { mongo: infra().mongoUrl },
    credentials,
  });
  const run = `users_${process.pid}`;
  mkdirSync(join(dir, 'web'));
  writeFileSync(join(dir, 'web', 'index.html'), '<!doctype html><title>Meydan</title>');
  stack = await startStack({
    root,
    logDir: dir,
    urls: servers.urls,
    credentials,
    env: { ADMIN_EMAIL: 'admin@meydan.local', ADMIN_PASSWORD: 'meydan-admin-users', LOG_LEVEL: 'warn' },
    serviceEnv: ({ service }) => ({ MONGO_DB: `${run}_${service}` }),
    webDist: join(dir, 'web'),
    nodeRuntime: false,
    explain: (name) =>
      `:\n${readFileSync(join(dir, `${name}.log`), 'utf8')
        .split('\n')
        .slice(-20)
        .join('\n')}`,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await servers?.stop();
});

describe('the stack under its own NATS and Redis users', () => {
  it('starts every process, signs the administrator in, and the NATS server refuses none of it', async () => {
    const health = await fetch(`${stack!.base}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${stack!.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@meydan.local', password: 'meydan-admin-users' }),
    });
    expect(login.status).toBe(200);
    const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(sid).toBeTruthy();
    // The gateway reads the session from Redis as its own user, by the digest of the cookie.
    const me = await fetch(`${stack!.base}/api/auth/session`, { headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'admin', email: 'admin@meydan.local' });
    expect(readFileSync(join(dir, 'nats.log'), 'utf8')).not.toMatch(/Violation/);
  });
});
