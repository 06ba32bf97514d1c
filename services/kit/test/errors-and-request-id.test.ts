import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bus, createServiceApp, httpError } from '@meydan/kit';
import { asVisitor, startTestService, testLogger, type TestService } from '@meydan/testing';
import { requestContracts } from './test-contracts.js';

describe('errors and request ids', () => {
  let svc: TestService;
  let echoed: string[] = [];
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    svc = await startTestService(
      'polls',
      async (deps) => {
        const app = await createServiceApp('polls', deps);
        // A bus with the test's own subject, on the service's connection and log.
        const bus = new Bus(deps.nats, deps.nats.jetstream(), deps.log, 'polls', requestContracts);
        await bus.startService({ version: '1.0.0' });
        bus.respond('test.echo', (_payload, ctx) => {
          echoed.push(ctx.requestId);
          ctx.log.info('echo handled');
          return { ok: 1 };
        });
        const message = { response: { 200: { $ref: 'meydan/message' } } };
        app.get('/api/missing', { schema: message }, async () => {
          throw httpError('not_found', 'Anket bulunamadı');
        });
        app.get('/api/boom', { schema: message }, async () => {
          throw new Error('database password is hunter2');
        });
        app.post(
          '/api/strict',
          {
            schema: {
              body: {
                type: 'object',
                additionalProperties: false,
                required: ['title'],
                properties: { title: { type: 'string', minLength: 1 } },
                errorMessage: {
                  required: { title: 'Bi soru sormadan olmaz' },
                  additionalProperties: 'Bilinmeyen alan gönderildi',
                },
              },
              response: { 200: { type: 'object', properties: { title: { type: 'string' } } } },
            },
          },
          async (request) => request.body,
        );
        app.get(
          '/api/relay',
          { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'integer' } } } } } },
          async (request) => bus.request('test.echo', {}, request),
        );
        return app;
      },
      { log: testLogger(lines) },
    );
  });
  afterAll(() => svc.close());

  it('answers 4xx with {error, message} in Turkish', async () => {
    const res = await svc.app.inject({ url: '/api/missing', headers: asVisitor() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Anket bulunamadı' });
  });

  it('answers 5xx plainly and logs the cause', async () => {
    const res = await svc.app.inject({ url: '/api/boom', headers: asVisitor() });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal', message: 'Beklenmeyen bir hata oluştu. Lütfen tekrar dene.' });
    expect(res.body).not.toContain('hunter2');
    expect(lines.some((l) => l['level'] === 50 && JSON.stringify(l).includes('hunter2'))).toBe(true);
  });

  it("answers schema failures with the schema's Turkish message and unknown routes with 404", async () => {
    const missing = await svc.app.inject({ method: 'POST', url: '/api/strict', headers: asVisitor(), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'validation',
      message: 'Bi soru sormadan olmaz',
      fields: [{ path: 'title', message: 'Bi soru sormadan olmaz' }],
    });
    const extra = await svc.app.inject({
      method: 'POST',
      url: '/api/strict',
      headers: asVisitor(),
      payload: { title: 'a', userId: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Bilinmeyen alan gönderildi');
    const badJson = await svc.app.inject({
      method: 'POST',
      url: '/api/strict',
      headers: { ...asVisitor(), 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBe('validation');
    const unknown = await svc.app.inject({ url: '/api/nothing-here', headers: asVisitor() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'route_not_found', message: 'Böyle bir adres yok.' });
  });

  it('carries the request id from HTTP into NATS and into both logs', async () => {
    echoed = [];
    const res = await svc.app.inject({ url: '/api/relay', headers: { ...asVisitor(), 'x-request-id': 'req-abc-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-abc-123');
    expect(echoed).toEqual(['req-abc-123']);
    const tagged = lines.filter((l) => l['reqId'] === 'req-abc-123');
    expect(tagged.some((l) => l['msg'] === 'echo handled' && l['subject'] === 'test.echo')).toBe(true);
    expect(tagged.some((l) => l['msg'] === 'request completed')).toBe(true);
  });

  it('makes a request id when the caller sends none or a malformed one', async () => {
    const res = await svc.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
