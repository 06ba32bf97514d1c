import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { compileEverySchema, createFastify } from '@meydan/kit';

const silent = pino({ level: 'silent' });
const apps: ReturnType<typeof createFastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

function appWith(response: object) {
  const app = createFastify(silent);
  apps.push(app);
  app.post(
    '/api/echo',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: { title: { type: 'string', minLength: 1 } },
          errorMessage: { required: { title: 'Bi soru sormadan olmaz' } },
        },
        response: { 200: response },
      },
    },
    async (request) => ({ title: (request.body as { title: string }).title, secret: 'yok' }),
  );
  return app;
}

const echoed = { type: 'object', properties: { title: { type: 'string' } } };

describe("route schemas compiled on a route's first use", () => {
  it('starts without compiling them, then validates and serialises as before, each compiled once', async () => {
    const app = appWith(echoed);
    await app.ready();
    const good = await app.inject({ method: 'POST', url: '/api/echo', payload: { title: 'Çay mı?' } });
    expect(good.statusCode).toBe(200);
    // The response schema still decides what leaves: the field it does not name is dropped.
    expect(good.json()).toEqual({ title: 'Çay mı?' });
    const bad = await app.inject({ method: 'POST', url: '/api/echo', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', message: 'Bi soru sormadan olmaz' });
    // Both the body's validator and the 200's serializer were compiled by those requests: nothing is left.
    expect(compileEverySchema(app)).toBe(0);
  });

  it('compileEverySchema compiles what no request has needed yet, and throws on a schema that cannot compile', async () => {
    const fine = appWith(echoed);
    await fine.ready();
    expect(compileEverySchema(fine)).toBeGreaterThanOrEqual(2);
    expect(compileEverySchema(fine)).toBe(0);

    const broken = appWith({ type: 'object', properties: { title: { $ref: 'meydan/does-not-exist' } } });
    await broken.ready();
    expect(() => compileEverySchema(broken)).toThrow(/does-not-exist/);
  });
});
