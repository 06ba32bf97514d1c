import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { ServerOptions } from 'socket.io';
import { createRedisClient, isCluster, redisReconnectDelay, type Logger } from '@meydan/kit';

/**
 * The Redis adapter that carries emits between instances, on its own two connections (publish and subscribe).
 * The adapter does not wait for its publishes: while Redis is down they would reject unhandled and end the process.
 * Live pushes are best effort (a reconnecting client is sent its count again), so a failed one is only logged.
 * On a Redis Cluster the sharded adapter (SPUBLISH, one channel per room) spreads the broadcasts over the masters.
 */
export interface RedisAdapter {
  adapter: ServerOptions['adapter'];
  /** The adapter's PSUBSCRIBE went out first; once this answers, events of other instances reach this one. */
  ready(): Promise<void>;
  close(): Promise<unknown>;
}

export function redisAdapter(redisUrl: string, log: Logger): RedisAdapter {
  const pub = createRedisClient(redisUrl, { maxRetriesPerRequest: 2, retryStrategy: redisReconnectDelay });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'socket.io redis error'));
  const sharded = isCluster(pub);
  const method = sharded ? 'spublish' : 'publish';
  const publish = pub[method].bind(pub);
  pub[method] = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((err: Error) => {
      log.warn({ err: err.message }, 'socket.io broadcast lost: redis unavailable');
      return 0;
    })) as typeof pub.publish;
  return {
    adapter: sharded ? createShardedAdapter(pub, sub) : createAdapter(pub, sub),
    ready: async () => void (await sub.ping()),
    close: () => Promise.all([pub, sub].map((client) => client.quit().catch(() => client.disconnect()))),
  };
}
