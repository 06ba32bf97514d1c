import type { Redis } from 'ioredis';
import type { ServiceDeps } from './app.js';
import type { Bus } from './bus/index.js';
import type { BaseConfig } from './config.js';
import type { Logger } from './logger.js';

/** What every service's context starts with: its config (with its defaults), its log, its bus and its Redis. */
export interface BaseContext<C> {
  config: C;
  log: Logger;
  bus: Bus;
  redis: Redis;
}

/** The parts of a service's context taken from its dependencies as they are; `config` fills in the service's defaults. */
export function baseContext<C>(deps: ServiceDeps, config: (base: BaseConfig) => C): BaseContext<C> {
  return { config: config(deps.config), log: deps.log, bus: deps.bus, redis: deps.redis };
}
