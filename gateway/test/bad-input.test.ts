/**
 * Bad input through the real gateway over real sockets (real auth and polls behind it): oversized bodies, wrong
 * content types, invalid UTF-8, deep JSON, huge arrays, unknown fields, NoSQL operators, long paths and slow
 * clients. Each must be answered 4xx quickly with a Turkish message, never 5xx, and must write nothing to any
 * database behind the gateway.
 */
import { connect, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorCode } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { buildApp as buildPolls } from '../../services/polls/src/app.js';
import { createUser } from '../../services/auth/test/support.js';
import { startTestGateway, type TestGateway } from './support.js';

/** How long the test gateway lets a client take over one request (production's default is longer). */
const REQUEST_TIMEOUT_MS = 1500;
/** "Quickly": well under a second on an idle machine; generous because the machine is shared. */
const QUICK_MS = 3000;
/** What Fastify and Node would have said in English, had the refusal not been answered in Turkish. */
const ENGLISH = /Bad Request|Client|Timeout|Exceeded|Unsupported|Body|Unexpected|JSON|Payload|must /;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

interface BadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Sent without content-length, in chunks. */
  chunked?: boolean;
}

describe('bad input at the gateway: 4xx quickly, in Turkish, nothing written', () => {
  let auth: TestService;
  let polls: TestService;
  let gateway: TestGateway;
  let port: number;
  let cookie: string;
  let pollId: string;

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    polls = await startTestService('polls', buildPolls, { listen: true });
    // One member sends the whole table to POST /api/polls: more than the 10 poll creations a minute its quota allows
    // (security.test.ts holds that limit), so the limits are raised here.
    gateway = await startTestGateway(
      { auth, polls },
      { listen: true, config: { REQUEST_TIMEOUT_MS, RATE_LIMIT_SCALE: 10 } },
    );
    port = Number(new URL(gateway.base).port);
    const member = await createUser(auth.deps, { displayName: 'Dayanıklı Üye' });
    const login = await send({
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    cookie = login.setCookie.find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const created = await send({
      method: 'POST',
      path: '/api/polls',
      headers: json(),
      body: JSON.stringify(validPoll()),
    });
    expect(created.status).toBe(201);
    pollId = JSON.parse(created.body).id;
    // The services build their API documents when first asked (a 405 names the methods from them): built here, so the
    // refusals below are timed, not the first build on a loaded machine.
    expect((await send({ method: 'GET', path: '/api/openapi.json', headers: {} })).status).toBe(200);
  });

  afterAll(async () => {
    await gateway?.close();
    await polls?.close();
    await auth?.close();
  });

  const json = () => ({ 'content-type': 'application/json', cookie });
  const validPoll = (over: Record<string, unknown> = {}) => ({
    title: 'Çay mı kahve mi?',
    category: 'gunluk-hayat',
    options: ['Çay', 'Kahve'],
    ...over,
  });

  /** One request over a plain socket client, so nothing on the way tidies up what is sent. */
  function send(req: BadRequest): Promise<Answer & { setCookie: string[] }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...req.headers };
      if (req.body !== undefined && !req.chunked) headers['content-length'] = String(Buffer.byteLength(req.body));
      const client = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Date.now() - started,
            setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
          }),
        );
      });
      // The server may answer (413) and close before an oversized body is all sent: the answer is what counts.
      client.on('error', (err) => (client.writableEnded ? undefined : reject(err)));
      if (req.body === undefined) return void client.end();
      if (!req.chunked) return void client.end(req.body);
      const body = Buffer.from(req.body);
      const step = 64 * 1024;
      for (let at = 0; at < body.length; at += step) client.write(body.subarray(at, at + step));
      client.end();
    });
  }

  /** What a raw socket receives when it sends `head` (and maybe nothing more) and waits for the server. */
  function rawExchange(head: Buffer | string): Promise<Answer> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [headText = '', ...rest] = text.split('\r\n\r\n');
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0),
          body: rest.join('\r\n\r\n'),
          ms: Date.now() - started,
        });
      });
      socket.setTimeout(20_000, () => socket.destroy());
    });
  }

  /** Every document in every collection of the databases behind the gateway, counted. */
  async function stored(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [name, svc] of [
      ['auth', auth],
      ['polls', polls],
    ] as const) {
      const db = svc.deps.mongo.db!;
      for (const { name: collection } of await db.listCollections().toArray()) {
        counts[`${name}.${collection}`] = await db.collection(collection).countDocuments();
      }
    }
    return counts;
  }

  /**
   * The refusal as every other one: `{error, message}` with the catalogue's Turkish text for the code, or for a
   * validation error (and a service's own not-found) the service's Turkish text.
   */
  const expectTurkishRefusal = (answer: Answer, error: ErrorCode, what: string) => {
    const status = errorCatalogue[error].status;
    expect(answer.status, `${what}: ${answer.status} ${answer.body.slice(0, 300)}`).toBe(status);
    const body = JSON.parse(answer.body) as { error: string; message: string };
    expect(body.error, what).toBe(error);
    if (error === 'validation' || error === 'not_found') expect(body.message, what).not.toMatch(ENGLISH);
    else expect(body.message, what).toBe(errorCatalogue[error].message);
  };

  const big = (bytes: number) => JSON.stringify(validPoll({ description: 'x'.repeat(bytes) }));
  const nested = (depth: number) =>
    `{"title":${'['.repeat(depth)}${']'.repeat(depth)},"category":"gunluk-hayat","options":["a","b"]}`;
  const invalidUtf8 = Buffer.concat([
    Buffer.from('{"title":"Bozuk '),
    Buffer.from([0xc3, 0x28, 0xff]),
    Buffer.from('","category":"gunluk-hayat","options":["Çay","Kahve"]}'),
  ]);

  const cases: { name: string; error: ErrorCode; request: () => BadRequest }[] = [
    {
      name: 'a body over the limit (declared length)',
      error: 'payload_too_large',
      request: () => ({ method: 'POST', path: '/api/polls', headers: json(), body: big(3 * 1024 * 1024) }),
    },
    {
      name: 'a body over the limit (chunked, no length)',
      error: 'payload_too_large',
      request: () => ({
        method: 'POST',
        path: '/api/polls',
        headers: json(),
        body: big(3 * 1024 * 1024),
        chunked: true,
      }),
    },
    {
      name: 'an option image far over its limit (declared length)',
      error: 'payload_too_large',
      request: () => ({
        method: 'POST',
        path: '/api/option-images',
        headers: { 'content-type': 'image/png', cookie },
        body: big(6 * 1024 * 1024),
      }),
    },
    {
      name: 'a wrong content type',
      error: 'unsupported_media_type',
      request: () => ({
        method: 'POST',
        path: '/api/polls',
        headers: { ...json(), 'content-type': 'text/plain' },
        body: JSON.stringify(validPoll()),
      }),
    },
    {
      name: 'a form-encoded body',
      error: 'unsupported_media_type',
      request: () => ({
        method: 'POST',
        path: '/api/polls',
        headers: { ...json(), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'title=Cay&category=gunluk-hayat&options=a&options=b',
      }),
    },
    {
      name: 'a body without a content type',
      error: 'unsupported_media_type',
      request: () => ({ method: 'POST', path: '/api/polls', headers: { cookie }, body: JSON.stringify(validPoll()) }),
    },
    {
      name: 'malformed JSON',
      error: 'validation',
      request: () => ({ method: 'POST', path: '/api/polls', headers: json(), body: '{"title":"Çay' }),
    },
    {
      name: 'invalid UTF-8 in a JSON body',
      error: 'invalid_encoding',
      request: () => ({ method: 'POST', path: '/api/polls', headers: json(), body: invalidUtf8 }),
    },
    {
      name: 'deeply nested JSON',
      error: 'validation',
      request: () => ({ method: 'POST', path: '/api/polls', headers: json(), body: nested(100_000) }),
    },
    {
      name: 'a huge array',
      error: 'validation',
      request: () => ({
        method: 'POST',
        path: '/api/polls',
        headers: json(),
        body: JSON.stringify(validPoll({ options: Array.from({ length: 150_000 }, (_, i) => String(i % 10)) })),
      }),
    },
    {
      name: 'an unknown field',
      error: 'validation',
      request: () => ({
        method: 'POST',
        path: '/api/polls',
        headers: json(),
        body: JSON.stringify(validPoll({ creatorRole: 'admin', votes: [1000, 0] })),
      }),
    },
    {
      name: 'a __proto__ key',
      error: 'validation',
      request: () => ({
        method: 'POST',
        path: '/api/polls',
        headers: json(),
        body: `{"title":"Çay mı?","category":"gunluk-hayat","options":["a","b"],"__proto__":{"admin":true}}`,
      }),
    },
    {
      name: 'an operator object as a vote',
      error: 'validation',
      request: () => ({
        method: 'POST',
        path: `/api/polls/${pollId}/vote`,
        headers: json(),
        body: '{"optionIndex":{"$gt":-1}}',
      }),
    },
    {
      name: 'operator objects as login credentials',
      error: 'validation',
      request: () => ({
        method: 'POST',
        path: '/api/login',
        headers: json(),
        body: '{"email":{"$ne":null},"password":{"$ne":null}}',
      }),
    },
    {
      name: 'a NoSQL operator in the query string',
      error: 'validation',
      request: () => ({ method: 'GET', path: '/api/polls?category[$ne]=x', headers: { cookie } }),
    },
    {
      name: 'a NoSQL operator as a query key',
      error: 'validation',
      request: () => ({ method: 'GET', path: '/api/polls?$where=1', headers: { cookie } }),
    },
    {
      name: 'an operator object as a path id',
      error: 'not_found',
      request: () => ({ method: 'GET', path: '/api/polls/%7B%22%24ne%22%3Anull%7D', headers: { cookie } }),
    },
    {
      name: 'invalid UTF-8 in the query string',
      error: 'validation',
      request: () => ({ method: 'GET', path: '/api/polls?cursor=%C3%28%FF', headers: { cookie } }),
    },
    {
      name: 'a path parameter longer than Fastify allows by default',
      error: 'validation',
      request: () => ({ method: 'GET', path: `/api/polls/${'a'.repeat(300)}`, headers: { cookie } }),
    },
    {
      name: 'a method the address does not take',
      error: 'method_not_allowed',
      request: () => ({ method: 'PUT', path: '/api/polls', headers: json(), body: JSON.stringify(validPoll()) }),
    },
    {
      name: 'a method the gateway forwards nowhere',
      error: 'method_not_allowed',
      request: () => ({ method: 'TRACE', path: '/api/polls', headers: { cookie } }),
    },
    {
      name: 'a long path',
      error: 'uri_too_long',
      request: () => ({ method: 'GET', path: `/api/polls/${'a'.repeat(8000)}`, headers: { cookie } }),
    },
    {
      name: 'a long query string',
      error: 'uri_too_long',
      request: () => ({ method: 'GET', path: `/api/polls?cursor=${'a'.repeat(8000)}`, headers: { cookie } }),
    },
  ];

  for (const badCase of cases) {
    it(`answers ${badCase.name} with ${errorCatalogue[badCase.error].status} ${badCase.error} in Turkish, quickly, writing nothing`, async () => {
      const before = await stored();
      const answer = await send(badCase.request());
      expectTurkishRefusal(answer, badCase.error, badCase.name);
      expect(answer.ms, badCase.name).toBeLessThan(QUICK_MS);
      expect(await stored(), badCase.name).toEqual(before);
    });
  }

  it('answers a path longer than any header may be with 431 in Turkish', async () => {
    const answer = await rawExchange(`GET /api/polls/${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectTurkishRefusal(answer, 'headers_too_large', 'path over the header limit');
    expect(answer.ms).toBeLessThan(QUICK_MS);
  });

  it('answers raw non-ASCII bytes in the request line with 400 in Turkish', async () => {
    const answer = await rawExchange(
      Buffer.concat([
        Buffer.from('GET /api/polls/'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
    );
    expectTurkishRefusal(answer, 'bad_request', 'raw bytes in the path');
  });

  it('answers a method Node cannot parse with 405 in Turkish, like any other method an address does not take', async () => {
    const answer = await rawExchange('BREW /api/polls HTTP/1.1\r\nHost: x\r\n\r\n');
    expectTurkishRefusal(answer, 'method_not_allowed', 'unknown method');
    // QUERY without a content type is refused by Fastify before routing: still 405, not a validation 400. The
    // connection would be kept for the next request: the client says it has none, so the answer ends with the socket.
    const query = await rawExchange('QUERY /api/polls HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectTurkishRefusal(query, 'method_not_allowed', 'QUERY');
  });

  it('gives a client that never finishes its body 408 in Turkish within the request timeout, and writes nothing', async () => {
    const before = await stored();
    const head = `POST /api/polls HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"title":"Yavaş`;
    const answer = await rawExchange(head);
    expectTurkishRefusal(answer, 'request_timeout', 'slow body');
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + QUICK_MS);
    expect(await stored()).toEqual(before);
  });

  it('gives a client that never finishes its headers 408 in Turkish within the request timeout', async () => {
    const answer = await rawExchange(`GET /api/polls HTTP/1.1\r\nHost: x\r\nX-Slow: `);
    expectTurkishRefusal(answer, 'request_timeout', 'slow headers');
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + QUICK_MS);
  });

  it('still serves a good request after all of that', async () => {
    const answer = await send({ method: 'GET', path: `/api/polls/${pollId}`, headers: { cookie } });
    expect(answer.status).toBe(200);
  });
});
