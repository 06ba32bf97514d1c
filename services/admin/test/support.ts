/** What the admin suites share: the services an admin action reaches, started on the test servers, and waits. */
import { afterAll, beforeAll } from 'vitest';
import { Types } from 'mongoose';
import type { BaseConfig } from '@meydan/kit';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { buildApp } from '../src/app.js';
import type { AdminConfig } from '../src/config.js';

/**
 * An admin instance; `MONGO_DB` gives it the store (and so the durable consumers) of an earlier instance. With
 * `rebuilt` (when auth and polls run) it is returned once its read model was rebuilt from them.
 */
export async function startAdmin(
  config: Partial<AdminConfig & BaseConfig> = {},
  options: { listen?: boolean; rebuilt?: boolean } = {},
): Promise<TestService> {
  const admin = await startTestService('admin', buildApp, {
    config: config as Partial<BaseConfig>,
    listen: options.listen ?? true,
  });
  if (options.rebuilt ?? true) await admin.app.admin.rebuilt;
  return admin;
}

/** Stops an instance as a dying worker would stop, keeping its database for the next instance. */
export async function stopKeepingStore(service: TestService): Promise<void> {
  await service.app.close();
  await service.deps.close();
}

export { until } from '@meydan/testing';

/** A member's or a poll's id as the other services make them. */
export const objectId = (): string => new Types.ObjectId().toHexString();

/**
 * The real polls service beside an admin instance (not listening, its read model fed by events only), as vitest hooks
 * of the suite: read the fields inside tests.
 */
export function pollsBesideAdmin(): { polls: TestService; admin: TestService } {
  const run = {} as { polls: TestService; admin: TestService };
  beforeAll(async () => {
    run.polls = await startTestService('polls', buildPolls);
    run.admin = await startAdmin({}, { listen: false, rebuilt: false });
  });
  afterAll(async () => {
    await run.admin?.close();
    await run.polls?.close();
  });
  return run;
}
