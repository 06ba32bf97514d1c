import { baseContext, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { adminConfig, type AdminConfig } from './config.js';
import { createModels, type Models } from './model/index.js';

/** Everything the admin routes, consumers and the bulk e-mail worker share. */
export interface AdminContext extends BaseContext<AdminConfig> {
  models: Models;
  /** This deployment's token in work-queue subjects: its consumer prefix, or `main`. */
  deployment: string;
}

export function createContext(deps: ServiceDeps): AdminContext {
  const prefix = deps.bus.consumerPrefix.replace(/[^A-Za-z0-9_-]/g, '');
  return {
    ...baseContext(deps, adminConfig),
    models: createModels(deps.mongo),
    deployment: prefix || 'main',
  };
}
