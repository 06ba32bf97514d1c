/**
 * A member search from the accounts' stored terms (model/user.ts `searchTerms`): every way a username or display name
 * is written keeps them, the start of either's words finds the member whatever its Turkish spelling, and accounts
 * stored before the terms get them at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { mongo } from 'mongoose';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { createContext, type AuthContext } from '../src/context.js';
import { createLoadMembers } from '../src/store/load-members.js';
import { backfillMemberSearchTerms } from '../src/store/member-search.js';
import type { Member } from '../src/usecases/caller.js';
import { decideProfile } from '../src/usecases/held-profiles.js';
import { editProfile } from '../src/usecases/profiles.js';
import { registerAccount } from '../src/usecases/registration.js';
import { searchUsers } from '../src/usecases/search-users.js';
import { createUser } from './support.js';

describe('member search on stored terms', () => {
  let svc: TestService;
  let ctx: AuthContext;
  const caller = { requestId: 'member-search', log: { info() {}, warn() {}, error() {} }, ip: '198.51.100.9' };

  /** The usernames a query finds. */
  const found = async (q: string) =>
    (await searchUsers(ctx, { q, offset: 0, limit: 50 })).users.map((u) => u.username).sort();

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp);
    ctx = createContext(svc.deps);
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('finds a registered member by the start of any word of their username or display name, Turkish-aware', async () => {
    const body = { username: 'cagri.isik', email: 'cagri@example.com', password: 'gizli-sifre-1' };
    await registerAccount(ctx, { ...body, displayName: 'Çağrı Işıkoğlu' }, caller);
    // Only an activated account is found.
    expect(await found('cagri')).toEqual([]);
    await ctx.models.users.updateOne({ usernameLower: 'cagri.isik' }, { $set: { emailVerified: true } });
    for (const q of ['ÇAĞRI', 'cagri.is', 'işık', 'IŞIKOĞLU çağ', 'cag isik'])
      expect(await found(q), q).toEqual(['cagri.isik']);
    // Not the middle of a word, nor a word it does not have.
    for (const q of ['ağrı', 'koglu', 'cagri ayse']) expect(await found(q), q).toEqual([]);
  });

  it('follows a display name changed on the profile and one approved after being held', async () => {
    const member = await createUser(svc.deps, { username: 'irmak_oz', displayName: 'Irmak Deniz' });
    const asMember: Member = { ...caller, userId: member.id };
    await editProfile(ctx, { update: { displayName: 'Şule Güneş' }, avatar: null }, asMember);
    expect(await found('sule gunes')).toEqual(['irmak_oz']);
    expect(await found('irmak')).toEqual(['irmak_oz']);
    expect(await found('deniz')).toEqual([]);

    await ctx.models.users.updateOne(
      { _id: member.id },
      { $set: { pendingProfile: { displayName: 'Ömer Çelik', at: new Date() } } },
    );
    expect(await found('omer')).toEqual([]);
    expect(await decideProfile(ctx, { kind: 'profile', id: member.id, decision: 'approve', by: 'moderator' })).toEqual({
      found: true,
    });
    expect(await found('ÖMER celik')).toEqual(['irmak_oz']);
    expect(await found('sule')).toEqual([]);
  });

  it('finds the load-test members made in one batch', async () => {
    const { batch } = await createLoadMembers(ctx, 2);
    expect(await found(`yuk_${batch}`)).toEqual([`yuk_${batch}_1`, `yuk_${batch}_2`]);
    expect(await found('yük testi 2')).toContain(`yuk_${batch}_2`);
  });

  it('gives accounts stored before the terms theirs at start, in batches, once', async () => {
    const names = ['eski_uye_1', 'eski_uye_2', 'eski_uye_3'];
    for (const username of names) await createUser(svc.deps, { username, displayName: 'Eski Üye' });
    const collection = ctx.models.users.collection as unknown as mongo.Collection;
    await collection.updateMany({ usernameLower: { $in: names } }, { $unset: { searchTerms: '' } });
    expect(await found('eski')).toEqual([]);

    expect(await backfillMemberSearchTerms(ctx, 2)).toBe(3);
    expect(await found('ESKİ üye')).toEqual(names);
    expect(await backfillMemberSearchTerms(ctx, 2)).toBe(0);
  });
});
