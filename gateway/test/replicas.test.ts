/**
 * Two replicas of a service behind one gateway (`POLLS_URL=http://a,http://b`), both real polls services on the same
 * database, NATS and Redis: requests go to both in turn; when one replica dies, the gateway passes it over after
 * the first refused connection and the service keeps answering from the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { buildApp as buildPolls } from '../../services/polls/src/app.js';
import { createUser } from '../../services/auth/test/support.js';
import { Upstreams } from '../src/upstreams.js';
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
    pollsB = await startTestService('polls', buildPolls, { listen: true, config: { MONGO_DB: pollsA.deps.config.MONGO_DB } });
    pollsA.app.server.on('request', () => (served.a += 1));
    pollsB.app.server.on('request', () => (served.b += 1));
    gateway = await startTestGateway({ auth }, { config: { POLLS_URL: `${urlOf(pollsA)}, ${urlOf(pollsB)}` } });
    const member = await createUser(auth.deps, { displayName: 'İki Kopya' });
    const login = await gateway.app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } });
    expect(login.statusCode).toBe(200);
    cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const created = await gateway.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: { cookie },
      payload: { title: 'Çay mı kahve mi?', category: 'genel', options: ['Çay', 'Kahve'], type: 'public', description: null, durationHours: 24 },
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

  it('keeps answering when a replica dies: at most the request already sent to it fails', async () => {
    await pollsB.app.close();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await gateway.app.inject({ method: 'GET', url: `/api/polls/${pollId}`, headers: { cookie } })).statusCode);
    }
    expect(statuses.filter((s) => s !== 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.slice(2)).toEqual(Array(8).fill(200));
  });

  it('parses one address or several, and passes a refused one over', () => {
    expect(Upstreams.parse('http://a:1/').urls).toEqual(['http://a:1']);
    const replicas = Upstreams.parse('http://a:1, http://b:2');
    expect([replicas.pick(0), replicas.pick(0), replicas.pick(0)]).toEqual(['http://a:1', 'http://b:2', 'http://a:1']);
    replicas.markDown('http://a:1', 0);
    expect([replicas.pick(1), replicas.pick(1)]).toEqual(['http://b:2', 'http://b:2']);
    expect(replicas.pick(5_000)).toBe('http://a:1');
  });
});
