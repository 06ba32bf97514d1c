/**
 * An account deleted at its member's request leaves no personal data in the admin read model: its e-mail, username
 * and display name give way to a pseudonym. Real auth (its deletion sweep publishes the event) and admin services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asVisitor, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createContext as createAuthContext } from '../../auth/src/context.js';
import { userModel } from '../../auth/src/model/user.js';
import { deleteDueAccounts } from '../../auth/src/usecases/account-deletion.js';
import { startAdmin, until } from './support.js';

describe('a deleted account in the admin read model', () => {
  let auth: TestService;
  let admin: TestService;
  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    admin = await startAdmin({}, { rebuilt: false });
  });
  afterAll(async () => {
    await admin?.close();
    await auth?.close();
  });

  const search = async (q: string) =>
    (
      await admin.app.inject({
        url: `/api/admin/users?q=${encodeURIComponent(q)}`,
        headers: asAdmin('6650f0c2a1b2c3d4e5f60799'),
      })
    ).json() as {
      items: { id: string; email: string; username: string; displayName: string }[];
    };

  it('keeps a pseudonym instead of the e-mail, username and display name', async () => {
    const email = `silinecek.${Date.now()}@example.com`;
    const registered = await auth.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { ...asVisitor(), ...identityHeaders({ ip: '10.66.0.1' }) },
      payload: {
        username: `silinecek_${Date.now() % 100000}`,
        email,
        displayName: 'Silinecek Üye',
        password: 'gizli-sifre-1',
      },
    });
    expect(registered.statusCode).toBe(201);
    await until(async () => (await search(email)).items.length === 1, 40_000, 'the account in the read model');
    const userId = (await search(email)).items[0]!.id;

    await userModel(auth.deps.mongo).updateOne(
      { _id: userId },
      { $set: { deletionScheduledAt: new Date(Date.now() - 1000) } },
    );
    expect(await deleteDueAccounts(createAuthContext(auth.deps))).toEqual([userId]);

    // The read model learns of the deletion from auth's event through its own consumer: in a whole run on a slow
    // machine (1,500 s instead of 1,100) that took more than 10 s once.
    await until(async () => (await search(email)).items.length === 0, 40_000, 'the e-mail gone from the read model');
    expect((await search('Silinecek Üye')).items).toEqual([]);
    const [entry] = (await search(`silinmis-${userId}`)).items;
    expect(entry).toMatchObject({
      id: userId,
      email: `silinmis-${userId}@silinmis.invalid`,
      displayName: 'Silinmiş üye',
      username: `silinmis_${userId.slice(-8)}`,
    });
  }, 120_000);
});
