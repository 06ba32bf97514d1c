import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JSONCodec, type Subscription } from 'nats';
import { events, subjects, validate } from '@meydan/proto';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp } from '../src/app.js';
import { quietFor } from '../../../test/quiet.js';

describe('social: follow requests and private profiles', () => {
  let auth: TestService;
  let social: TestService;
  let kilitli: TestUser;
  let ali: TestUser;
  let ayse: TestUser;
  let mehmet: TestUser;
  let sub: Subscription;
  const requestedEvents: unknown[] = [];

  const follow = (from: TestUser, to: TestUser) =>
    social.app.inject({ method: 'POST', url: `/api/users/${to.id}/follow`, headers: asMember(from.id) });
  const requests = (of: TestUser | null) =>
    social.app.inject({ url: '/api/users/me/follow-requests', headers: of ? asMember(of.id) : asVisitor() });
  const answer = (who: TestUser, id: string, verb: 'accept' | 'decline') =>
    social.app.inject({ method: 'POST', url: `/api/follow-requests/${id}/${verb}`, headers: asMember(who.id) });
  const list = (of: TestUser, which: 'followers' | 'following', viewer: TestUser | null) =>
    social.app.inject({ url: `/api/users/${of.id}/${which}`, headers: viewer ? asMember(viewer.id) : asVisitor() });
  const setSettings = async (user: TestUser, payload: object) => {
    const res = await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(user.id),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildApp);
    [kilitli, ali, ayse, mehmet] = await Promise.all([
      createUser(auth.deps, { displayName: 'Kilitli Hesap' }),
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
    ]);
    await setSettings(kilitli, { followRequestsEnabled: true });
    const codec = JSONCodec();
    sub = social.deps.nats.subscribe(events.social.followRequested, {
      callback: (_e, m) => requestedEvents.push(codec.decode(m.data)),
    });
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await social?.close();
    await auth?.close();
  });

  it('makes a follow of a locked account a pending request, which is no follow and no mutual', async () => {
    expect((await follow(kilitli, ali)).json().following).toBe(true); // kilitli follows ali
    const asked = await follow(ali, kilitli);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      following: false,
      requested: true,
      message: 'Takip isteği gönderildi',
      followersCount: 0,
      followingCount: 1,
    });
    expect(validate('meydan/follow-state', asked.json()).ok).toBe(true);
    const state = await social.app.inject({ url: `/api/users/${kilitli.id}/is-following`, headers: asMember(ali.id) });
    expect(state.json()).toEqual({ following: false, requested: true });
    // Pending is not a follow: no mutual (Dost Meclisi), no count.
    expect(await social.deps.bus.request(subjects.social.mutuals, { userId: kilitli.id })).toEqual({ userIds: [] });
    expect(await social.deps.bus.request(subjects.social.counts, { userId: kilitli.id })).toEqual({
      followersCount: 0,
      followingCount: 1,
    });

    const pending = await requests(kilitli);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['x-total-count']).toBe('1');
    expect(pending.json()).toEqual([
      expect.objectContaining({
        user: { id: ali.id, username: ali.username, displayName: 'Ali Yılmaz', avatarUrl: null },
      }),
    ]);
    expect(validate('meydan/follow-request', pending.json()[0]).ok).toBe(true);
    // The asked member is told (notifications turns this into 'X seni takip etmek istiyor').
    await vi.waitFor(() =>
      expect(requestedEvents).toContainEqual(expect.objectContaining({ requesterId: ali.id, targetId: kilitli.id })),
    );
    const event = requestedEvents.find((e) => (e as { requesterId: string }).requesterId === ali.id);
    expect(validate('meydan/social-follow-requested', event).ok).toBe(true);
  });

  it('withdraws a request on a second press', async () => {
    expect((await follow(mehmet, kilitli)).json()).toMatchObject({ requested: true });
    const withdrawn = await follow(mehmet, kilitli);
    expect(withdrawn.json()).toMatchObject({ following: false, message: 'Takip isteği geri çekildi' });
    expect(withdrawn.json().requested).toBeUndefined();
    expect((await requests(kilitli)).json().map((r: { user: { id: string } }) => r.user.id)).toEqual([ali.id]);
  });

  it('announces a request made again soon after its withdrawal to nobody: 10 presses are one announcement', async () => {
    const israrci = await createUser(auth.deps, { displayName: 'Israrcı Üye' });
    const announced = () =>
      requestedEvents.filter((e) => (e as { requesterId: string }).requesterId === israrci.id).length;
    for (let press = 0; press < 10; press++) {
      const res = await follow(israrci, kilitli);
      expect(res.statusCode).toBe(200);
      expect(res.json().requested === true).toBe(press % 2 === 0);
    }
    await vi.waitFor(() => expect(announced()).toBe(1));
    // A request made again within the cooldown is still a pending request the member can answer.
    expect((await follow(israrci, kilitli)).json()).toMatchObject({ requested: true });
    expect((await requests(kilitli)).json().map((r: { user: { id: string } }) => r.user.id)).toContain(israrci.id);
    await quietFor(300, 'a request made again within the cooldown is announced no second time');
    expect(announced()).toBe(1);
    expect((await follow(israrci, kilitli)).json()).toMatchObject({ message: 'Takip isteği geri çekildi' });
  });

  it('lets only the asked member accept: then it is a follow, and a mutual one', async () => {
    const [request] = (await requests(kilitli)).json() as { id: string }[];
    const stranger = await answer(ayse, request!.id, 'accept');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Takip isteği bulunamadı');
    expect((await requests(null)).statusCode).toBe(401);
    expect((await answer(kilitli, 'bozuk', 'accept')).statusCode).toBe(400);

    const accepted = await answer(kilitli, request!.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: 'Takip isteği kabul edildi' });
    expect((await requests(kilitli)).json()).toEqual([]);
    expect(await social.deps.bus.request(subjects.social.mutuals, { userId: kilitli.id })).toEqual({
      userIds: [ali.id],
    });
    expect((await answer(kilitli, request!.id, 'accept')).statusCode).toBe(404);
  });

  it('declines a request: nothing is followed', async () => {
    await follow(ayse, kilitli);
    const [request] = (await requests(kilitli)).json() as { id: string }[];
    const declined = await answer(kilitli, request!.id, 'decline');
    expect(declined.json()).toEqual({ message: 'Takip isteği reddedildi' });
    expect((await requests(kilitli)).json()).toEqual([]);
    const state = await social.app.inject({ url: `/api/users/${kilitli.id}/is-following`, headers: asMember(ayse.id) });
    expect(state.json()).toEqual({ following: false });
  });

  it('shows a private profile’s follower lists only to the owner and mutual followers', async () => {
    await setSettings(kilitli, { isProfilePublic: false });
    // kilitli and ali follow each other (accepted above); mehmet follows kilitli's follower list from outside.
    for (const which of ['followers', 'following'] as const) {
      expect((await list(kilitli, which, kilitli)).statusCode).toBe(200);
      expect((await list(kilitli, which, ali)).statusCode).toBe(200);
      for (const outsider of [mehmet, null]) {
        const res = await list(kilitli, which, outsider);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(
          'Bu profil gizli. Listelerini yalnızca karşılıklı takipleştiği üyeler görebilir.',
        );
      }
    }
    expect((await list(kilitli, 'followers', ali)).json().map((u: { id: string }) => u.id)).toEqual([ali.id]);
    await setSettings(kilitli, { isProfilePublic: true });
    expect((await list(kilitli, 'followers', null)).statusCode).toBe(200);
  });
});
