import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceNames, type ServiceName } from '@meydan/proto';
import { IDENTITY_HEADER, createServiceApp } from '@meydan/kit';
import { startTestService, type TestService } from '@meydan/testing';
import { routingTable } from '../src/routing-table.js';
import { startTestGateway, type TestGateway } from './support.js';

describe('gateway', () => {
  const services = new Map<ServiceName, TestService>();
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  const seen: { service: string; url: string; identity: unknown; requestId: unknown; spoof: unknown }[] = [];

  beforeAll(async () => {
    for (const name of serviceNames) {
      services.set(
        name,
        await startTestService(
          name,
          async (deps) => {
            const app = await createServiceApp(name, deps);
            // Records what arrived, so the test can see the gateway's forwarding.
            app.addHook('preHandler', async (request) => {
              seen.push({
                service: name,
                url: request.url,
                identity: request.identity,
                requestId: request.headers['x-request-id'],
                spoof: request.headers['x-user-id'],
              });
            });
            return app;
          },
          { listen: true },
        ),
      );
    }
    testGateway = await startTestGateway(Object.fromEntries(services));
    gateway = testGateway.app;
  });

  afterAll(async () => {
    await testGateway?.close();
    for (const svc of services.values()) await svc.close();
  });

  const routed: [string, ServiceName][] = [
    ['/api/register', 'auth'],
    ['/api/login', 'auth'],
    ['/api/auth/session', 'auth'],
    ['/api/users/u1', 'auth'],
    ['/api/users/u1/profile', 'auth'],
    ['/api/users/u1/avatar', 'auth'],
    ['/api/profile-questions', 'auth'],
    ['/api/users/u1/follow', 'social'],
    ['/api/users/u1/is-following', 'social'],
    ['/api/users/u1/followers', 'social'],
    ['/api/users/u1/following', 'social'],
    ['/api/users/u1/polls', 'polls'],
    ['/api/users/u1/votes', 'polls'],
    ['/api/polls', 'polls'],
    ['/api/polls/p1/vote', 'polls'],
    ['/api/s/AbCdEfGhIj', 'polls'],
    ['/api/notifications/read-all', 'notifications'],
    ['/api/contact', 'contact'],
    ['/api/newsletter/subscribe', 'contact'],
  ];

  it.each(routed)('routes %s to %s with the path unchanged', async (path, service) => {
    seen.length = 0;
    const res = await gateway.inject({ url: `${path}?page=2` });
    expect(res.headers['x-meydan-service']).toBe(service);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ service, url: `${path}?page=2` });
  });

  it('covers every prefix of the routing table in the test above', () => {
    const tested = new Set(routed.map(([, s]) => s));
    // admin is reached only by the administrator: see security.test.ts.
    for (const { service } of routingTable) expect(tested.has(service) || service === 'admin').toBe(true);
  });

  it('refuses /api/admin to visitors before any service sees it', async () => {
    seen.length = 0;
    const res = await gateway.inject({ url: '/api/admin/stats' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-meydan-service']).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it('forwards a signed visitor identity and the request id, and drops identity headers sent by the client', async () => {
    seen.length = 0;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/polls/p1/vote',
      headers: { 'x-request-id': 'trace-me-1', [IDENTITY_HEADER]: 'forged.value', 'x-user-id': 'admin' },
      payload: { optionIndex: 0 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-meydan-service']).toBe('polls');
    expect(res.headers['x-request-id']).toBe('trace-me-1');
    expect(seen[0]).toMatchObject({
      identity: { userId: null, role: null },
      requestId: 'trace-me-1',
      spoof: undefined,
    });
  });

  it('answers unknown /api paths itself with 404 JSON', async () => {
    for (const path of ['/api/nope', '/api', '/api/usersx']) {
      const res = await gateway.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['x-meydan-service'], path).toBeUndefined();
      expect(res.json()).toEqual({ error: 'route_not_found', message: 'Böyle bir adres yok.' });
    }
  });

  it('serves the SPA for client routes, case-insensitively and with a trailing slash', async () => {
    for (const path of ['/', '/kesfet', '/KESFET/', '/Dost-Meclisi', '/s/AbCdEfGhIj', '/hesap-ayarlari/', '/admin']) {
      const res = await gateway.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the SPA with 404 for unknown pages, and static assets as files', async () => {
    const page = await gateway.inject({ url: '/bu-sayfa-yok' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<div id="root">');
    const asset = await gateway.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const post = await gateway.inject({ method: 'POST', url: '/kesfet' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toBe('route_not_found');
  });

  it('/api/health lists six ready services, and names one that goes down', async () => {
    const ok = await gateway.inject({ url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.services).sort()).toEqual([...serviceNames].sort());
    for (const name of serviceNames) expect(body.services[name].ready, name).toBe(true);

    await services.get('social')!.close();
    const down = await vi.waitFor(
      async () => {
        const res = await gateway.inject({ url: '/api/health' });
        expect(res.statusCode).toBe(503);
        return res.json<{
          status: string;
          missing: string[];
          services: Record<string, { ready: boolean; reason?: string }>;
        }>();
      },
      { timeout: 5000, interval: 50 },
    );
    expect(down.status).toBe('degraded');
    expect(down.missing).toEqual(['social']);
    expect(down.services.social).toEqual({ ready: false, reason: 'service_unavailable' });

    const proxied = await gateway.inject({ url: '/api/users/u1/follow' });
    expect(proxied.statusCode).toBe(503);
    expect(proxied.json().error).toBe('service_unavailable');
  });
});
