/**
 * The merged OpenAPI document against the six real services, and the calls the API documentation page documents
 * (spec §7), made as documented: through the gateway with a personal API token.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, openapiSubject, serviceNames, type ServiceName } from '@meydan/proto';
import type { BaseConfig } from '@meydan/kit';
import { startTestService, type TestService } from '@meydan/testing';
import { createUser, staffSession } from '../../services/auth/test/support.js';
import { serviceBuilders as builders } from '../../test/service-builders.js';
import { serviceForPath } from '../src/routing-table.js';
import { startTestGateway, type TestGateway } from './support.js';
import { busyFor } from '../../test/quiet.js';

type Operation = {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = {
  openapi: string;
  tags: { name: string }[];
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    schemas: Record<string, unknown>;
  };
};

/** `/api/users/:id/follow` → `/api/users/{id}/follow`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  const services = new Map<ServiceName, TestService>();
  let testGateway: TestGateway;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    for (const name of serviceNames) {
      const config = (name === 'notifications' ? { SMTP_URL: 'smtp://127.0.0.1:9' } : {}) as Partial<BaseConfig>;
      services.set(name, await startTestService(name, builders[name], { listen: true, config }));
    }
    testGateway = await startTestGateway(Object.fromEntries(services));
    gateway = testGateway.app;
  });

  afterAll(async () => {
    await testGateway?.close();
    for (const svc of services.values()) await svc.close();
  });

  // A service builds its document on the first ask; on a loaded machine that can outlast even the gateway's 5 s wait,
  // and a partial document is not kept, so ask again until every service has answered.
  const fetchDocument = () =>
    vi.waitFor(
      async () => {
        const res = await gateway.inject({ url: '/api/openapi.json' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-openapi-missing']).toBeUndefined();
        return res.json() as Document;
      },
      { timeout: 15_000, interval: 200 },
    );

  it('lists every public route of every service that the gateway routes to it, and nothing else (no admin route)', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const expected: string[] = [];
    for (const [name, svc] of services) {
      for (const { method, url } of svc.app.publicRoutes) {
        if (serviceForPath(url) !== name || /^\/api\/admin(\/|$)/.test(url)) continue;
        expected.push(`${method.toLowerCase()} ${openApiPath(url)}`);
        expect(doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.tags, `${method} ${url}`).toEqual([name]);
      }
    }
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(listed.sort()).toEqual(expected.sort());
    // The services that have routes today, with the routes the web app and the documented calls use.
    for (const route of [
      'get /api/polls',
      'post /api/polls',
      'get /api/polls/{id}',
      'post /api/polls/{id}/vote',
      'post /api/login',
      'get /api/users/{id}/followers',
      'get /api/notifications',
    ]) {
      expect(listed).toContain(route);
    }
    expect(Object.keys(doc.paths).some((p) => /healthz|readyz/.test(p))).toBe(false);
  });

  it('gives the admin routes only to administrators, in their own document behind the admin guard', async () => {
    const doc = await fetchDocument();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin'))).toEqual([]);
    expect(doc.tags.map((t) => t.name)).not.toContain('admin');

    const auth = services.get('auth')!;
    const [member, boss] = await Promise.all([createUser(auth.deps), createUser(auth.deps, { role: 'admin' })]);
    const sidOf = async (user: { email: string; password: string }) => {
      const login = await gateway.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      return login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    };
    const visitor = await gateway.inject({ url: '/api/admin/openapi.json' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
    const asMember = await gateway.inject({ url: '/api/admin/openapi.json', cookies: { sid: await sidOf(member) } });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: 'forbidden', message: 'Bu sayfaya erişim yetkiniz yok.' });

    const { sid } = await staffSession(auth.deps, (o) => gateway.inject(o), boss);
    const adminDoc = await vi.waitFor(
      async () => {
        const res = await gateway.inject({ url: '/api/admin/openapi.json', cookies: { sid } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-openapi-missing']).toBeUndefined();
        return res.json() as Document;
      },
      { timeout: 15_000, interval: 200 },
    );
    const adminRoutes = services.get('admin')!.app.publicRoutes.filter((r) => serviceForPath(r.url) === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(3);
    const listed = Object.entries(adminDoc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(listed.sort()).toEqual(adminRoutes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`).sort());
    const text = JSON.stringify(adminDoc.paths) + JSON.stringify(adminDoc.components.schemas);
    for (const ref of new Set([...text.matchAll(/#\/components\/schemas\/([^"]+)/g)].map((m) => m[1]!))) {
      expect(adminDoc.components.schemas, ref).toHaveProperty([ref]);
    }
  });

  it('documents the contact form and the newsletter: Turkish summaries, bodies, the receipt and the mailed-link pages', async () => {
    const doc = await fetchDocument();
    const contactRoutes = {
      '/api/contact/challenge': ['get'],
      '/api/contact': ['post'],
      '/api/newsletter/subscribe': ['post'],
      '/api/newsletter/confirm/{token}': ['get'],
      '/api/newsletter/unsubscribe/{token}': ['get'],
    };
    for (const [path, methods] of Object.entries(contactRoutes)) {
      for (const method of methods) {
        const operation = doc.paths[path]?.[method];
        expect(operation?.tags, `${method} ${path}`).toEqual(['contact']);
        expect(operation?.summary, `${method} ${path}`).toMatch(/[çğıöşüİ]/i);
      }
    }
    const send = doc.paths['/api/contact']!['post']!;
    expect(JSON.stringify(send.requestBody)).toContain('#/components/schemas/contact-message');
    expect(JSON.stringify(send.responses?.['201'])).toContain('#/components/schemas/contact-receipt');
    expect(doc.components.schemas['contact-message']).toMatchObject({
      required: ['name', 'email', 'subject', 'message', 'turnstileToken'],
    });
    expect(JSON.stringify(doc.paths['/api/newsletter/subscribe']!['post']!.requestBody)).toContain(
      'newsletter-subscribe',
    );
    const confirm = doc.paths['/api/newsletter/confirm/{token}']!['get']!;
    expect(confirm.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'token' })]);
    expect(JSON.stringify(confirm.responses?.['200'])).toContain('text/html');
    // Its 400 is the service's HTML page, or the gateway's JSON refusal of an ambiguous path (an escaped '#'): both listed.
    expect(Object.keys((confirm.responses!['400'] as { content: object }).content).sort()).toEqual([
      'application/json',
      'text/html',
    ]);
    const refused = await gateway.inject({ url: '/api/newsletter/confirm/abc%23def' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ error: 'invalid_path', message: 'İstek adresi geçersiz.' });
  });

  it('names the site as server, the two ways to authenticate, and every schema it refers to', async () => {
    const doc = await fetchDocument();
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://meydan.test' })]);
    expect(doc.components.securitySchemes['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes['cookieAuth']).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
    const refs = new Set([...text.matchAll(/#\/components\/schemas\/([^"]+)/g)].map((m) => m[1]!));
    expect(refs.size).toBeGreaterThan(10);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty([ref]);
    // Only what the public routes use: no NATS event schemas, no validator-only keywords.
    expect(doc.components.schemas).not.toHaveProperty(['event-vote-cast']);
    expect(text).not.toContain('errorMessage');
    const vote = doc.paths['/api/polls/{id}/vote']!['post']!;
    expect(JSON.stringify(vote.responses?.['4XX'])).toContain('#/components/schemas/error');
    expect(doc.components.schemas['error']).toMatchObject({ required: ['error', 'message'] });
    expect(vote.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    expect(JSON.stringify(vote.requestBody)).toContain('poll-vote');
    expect(JSON.stringify(doc.components.schemas['poll-vote'])).toContain('optionId');
    // A body is required where the route needs one; a route that also takes none (null allowed) says it is optional.
    expect(vote.requestBody).toMatchObject({ required: true });
    expect(doc.paths['/api/logout']!['post']!.requestBody).toMatchObject({ required: false });
    expect(doc.paths['/api/polls/{id}/like']!['post']!.requestBody).toMatchObject({ required: false });
    // The catalogue's errors (validation 400, 401, 429…) are documented even where a route names codes of its own.
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations))
        expect(operation.responses, `${method} ${path}`).toHaveProperty(['4XX']);
    }
  });

  it('answers the documented calls with a bearer token, as the API page shows them', async () => {
    const auth = services.get('auth')!;
    const user = await createUser(auth.deps);
    const login = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const sid = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/tokens',
      cookies: { sid },
      payload: { name: 'betik' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${(created.json() as { token: string }).token}` };

    // POST /api/polls with title, description, category, options[], duration
    const poll = await gateway.inject({
      method: 'POST',
      url: '/api/polls',
      headers: bearer,
      payload: {
        title: 'API ile soru',
        description: 'Belgelenen çağrı',
        category: 'teknoloji-ai',
        options: ['Evet', 'Hayır'],
        duration: 24,
      },
    });
    expect(poll.statusCode, poll.body).toBe(201);
    const { id, expiresAt } = poll.json() as { id: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    // GET /api/polls with page, category, limit → polls, totalCount, currentPage
    const list = await gateway.inject({ url: '/api/polls?page=1&category=teknoloji-ai&limit=5', headers: bearer });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { polls: { id: string }[]; totalCount: number; currentPage: number };
    expect(page.currentPage).toBe(1);
    expect(page.totalCount).toBeGreaterThanOrEqual(1);
    expect(page.polls.map((p) => p.id)).toContain(id);

    // GET /api/polls/{id}
    const one = await gateway.inject({ url: `/api/polls/${id}`, headers: bearer });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id, title: 'API ile soru' });

    // POST /api/polls/{id}/vote with optionId; a broken optionId is refused in Turkish and counts nothing
    const bad = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${id}/vote`,
      headers: bearer,
      payload: { optionId: 'ikinci' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', message: 'Geçersiz seçenek' });
    const vote = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${id}/vote`,
      headers: bearer,
      payload: { optionId: 1 },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    expect(vote.json()).toMatchObject({ pollId: id, totalVotes: 1, userChoice: 1, hasVoted: true });
  });

  it('refuses a body on a route that takes none, and an unknown logout field, in Turkish, changing nothing', async () => {
    const auth = services.get('auth')!;
    const user = await createUser(auth.deps);
    const login = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const sid = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const poll = await gateway.inject({
      method: 'POST',
      url: '/api/polls',
      cookies: { sid },
      payload: { title: 'Gövdesiz beğeni', category: 'teknoloji-ai', options: ['A', 'B'] },
    });
    const { id } = poll.json() as { id: string };

    const liked = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${id}/like`,
      cookies: { sid },
      payload: { liked: true },
    });
    expect(liked.statusCode).toBe(400);
    expect(liked.json()).toMatchObject({ error: 'validation', message: 'Bu istek gövde almaz' });
    const after = await gateway.inject({ url: `/api/polls/${id}`, cookies: { sid } });
    expect(after.json()).toMatchObject({ likesCount: 0, isLiked: false });

    const logout = await gateway.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { sid },
      payload: { everywhere: 'evet' },
    });
    expect(logout.statusCode).toBe(400);
    expect(logout.json()).toMatchObject({ error: 'validation', message: 'everywhere true ya da false olmalıdır' });
    const session = await gateway.inject({ url: '/api/auth/session', cookies: { sid } });
    expect(session.statusCode).toBe(200);
  });

  it('is asked of the services again once it is older than its cache time, and says which service did not answer', async () => {
    const other = await testGateway.variant({ OPENAPI_CACHE_MS: 0 });
    const before = await other.inject({ url: '/api/openapi.json' });
    expect(before.statusCode).toBe(200);
    const social = services.get('social')!;
    await social.close();
    services.delete('social');
    // On a loaded machine another service may answer late once too: ask until only the stopped one is missing.
    const after = await vi.waitFor(
      async () => {
        const res = await other.inject({ url: '/api/openapi.json' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-openapi-missing']).toBe('social');
        return res;
      },
      { timeout: 15_000, interval: 200 },
    );
    const paths = Object.keys((after.json() as Document).paths);
    expect(paths).not.toContain('/api/users/{id}/followers');
    expect(paths).toContain('/api/polls');
  });

  it('waits for a service slower to send its document than a health check may take (its first one is built when asked)', async () => {
    const contact = services.get('contact')!;
    const document = await contact.deps.bus.request(
      openapiSubject('contact'),
      null,
      { requestId: 'openapi-test' },
      5000,
    );
    await contact.close();
    services.delete('contact');
    // Another process answers for contact, as a loaded contact would: after longer than the health checks' wait.
    const slow = await services.get('auth')!.deps.bus.standIn('contact', openapiSubject('contact'), async () => {
      await busyFor(400);
      return document;
    });
    try {
      const other = await testGateway.variant({ OPENAPI_CACHE_MS: 0, HEALTH_TIMEOUT_MS: 100 });
      const res = await other.inject({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      // (The test before stopped social.)
      expect(String(res.headers['x-openapi-missing'] ?? '')).not.toContain('contact');
      expect(Object.keys((res.json() as Document).paths)).toContain('/api/contact');
    } finally {
      await slow.stop();
    }
  });
});
