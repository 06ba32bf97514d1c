import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { ServerOptions } from 'socket.io';
import { createRedisClient, isCluster, redisReconnectDelay, type Logger } from '@meydan/kit';

/**
 * The Redis adapter that carries emits between instances, on its own two connections (publish and subscribe).
 * The adapter does not wait for its publishes, nor for its subscriptions' changes (it subscribes when made and
 * unsubscribes when closed): while Redis is down they would reject unhandled and end the process. Live pushes are best
 * effort (a reconnecting client is sent its count again), so a failed one is only logged; so is a subscription change
 * (a reconnecting subscriber subscribes again to what it had; one closing has nothing left to change).
 * On a Redis Cluster the sharded adapter (SPUBLISH, one channel per room) spreads the broadcasts over the masters.
 */
export interface RedisAdapter {
  adapter: ServerOptions['adapter'];
  /** The adapter's PSUBSCRIBE went out first; once this answers, events of other instances reach this one. */
  ready(): Promise<void>;
  close(): Promise<unknown>;
}

type RedisClient = ReturnType<typeof createRedisClient>;

/** Replaces `methods` of `client` with ones that log a rejection as `message` (with the method) and answer 0. */
function loggedWhenLost(client: RedisClient, methods: readonly string[], log: Logger, message: string): void {
  const calls = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of methods) {
    const send = calls[method]!.bind(client);
    calls[method] = (...args: unknown[]) =>
      send(...args).catch((err: Error) => {
        log.warn({ err: err.message, method }, message);
        return 0;
      });
  }
}

export function redisAdapter(redisUrl: string, log: Logger): RedisAdapter {
  const pub = createRedisClient(redisUrl, { maxRetriesPerRequest: 2, retryStrategy: redisReconnectDelay });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'socket.io redis error'));
  const sharded = isCluster(pub);
  loggedWhenLost(pub, [sharded ? 'spublish' : 'publish'], log, 'socket.io broadcast lost: redis unavailable');
  loggedWhenLost(
    sub,
    ['subscribe', 'unsubscribe', 'psubscribe', 'punsubscribe', 'ssubscribe', 'sunsubscribe'],
    log,
    'socket.io redis subscription change lost: redis unavailable',
  );
  return {
    adapter: sharded ? createShardedAdapter(pub, sub) : createAdapter(pub, sub),
    ready: async () => void (await sub.ping()),
    // A connection waiting to reconnect is dropped at once: QUIT would wait in its queue for the retries to give up.
    close: () =>
      Promise.all(
        [pub, sub].map((client) =>
          client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
        ),
      ),
  };
}
