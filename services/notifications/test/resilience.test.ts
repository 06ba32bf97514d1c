import { Types } from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { events } from '@meydan/proto';
import type { BaseConfig, ServiceDeps } from '@meydan/kit';
import {
  asMember,
  startPrivateRedis,
  startTestMailDev,
  startTestService,
  testLogger,
  type TestService,
} from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser } from '../../auth/test/support.js';
import { buildApp } from '../src/app.js';
import { connectSocket, connected, drained, portOf, recordEvents, until } from './support.js';

describe('realtime without Redis for a while', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  // Its own waits are bounded (each names what it waited for) and add up to more than the suite's 30 s: the test's
  // allowance is above their sum, so a slow step on a loaded machine fails with its name, or not at all.
  it('keeps storing notifications while Redis is down, and pushes them live again once it is back', {
    timeout: 90_000,
  }, async () => {
    const mail = await startTestMailDev();
    cleanup.push(() => mail.stop());
    let redis = await startPrivateRedis();
    const redisPort = Number(new URL(redis.url).port);
    cleanup.push(() => redis.stop());
    const auth = await startTestService('auth', buildAuth);
    cleanup.push(() => auth.close());
    const lines: Record<string, unknown>[] = [];
    const service: TestService = await startTestService('notifications', (deps: ServiceDeps) => buildApp(deps), {
      config: { SMTP_URL: mail.smtpUrl, REDIS_URL: redis.url } as Partial<BaseConfig>,
      log: testLogger(lines),
      listen: true,
    });
    cleanup.push(() => service.close());
    const [owner, commenter] = await Promise.all([
      createUser(auth.deps, {}),
      createUser(auth.deps, { displayName: 'Selin' }),
    ]);
    const comment = (text: string) =>
      service.deps.bus.publish(events.polls.commentCreated, {
        pollId: new Types.ObjectId().toString(),
        creatorId: owner.id,
        commentId: new Types.ObjectId().toString(),
        userId: commenter.id,
        text,
        at: new Date().toISOString(),
      });

    const socket = connectSocket(portOf(service.app), asMember(owner.id));
    cleanup.push(async () => socket.disconnect());
    const seen = recordEvents(socket);
    await connected(socket);
    await until(() => seen.some((e) => e.name === 'notification_count'), 5000, 'greeting');

    await redis.stop();
    await until(
      () =>
        service.deps.redis.ping().then(
          () => false,
          () => true,
        ),
      5000,
      'Redis seen down',
    );
    await comment('Redis yokken yazıldı');
    await drained(service.deps, 'notifications--comments');
    const stored = await service.app.inject({ url: '/api/notifications', headers: asMember(owner.id) });
    expect(stored.json().map((r: { message: string }) => r.message)).toEqual([
      'Selin anketine yorum yaptı: “Redis yokken yazıldı”',
    ]);

    // ioredis gives up on the broadcast it queued meanwhile (after its retries), and the adapter says so.
    await until(
      () => lines.some((l) => l['msg'] === 'socket.io broadcast lost: redis unavailable'),
      10_000,
      'the queued broadcast given up',
    );
    redis = await startPrivateRedis(redisPort);
    // ioredis reconnects (and re-subscribes the adapter) within its retry delay: comment again every half second
    // until one is pushed live.
    let polls = 0;
    await until(
      async () => {
        if (seen.some((e) => e.name === 'notification' && JSON.stringify(e.payload).includes('Redis dönünce yazıldı')))
          return true;
        if (polls++ % 20 === 0) await comment(`Redis dönünce yazıldı (${polls})`);
        return false;
      },
      15_000,
      'live notification after Redis came back',
    );
    expect(socket.connected).toBe(true);
  });
});
