import type { Redis } from 'ioredis';
import type { Bus, Logger, ServiceDeps } from '@meydan/kit';
import { pollsConfig, type PollsConfig } from './config.js';
import { createModels, type Models } from './model/index.js';
import { LiveCounts } from './nats/live-counts.js';
import { People } from './store/people.js';
import { Engagement } from './store/engagement.js';
import { PollStore } from './store/polls.js';
import { VoteCounters } from './store/vote-counters.js';

/** Everything the polls routes, handlers and jobs share. */
export interface PollsContext {
  config: PollsConfig;
  log: Logger;
  bus: Bus;
  redis: Redis;
  models: Models;
  counters: VoteCounters;
  engagement: Engagement;
  people: People;
  polls: PollStore;
  live: LiveCounts;
  /**
   * A durable consumer's name, `polls--<purpose>`. Consumers that write into a database carry its name when it is
   * not the default one: two deployments (or test runs) sharing one NATS must never share such a consumer.
   */
  durable(purpose: string): string;
}

export function createContext(deps: ServiceDeps): PollsContext {
  const config = pollsConfig(deps.config);
  const models = createModels(deps.mongo);
  const counters = new VoteCounters(deps.redis, models);
  const engagement = new Engagement(deps.redis, models, counters);
  const db = deps.config.MONGO_DB ?? 'meydan_polls';
  return {
    config,
    log: deps.log,
    bus: deps.bus,
    redis: deps.redis,
    models,
    counters,
    engagement,
    people: new People(deps.redis, deps.bus, deps.log),
    polls: new PollStore(models, deps.redis, counters, engagement, deps.log),
    live: new LiveCounts(deps.bus, deps.redis, config.LIVE_COUNTS_INTERVAL_MS ?? 1000, deps.log),
    durable: (purpose) => (db === 'meydan_polls' ? `polls--${purpose}` : `polls--${purpose}-${db}`.replace(/[^A-Za-z0-9_-]/g, '_')),
  };
}
