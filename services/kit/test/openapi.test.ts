import { afterEach, describe, expect, it } from 'vitest';
import { openapiSubject } from '@meydan/proto';
import { createServiceApp, missingRouteSchemas } from '@meydan/kit';
import { startTestService, type TestService } from '@meydan/testing';

describe('missingRouteSchemas', () => {
  it('asks a public route for its response, its params when the path has some, and its body when it takes one', () => {
    expect(missingRouteSchemas('GET', '/api/things', undefined)).toEqual(['response']);
    expect(missingRouteSchemas('GET', '/api/things/:id', { response: { 200: {} } })).toEqual(['params']);
    expect(missingRouteSchemas('POST', '/api/things/:id', { params: {}, response: { 200: {} } })).toEqual(['body']);
    expect(missingRouteSchemas(['PATCH'], '/api/things', {})).toEqual(['response', 'body']);
    expect(missingRouteSchemas('DELETE', '/api/things/:id', { params: {}, response: { 200: {} } })).toEqual([]);
    expect(missingRouteSchemas('POST', '/api/things', { body: {}, response: {} })).toEqual(['response']);
  });

  it('leaves health probes and automatic HEAD routes alone', () => {
    expect(missingRouteSchemas('GET', '/healthz', undefined)).toEqual([]);
    expect(missingRouteSchemas('HEAD', '/api/things', undefined)).toEqual([]);
    expect(missingRouteSchemas('GET', '/apix', undefined)).toEqual([]);
  });
});

describe('a service app', () => {
  let svc: TestService | undefined;
  afterEach(async () => {
    await svc?.close();
    svc = undefined;
  });

  it('refuses a public route without a response schema, and one taking a body without a body schema', async () => {
    svc = await startTestService('contact', async (deps) => {
      const app = await createServiceApp('contact', deps);
      expect(() => app.get('/api/untyped', async () => ({ ok: true }))).toThrow(
        /GET \/api\/untyped: the route declares no response schema/,
      );
      expect(() =>
        app.post('/api/untyped/:id', { schema: { response: { 200: { $ref: 'meydan/message' } } } }, async () => ({
          message: 'x',
        })),
      ).toThrow(/POST \/api\/untyped\/:id: the route declares no params, body schema/);
      return app;
    });
    expect(svc.app.publicRoutes).toEqual([]);
  });

  it('answers <service>.openapi with its public routes and their schemas, without the health probes', async () => {
    svc = await startTestService('contact', async (deps) => {
      const app = await createServiceApp('contact', deps);
      app.post<{ Params: { id: string } }>(
        '/api/things/:id',
        {
          schema: {
            summary: 'Bir şey',
            params: { $ref: 'meydan/poll-id-params' },
            body: { $ref: 'meydan/comment-create' },
            response: { 201: { $ref: 'meydan/message' } },
          },
        },
        async (_request, reply) => reply.code(201).send({ message: 'tamam' }),
      );
      return app;
    });
    const doc = await svc.deps.bus.request(openapiSubject('contact'), null);
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toEqual(['/api/things/{id}']);
    const operation = (doc.paths['/api/things/{id}'] as Record<string, Record<string, unknown>>)['post']!;
    expect(operation['summary']).toBe('Bir şey');
    expect(operation['tags']).toEqual(['contact']);
    expect(operation['parameters']).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(JSON.stringify(operation['requestBody'])).toContain('#/components/schemas/comment-create');
    expect(JSON.stringify(operation['responses'])).toContain('#/components/schemas/message');
    expect((doc.components as { schemas: Record<string, unknown> }).schemas).toHaveProperty('comment-create');
    expect(svc.app.publicRoutes).toEqual([{ method: 'POST', url: '/api/things/:id' }]);
  });
});
