/**
 * A request whose Redis command failed because the server went away (a failover, a stalled master made a replica)
 * is answered for what happened, not as a 500: 502 `answer_lost` when the command was sent and its connection closed
 * before the answer (it may have run; the cluster chaos run saw these as 500s when Sentinel closed the old master's
 * connections), 503 `service_unavailable` when ioredis gave up reconnecting for it. Both on a real Redis: the first
 * by closing the client's connection (CLIENT KILL) while its auto-pipelined commands wait, the second with no server
 * at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { errorCatalogue } from '@meydan/proto';
import { connectRedis, createFastify, createLogger } from '@meydan/kit';
import { freePort, infra, testLogger, until } from '@meydan/testing';

const clients: Redis[] = [];
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const client of clients.splice(0)) client.disconnect();
});

async function appAsking(redis: Redis): Promise<FastifyInstance> {
  const made = createFastify(createLogger('kit-test', 'silent'));
  // Two commands in one tick: ioredis sends them as one pipeline (auto-pipelining, as every service's client does).
  made.post('/api/work', async () => {
    const [, waited] = await Promise.all([
      redis.get('kit-redis-errors:x'),
      redis.blpop(`kit-redis-errors:${Date.now()}`, 5),
    ]);
    return { waited };
  });
  await made.ready();
  return made;
}

describe('Redis failures in a request', () => {
  it('answers 502 answer_lost when the connection closes before the answer', async () => {
    const redis = connectRedis(infra().redisUrl, `kit-redis-errors-${Date.now()}`, testLogger());
    const admin = new Redis(infra().redisUrl);
    clients.push(redis, admin);
    const id = await redis.client('ID');
    app = await appAsking(redis);
    const answer = app.inject({ method: 'POST', url: '/api/work' });
    // The pipeline is on the server (BLPOP waiting) before its connection is closed.
    await until(
      async () =>
        String(await admin.client('LIST'))
          .split('\n')
          .some((line: string) => line.startsWith(`id=${id} `) && line.includes('cmd=blpop')),
      5000,
      'the BLPOP waiting',
    );
    await admin.client('KILL', 'ID', String(id));
    const res = await answer;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'answer_lost', message: errorCatalogue.answer_lost.message });
  });

  it('answers 503 service_unavailable when ioredis gives up reconnecting for the command', async () => {
    const port = await freePort();
    const redis = new Redis({
      port,
      host: '127.0.0.1',
      maxRetriesPerRequest: 0,
      retryStrategy: () => 200,
      lazyConnect: false,
    });
    redis.on('error', () => undefined);
    clients.push(redis);
    app = await appAsking(redis);
    const res = await app.inject({ method: 'POST', url: '/api/work' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
  });
});
