import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, validate } from '@meydan/proto';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { createUser, type TestUser } from './support.js';

describe('auth: the profile’s settings tab and the profile by username', () => {
  let auth: TestService;
  let ali: TestUser;
  let ayse: TestUser;

  const settings = (user: TestUser | null) =>
    auth.app.inject({ url: '/api/users/me/settings', headers: user ? asMember(user.id) : asVisitor() });
  const patch = (user: TestUser | null, payload: unknown) =>
    auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: user ? asMember(user.id) : asVisitor(),
      payload: payload as object,
    });

  beforeAll(async () => {
    auth = await startTestService('auth', buildApp);
    [ali, ayse] = await Promise.all([
      createUser(auth.deps, { username: `Ali_${Date.now().toString(36)}`, displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
    ]);
  });
  afterAll(async () => {
    await auth?.close();
  });

  it('starts public, without follow requests and with every notification on', async () => {
    const res = await settings(ali);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isProfilePublic: true,
      followRequestsEnabled: false,
      notifyVotes: true,
      notifyLikes: true,
      notifyComments: true,
      notifyPollResults: true,
    });
    expect(validate('meydan/user-settings', res.json()).ok).toBe(true);
  });

  it('saves the switches, answers them over NATS and announces the change', async () => {
    const announced = auth.deps.nats.subscribe('events.auth.user.updated', { max: 1 });
    const res = await patch(ayse, { isProfilePublic: false, followRequestsEnabled: true, notifyVotes: false });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      isProfilePublic: false,
      followRequestsEnabled: true,
      notifyVotes: false,
      notifyLikes: true,
      notifyComments: true,
      notifyPollResults: true,
    };
    expect(res.json()).toEqual(expected);
    expect((await settings(ayse)).json()).toEqual(expected);
    expect(await auth.deps.bus.request(subjects.auth.usersSettings, { userId: ayse.id })).toEqual(expected);
    for await (const m of announced) expect(m.json()).toMatchObject({ userId: ayse.id });
    // Someone else's settings are untouched.
    expect((await settings(ali)).json().isProfilePublic).toBe(true);
  });

  it('refuses visitors and bad switches with Turkish texts, changing nothing', async () => {
    expect((await settings(null)).statusCode).toBe(401);
    const visitor = await patch(null, { notifyLikes: false });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Bu işlem için giriş yapmalısın.');

    const cases: [unknown, string][] = [
      [{}, 'Değiştirilecek bir ayar gönderilmedi'],
      [{ notifyLikes: 'hayır' }, 'Ayar değeri true ya da false olmalıdır'],
      [{ notifyLikes: false, role: 'admin' }, 'Bilinmeyen bir ayar gönderildi'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(ali, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await settings(ali)).json()).toMatchObject({ notifyLikes: true });
  });

  it('answers auth.users.settings with 404 for an unknown member', async () => {
    await expect(
      auth.deps.bus.request(subjects.auth.usersSettings, { userId: '0123456789abcdef01234567' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('finds a profile by its username in any case, and by id', async () => {
    const byName = await auth.app.inject({ url: `/api/users/${ali.username.toUpperCase()}`, headers: asVisitor() });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toMatchObject({ id: ali.id, username: ali.username, displayName: 'Ali Yılmaz' });
    expect((await auth.app.inject({ url: `/api/users/${ali.id}`, headers: asVisitor() })).json().id).toBe(ali.id);
    const missing = await auth.app.inject({ url: '/api/users/kimse_yok_boyle', headers: asVisitor() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Kullanıcı bulunamadı');
  });
});
