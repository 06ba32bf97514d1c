/**
 * Two replicas of a service behind one gateway (`POLLS_URL=http://a,http://b`), both real polls services on the same
 * database, NATS and Redis: requests go to both in turn; when one replica dies, the gateway passes it over from the
 * first refused connection until it listens again, a GET that met it is answered by the other, and the service keeps
 * answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { startTestService, until, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { buildApp as buildPolls } from '../../services/polls/src/app.js';
import { createUser } from '../../services/auth/test/support.js';
import { mayTryAnother, upstreamFailureOf, Upstreams } from '../src/upstreams.js';
import { startTestGateway, type TestGateway } from './support.js';

const urlOf = (svc: TestService) => `http://127.0.0.1:${(svc.app.server.address() as { port: number }).port}`;

describe('replicas behind the gateway', () => {
  let auth: TestService;
  let pollsA: TestService;
  let pollsB: TestService;
  let gateway: TestGateway;
  let cookie: string;
  let pollId: string;
  const served = { a: 0, b: 0 };

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    pollsA = await startTestService('polls', buildPolls, { listen: true });
    pollsB = await startTestService('polls', buildPolls, {
      listen: true,
      config: { MONGO_DB: pollsA.deps.config.MONGO_DB },
    });
    pollsA.app.server.on('request', () => (served.a += 1));
    pollsB.app.server.on('request', () => (served.b += 1));
    gateway = await startTestGateway({ auth }, { config: { POLLS_URL: `${urlOf(pollsA)}, ${urlOf(pollsB)}` } });
    const member = await createUser(auth.deps, { displayName: 'İki Kopya' });
    const login = await gateway.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const created = await gateway.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: { cookie },
      payload: {
        title: 'Çay mı kahve mi?',
        category: 'genel',
        options: ['Çay', 'Kahve'],
        type: 'public',
        description: null,
        durationHours: 24,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    pollId = created.json<{ id: string }>().id;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await pollsB?.close();
    await pollsA?.close();
    await auth?.close();
  });

  it('takes turns among the replicas, each answering from the shared stores', async () => {
    const before = { ...served };
    for (let i = 0; i < 10; i++) {
      const res = await gateway.app.inject({ method: 'GET', url: `/api/polls/${pollId}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ title: string }>().title).toBe('Çay mı kahve mi?');
    }
    expect(served.a - before.a).toBe(5);
    expect(served.b - before.b).toBe(5);
  });

  it('keeps answering when a replica dies: a GET that meets the dead one is answered by the other', async () => {
    await pollsB.app.close();
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await gateway.app.inject({ method: 'GET', url: `/api/polls/${pollId}`, headers: { cookie } });
      answers.push(`${res.statusCode} ${res.statusCode === 200 ? res.json<{ title: string }>().title : res.body}`);
    }
    expect(answers).toEqual(Array(10).fill('200 Çay mı kahve mi?'));
  });

  it('parses one address or several, and passes a refused one over until it accepts connections again', async () => {
    expect(Upstreams.parse('http://a:1/').urls).toEqual(['http://a:1']);
    const replicas = Upstreams.parse('http://a:1, http://b:2');
    expect([replicas.pick(0), replicas.pick(0), replicas.pick(0)]).toEqual(['http://a:1', 'http://b:2', 'http://a:1']);

    // Nothing listens on port 1: passed over long after the first 2 s.
    const dead = new Upstreams(['http://127.0.0.1:1', 'http://b:2']);
    dead.markDown('http://127.0.0.1:1', 0);
    expect([dead.pick(60_000), dead.pick(60_000)]).toEqual(['http://b:2', 'http://b:2']);

    // A replica that listens again is taken back once the 2 s are over.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const back = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const comeback = new Upstreams([back, 'http://b:2']);
      comeback.markDown(back, 0);
      expect(comeback.isUp(back, 1_000)).toBe(false);
      await until(() => comeback.isUp(back, 5_000), 10_000, 'replica taken back');
      expect([comeback.pick(5_000), comeback.pick(5_000)]).toEqual([back, 'http://b:2']);
    } finally {
      server.close();
    }
  });

  it('sends only a failed GET or HEAD to another replica, and only when the failure was the connection', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4102'), { code: 'ECONNREFUSED' });
    const reset = new Error('boom', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    expect(upstreamFailureOf(refused)).toBe('refused');
    expect(upstreamFailureOf(reset)).toBe('cut');
    expect(upstreamFailureOf(new Error('Gateway Timeout'))).toBeNull();
    expect(mayTryAnother('GET', 'refused')).toBe(true);
    expect(mayTryAnother('HEAD', 'cut')).toBe(true);
    expect(mayTryAnother('POST', 'refused')).toBe(false);
    expect(mayTryAnother('GET', null)).toBe(false);
  });
});
