/**
 * The socket.io Redis adapter's own connections (src/realtime/adapter.ts) when Redis is gone: the process stops
 * cleanly. The adapter subscribes and unsubscribes without waiting for the answers; before, closing it while its
 * subscriber waited to reconnect rejected those commands with nobody to hear it ("Connection is closed.", two
 * unhandled rejections in a fresh-clone run's resilience test), and an unhandled rejection ends a Node process.
 */
import { createServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, testLogger } from '@meydan/testing';
import { redisAdapter } from '../src/realtime/adapter.js';
import { until } from './support.js';

describe('the socket.io Redis adapter without Redis', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  it('closes with socket.io while its subscriber waits to reconnect, leaving no rejection unheard, and says so in the log', async () => {
    const redis = await startPrivateRedis();
    cleanup.push(() => redis.stop());
    const lines: Record<string, unknown>[] = [];
    const adapter = redisAdapter(redis.url, testLogger(lines));
    const io = new Server(createServer(), { adapter: adapter.adapter });
    cleanup.push(() => adapter.close());
    await adapter.ready();
    const { subClient } = io.of('/').adapter as unknown as { subClient: Redis };

    const unheard: unknown[] = [];
    const hear = (reason: unknown) => unheard.push(reason);
    process.on('unhandledRejection', hear);
    try {
      await redis.stop();
      await until(() => subClient.status !== 'ready', 5_000, 'the subscriber sees Redis gone');
      // A subscription change the adapter sends meanwhile (it sends them without waiting) fails once the client's
      // retries give up: logged, not left unhandled.
      void subClient.punsubscribe('socket.io#/#');
      await until(
        () => lines.some((l) => l['msg'] === 'socket.io redis subscription change lost: redis unavailable'),
        10_000,
        'the lost change logged',
      );
      // What the service does at shutdown (src/realtime/server.ts): socket.io closes the adapter (which unsubscribes),
      // then the adapter's connections are closed, the one waiting to reconnect at once.
      await io.close();
      await adapter.close();
      // A rejection is reported unhandled once the microtasks after it have run: a turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', hear);
    }
    expect(unheard.map((reason) => (reason as Error).message)).toEqual([]);
  });
});
