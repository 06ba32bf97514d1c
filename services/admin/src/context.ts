import type { Bus, Logger, ServiceDeps } from '@meydan/kit';
import { adminConfig, type AdminConfig } from './config.js';
import { createModels, type Models } from './model/index.js';

/** Everything the admin routes, consumers and the bulk e-mail worker share. */
export interface AdminContext {
  config: AdminConfig;
  log: Logger;
  bus: Bus;
  models: Models;
  /** This deployment's token in work-queue subjects: its consumer prefix, or `main`. */
  deployment: string;
}

export function createContext(deps: ServiceDeps): AdminContext {
  const prefix = deps.bus.consumerPrefix.replace(/[^A-Za-z0-9_-]/g, '');
  return {
    config: adminConfig(deps.config),
    log: deps.log,
    bus: deps.bus,
    models: createModels(deps.mongo),
    deployment: prefix || 'main',
  };
}
