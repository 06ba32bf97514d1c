/**
 * The launcher every way of starting the stack goes through (deploy/local/stack.mjs): its service list is proto's, the
 * replicas and the gateway's URL map it derives from it, the environment it gives, and its readiness check with
 * real processes and a real HTTP server. The whole launch is what the browser tests start on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceNames } from '@meydan/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { startProcess } from '../local/servers.mjs';
import { gatewayUrls, instancesOf, replicasOf, SERVICES, stackEnv, waitReady } from '../local/stack.mjs';
import { LOAD_RUN_ENV } from '../local/throwaway-stack.mjs';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((r) => server.close(r));
});

/** An HTTP server answering 503 `notReadyFor` times, then 200. */
async function serverReadyAfter(notReadyFor: number): Promise<string> {
  let asked = 0;
  const server = createServer((_req, res) => {
    asked += 1;
    res.statusCode = asked > notReadyFor ? 200 : 503;
    res.end(asked > notReadyFor ? 'ok' : 'henüz değil');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
}
const running = { proc: { exitCode: null } } as unknown as Parameters<typeof waitReady>[2];

describe('the launcher', () => {
  it("starts proto's services, in proto's order", () => {
    expect(SERVICES).toEqual(serviceNames);
  });

  it('reads REPLICAS as 1 to 4 processes of each service, anything else as 1', () => {
    expect([undefined, '', '1', '2', '2.7', '4', '9', '0', 'iki'].map(replicasOf)).toEqual([1, 1, 1, 2, 2, 4, 4, 1, 1]);
  });

  it("names every service's processes and gives the gateway a URL list per service", () => {
    const instances = instancesOf(2);
    expect(instances.map((i) => i.name)).toEqual(SERVICES.flatMap((s) => [s, `${s}-2`]));
    const ports = Object.fromEntries(instances.map((i, n) => [i.name, 5000 + n]));
    const urls = gatewayUrls(instances, (name) => ports[name]!);
    expect(Object.keys(urls)).toEqual(SERVICES.map((s) => `${s.toUpperCase()}_URL`));
    expect(urls['AUTH_URL']).toBe('http://127.0.0.1:5000,http://127.0.0.1:5001');
    expect(urls['ADMIN_URL']).toBe('http://127.0.0.1:5010,http://127.0.0.1:5011');
    expect(gatewayUrls(instancesOf(1), () => 7)['POLLS_URL']).toBe('http://127.0.0.1:7');
  });

  it('gives every process the servers, the secret and the origin, with the caller’s variables last', () => {
    const env = stackEnv({
      natsUrl: 'nats://n',
      redisUrl: 'redis://r',
      mongoUrl: 'mongodb://m',
      smtpUrl: 'smtp://s',
      secret: 'gizli',
      origin: 'http://o',
      env: { PATH: '/bin', HOST: '0.0.0.0', LOG_LEVEL: 'info' },
      extra: { LOG_LEVEL: 'warn', ...LOAD_RUN_ENV },
    });
    expect(env).toMatchObject({
      PATH: '/bin',
      HOST: '127.0.0.1',
      NATS_URL: 'nats://n',
      REDIS_URL: 'redis://r',
      MONGO_URL: 'mongodb://m',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtp://s',
      INTERNAL_SECRET: 'gizli',
      PUBLIC_ORIGIN: 'http://o',
      LOG_PRETTY: '0',
      LOG_LEVEL: 'warn',
    });
    expect(env['RATE_LIMIT_SCALE']).toBe('100000');
  });
});

describe('its readiness check', () => {
  it('waits until the process answers 2xx', async () => {
    const url = await serverReadyAfter(2);
    const t0 = Date.now();
    await waitReady('polls', url, running, { timeoutMs: 5_000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
  });

  it('gives up after its timeout, naming the last answer and what `explain` adds', async () => {
    const url = await serverReadyAfter(1_000);
    await expect(
      waitReady('polls', url, running, { timeoutMs: 600, explain: (name) => `; see ${name}.log` }),
    ).rejects.toThrow(
      /^polls not ready at http:\/\/127\.0\.0\.1:\d+\/readyz within 0\.6 s \(503 henüz değil\); see polls\.log$/,
    );
  });

  it('stops waiting as soon as the process exits', async () => {
    const url = await serverReadyAfter(1_000);
    const handle = startProcess('auth', process.execPath, ['-e', 'process.exit(3)']);
    await handle.exited;
    const t0 = Date.now();
    await expect(waitReady('auth', url, handle, { timeoutMs: 10_000 })).rejects.toThrow('auth exited with code 3');
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
