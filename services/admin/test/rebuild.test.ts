/**
 * The read model is rebuilt over NATS when empty, also when the owning services start after the admin service:
 * the rebuild is retried until they answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { asAdmin, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser } from '../../auth/test/support.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { buildApp } from '../src/app.js';
import { until } from './support.js';

describe('read model rebuild', () => {
  const started: TestService[] = [];
  afterAll(async () => {
    for (const service of started.reverse()) await service.close();
  });

  it('fills in once auth and polls are up, though the admin service started before them', async () => {
    const admin = await startTestService('admin', buildApp);
    started.push(admin);
    const users = async () =>
      (await admin.app.inject({ url: '/api/admin/users', headers: asAdmin('a1') })).json() as {
        totalCount: number;
        items: { id: string }[];
      };
    expect((await users()).totalCount).toBe(0);

    const auth = await startTestService('auth', buildAuth);
    started.push(auth);
    const member = await createUser(auth.deps, { displayName: 'Geç Gelen' });
    const polls = await startTestService('polls', buildPolls);
    started.push(polls);

    await admin.app.admin.rebuilt;
    await until(async () => (await users()).totalCount === 1, 30_000, 'accounts rebuilt');
    expect((await users()).items.map((u) => u.id)).toEqual([member.id]);
  });
});
