import type { Connections } from './connections.js';
import { within } from './retry.js';

export interface Readiness {
  service: string;
  ready: boolean;
  checks: Record<string, boolean>;
}

/** Asks each dependency for a sign of life, each within `timeoutMs`. */
export async function checkReadiness(
  service: string,
  conns: Pick<Connections, 'nats' | 'mongo' | 'redis'>,
  timeoutMs = 1000,
): Promise<Readiness> {
  const [nats, mongo, redis] = await Promise.all([
    within(conns.nats.flush(), timeoutMs).then(
      () => !conns.nats.isClosed(),
      () => false,
    ),
    conns.mongo.readyState === 1 && conns.mongo.db
      ? within(conns.mongo.db.admin().ping(), timeoutMs).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false),
    conns.redis.status === 'ready'
      ? within(conns.redis.ping(), timeoutMs).then(
          (r) => r === 'PONG',
          () => false,
        )
      : Promise.resolve(false),
  ]);
  const checks = { nats, mongo, redis };
  return { service, ready: nats && mongo && redis, checks };
}
