/**
 * A private profile's poll list, with the real auth (the privacy switch) and social (mutual followers) services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { createPoll, follow as followThrough, startPolls, type PollsTestService } from './support.js';

describe('polls: a private profile’s polls', () => {
  let auth: TestService;
  let social: TestService;
  let svc: PollsTestService;
  let owner: TestUser;
  let mutual: TestUser;
  let follower: TestUser;
  let stranger: TestUser;

  const follow = (who: TestUser, whom: TestUser) => followThrough(social, who, whom);
  const pollsOf = (viewer: TestUser | null) =>
    svc.app.inject({ url: `/api/users/${owner.id}/polls`, headers: viewer ? asMember(viewer.id) : asVisitor() });

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    svc = await startPolls();
    [owner, mutual, follower, stranger] = await Promise.all([
      createUser(auth.deps, { displayName: 'Gizli Üye' }),
      createUser(auth.deps),
      createUser(auth.deps),
      createUser(auth.deps),
    ]);
    expect(await follow(owner, mutual)).toBe(true);
    expect(await follow(mutual, owner)).toBe(true);
    expect(await follow(follower, owner)).toBe(true);
    await createPoll(svc.app, owner.id, { title: 'Gizli profilin anketi' });
    const res = await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(owner.id),
      payload: { isProfilePublic: false },
    });
    expect(res.statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await social?.close();
    await auth?.close();
  });

  it('lists them for the owner and mutual followers only; others get a Turkish 403', async () => {
    for (const viewer of [owner, mutual]) {
      const res = await pollsOf(viewer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Gizli profilin anketi']);
    }
    for (const viewer of [follower, stranger, null]) {
      const res = await pollsOf(viewer);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Bu profil gizli. Listelerini yalnızca karşılıklı takipleştiği üyeler görebilir.',
      );
    }
  });

  it('lists a member their own polls by `me` (private profile or not); a visitor gets a Turkish 401', async () => {
    const own = await svc.app.inject({ url: '/api/users/me/polls', headers: asMember(owner.id) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual((await pollsOf(owner)).json());
    expect((await svc.app.inject({ url: '/api/users/me/polls', headers: asMember(mutual.id) })).json()).toEqual([]);
    const visitor = await svc.app.inject({ url: '/api/users/me/polls', headers: asVisitor() });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Kendi anketlerini görmek için giriş yapmalısın.');
  });

  it('lists them for everyone again once the profile is public', async () => {
    await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(owner.id),
      payload: { isProfilePublic: true },
    });
    const res = await pollsOf(null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });
});
