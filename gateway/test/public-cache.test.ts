/**
 * The gateway as a shared cache of public answers: the real polls and auth services behind it on the test servers,
 * sessions made in auth's store. What reaches polls is counted at its HTTP server.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, SESSION_STORE_PREFIX, VISITOR_COOKIE } from '@meydan/proto';
import { connectRedis, createServiceApp } from '@meydan/kit';
import { infra, startTestService, testLogger, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { SessionStore } from '../../services/auth/src/store/sessions.js';
import { createUser, type TestUser } from '../../services/auth/test/support.js';
import { buildApp as buildPolls } from '../../services/polls/src/app.js';
import { answerKey, sharedLifetimeMs } from '../src/public-cache.js';
import { startTestGateway, type TestGateway } from './support.js';

describe('what the gateway may keep, and under which key', () => {
  it('keeps only answers marked public, for s-maxage or max-age, at most a minute', () => {
    expect(sharedLifetimeMs('public, max-age=1')).toBe(1000);
    expect(sharedLifetimeMs('max-age=60, public, s-maxage=5')).toBe(5000);
    expect(sharedLifetimeMs('public, max-age=0, s-maxage=1')).toBe(1000);
    expect(sharedLifetimeMs('public, max-age=31536000, immutable')).toBe(60_000);
    for (const value of [
      undefined,
      '',
      'max-age=60',
      'private, max-age=60',
      'public, no-store, max-age=9',
      'public, no-cache, max-age=9',
      'public',
      'public, max-age=0',
      'public, max-age=abc',
    ]) {
      expect(sharedLifetimeMs(value), String(value)).toBe(0);
    }
  });

  it('keys by path and query, parameters in order of name, repeated ones in their order', () => {
    expect(answerKey('/api/polls?page=2&limit=5')).toBe(answerKey('/api/polls?limit=5&page=2'));
    expect(answerKey('/api/polls?a=2&a=1')).not.toBe(answerKey('/api/polls?a=1&a=2'));
    expect(answerKey('/api/polls')).toBe('/api/polls');
  });
});

describe('the gateway shares public answers among visitors (real polls and auth)', () => {
  let auth: TestService;
  let polls: TestService;
  let contact: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let authStore: Redis;
  let member: TestUser;
  let memberCookie: string;
  let pollId: string;
  /** Requests that reached polls, by path and query. */
  const reachedPolls: string[] = [];
  const reached = (url: string) => reachedPolls.filter((u) => u === url).length;
  let contactAnswers = 0;
  /** What the gateway logged. */
  const logLines: Record<string, unknown>[] = [];
  let waiting = 0;
  let release!: () => void;
  let released = Promise.resolve();

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    polls = await startTestService('polls', buildPolls, { listen: true });
    polls.app.server.on('request', (req: { url?: string }) => reachedPolls.push(req.url ?? ''));
    // A service whose public answer varies by Accept-Language, to see Vary honoured.
    contact = await startTestService(
      'contact',
      async (deps) => {
        const app = await createServiceApp('contact', deps);
        // Answers only when the test lets it: shows which requests reach the service at the same time.
        app.get(
          '/api/contact/bekle',
          { schema: { summary: 'Bekletilen yanıt', response: { 200: { $ref: 'meydan/message' } } } },
          async () => {
            waiting += 1;
            await released;
            return { message: 'tamam' };
          },
        );
        app.get(
          '/api/contact/dil',
          { schema: { summary: 'Dile göre selam', response: { 200: { $ref: 'meydan/message' } } } },
          async (request, reply) => {
            contactAnswers += 1;
            reply.header('cache-control', 'public, max-age=30').header('vary', 'Accept-Language');
            return { message: `${request.headers['accept-language'] ?? 'yok'} ${contactAnswers}` };
          },
        );
        return app;
      },
      { listen: true },
    );
    testGateway = await startTestGateway({ auth, polls, contact }, { log: testLogger(logLines) });
    gateway = testGateway.app;
    member = await createUser(auth.deps, { displayName: 'Önbellek Üyesi' });
    authStore = connectRedis(infra().redisUrl, SESSION_STORE_PREFIX, testLogger());
    memberCookie = `${SESSION_COOKIE}=${await new SessionStore(authStore, 3600).create(member.id, 'member')}`;
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/polls',
      headers: { cookie: memberCookie },
      payload: { title: 'Önbellekte mi?', category: 'teknoloji-ai', options: ['Evet', 'Hayır'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    pollId = created.json().id;
  });

  afterAll(async () => {
    release?.();
    await testGateway?.close();
    await contact?.close();
    await polls?.close();
    await auth?.close();
    await authStore?.quit();
  });

  const asVisitor = (url: string, headers: Record<string, string> = {}) => gateway.inject({ url, headers });
  const asMember = (url: string) => gateway.inject({ url, headers: { cookie: memberCookie } });
  const sameAnswer = (a: LightMyRequestResponse, b: LightMyRequestResponse) => {
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
  };

  it("answers a visitor's second identical request without reaching polls, with its own request id and headers", async () => {
    const url = '/api/polls?feed=new&limit=5';
    const before = reached(url);
    const first = await asVisitor(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect(first.json().polls.map((p: { id: string }) => p.id)).toContain(pollId);
    // Parameters in another order, a visitor cookie from an earlier visit: the same answer, from the gateway.
    const vid = first.cookies.find((c) => c.name === VISITOR_COOKIE)!.value;
    const second = await asVisitor('/api/polls?limit=5&feed=new', {
      cookie: `${VISITOR_COOKIE}=${vid}`,
      'x-request-id': 'ikinci-istek-0001',
    });
    sameAnswer(first, second);
    expect(reached(url)).toBe(before + 1);
    expect(second.headers['x-request-id']).toBe('ikinci-istek-0001');
    // Its one log line, like any other answer's.
    const lines = logLines.filter((line) => line['reqId'] === 'ikinci-istek-0001');
    expect(lines).toEqual([expect.objectContaining({ msg: 'request completed', statusCode: 200, method: 'GET' })]);
    expect(second.headers['age']).toMatch(/^[0-9]+$/);
    expect(second.headers['x-meydan-service']).toBe('polls');
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'strict-transport-security',
      'referrer-policy',
    ]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    // A visitor without the cookie still gets one, the answer from the cache.
    const third = await asVisitor(url);
    expect(third.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeDefined();
    expect(reached(url)).toBe(before + 1);
  });

  it("always sends a member's request to polls, and never keeps a member's answer", async () => {
    const url = `/api/polls/${pollId}`;
    const visitorAnswer = await asVisitor(url);
    expect(visitorAnswer.json()).toMatchObject({ id: pollId, hasVoted: false });
    const voted = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/vote`,
      headers: { cookie: memberCookie },
      payload: { optionIndex: 1 },
    });
    expect(voted.statusCode, voted.body).toBe(200);
    const before = reached(url);
    const mine = await asMember(url);
    expect(mine.json()).toMatchObject({ id: pollId, hasVoted: true, userChoice: 1 });
    expect(mine.headers['cache-control']).toBeUndefined();
    expect(reached(url)).toBe(before + 1);
    await asMember(url);
    expect(reached(url)).toBe(before + 2);
    // The member's answer was not kept for visitors: they see no vote of their own.
    await vi.waitFor(
      async () => expect((await asVisitor(url)).json()).toMatchObject({ hasVoted: false, totalVotes: 1 }),
      { timeout: 5000, interval: 100 },
    );
  });

  it('never keeps an answer its service did not mark public, nor a refusal', async () => {
    for (const url of ['/api/polls/ping', '/api/polls/6650f0c2a1b2c3d4e5f60718', '/api/polls?feed=friends']) {
      const before = reached(url);
      const first = await asVisitor(url);
      const second = await asVisitor(url);
      sameAnswer(first, second);
      expect(first.headers['cache-control'], url).toBeUndefined();
      expect(reached(url), url).toBe(before + 2);
    }
  });

  it('lets one of many simultaneous misses fetch the answer while the others wait for it', async () => {
    const url = '/api/polls?feed=trending&limit=7';
    const before = reached(url);
    const answers = await Promise.all(Array.from({ length: 12 }, () => asVisitor(url)));
    for (const answer of answers) sameAnswer(answers[0]!, answer);
    expect(answers[0]!.statusCode).toBe(200);
    expect(reached(url)).toBe(before + 1);
  });

  it('asks polls again once the answer is older than its max-age', async () => {
    const url = '/api/polls?feed=new&limit=3';
    const before = reached(url);
    await asVisitor(url);
    await asVisitor(url);
    expect(reached(url)).toBe(before + 1);
    await vi.waitFor(
      async () => {
        await asVisitor(url);
        expect(reached(url)).toBe(before + 2);
      },
      { timeout: 5000, interval: 100 },
    );
  });

  it('keeps one answer per value of the request headers named by Vary', async () => {
    const ask = async (language: string) =>
      (await asVisitor('/api/contact/dil', { 'accept-language': language })).json().message as string;
    const turkish = await ask('tr');
    const english = await ask('en');
    expect(turkish).toMatch(/^tr /);
    expect(english).toMatch(/^en /);
    expect(await ask('tr')).toBe(turkish);
    expect(await ask('en')).toBe(english);
    expect(contactAnswers).toBe(2);
  });

  it('does not hold simultaneous requests back behind one another for an answer that cannot be kept', async () => {
    const url = '/api/contact/bekle';
    expect((await asVisitor(url)).statusCode).toBe(200);
    waiting = 0;
    released = new Promise((resolve) => (release = resolve));
    const answers = Promise.all(Array.from({ length: 5 }, () => asVisitor(url)));
    await vi.waitFor(() => expect(waiting).toBe(5), { timeout: 5000, interval: 20 });
    release();
    expect((await answers).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });

  it("never keeps a member's answer, even one its service marked public", async () => {
    const member = await gateway.inject({
      url: '/api/contact/dil',
      headers: { cookie: memberCookie, 'accept-language': 'de' },
    });
    expect(member.headers['cache-control']).toBe('public, max-age=30');
    const answersBefore = contactAnswers;
    const visitor = await asVisitor('/api/contact/dil', { 'accept-language': 'de' });
    expect(contactAnswers).toBe(answersBefore + 1);
    expect(visitor.json().message).not.toBe(member.json().message);
    // Nor is a member ever answered from the cache.
    await gateway.inject({ url: '/api/contact/dil', headers: { cookie: memberCookie, 'accept-language': 'de' } });
    expect(contactAnswers).toBe(answersBefore + 2);
  });
});
