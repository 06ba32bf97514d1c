import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, type Subscription } from 'nats';
import { events, subjects, validate } from '@meydan/proto';
import { asMember, asVisitor, startTestService, until, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp } from '../src/app.js';

describe('social: block and mute', () => {
  let auth: TestService;
  let social: TestService;
  let ali: TestUser;
  let ayse: TestUser;
  let mehmet: TestUser;
  let zeynep: TestUser;
  let sub: Subscription;
  const seen: { subject: string; data: Record<string, unknown> }[] = [];

  type Verb = 'block' | 'mute';
  const act = (method: 'POST' | 'DELETE', verb: Verb, from: TestUser | null, to: string) =>
    social.app.inject({ method, url: `/api/users/${to}/${verb}`, headers: from ? asMember(from.id) : asVisitor() });
  const follow = (from: TestUser, to: TestUser) =>
    social.app.inject({ method: 'POST', url: `/api/users/${to.id}/follow`, headers: asMember(from.id) });
  const listOf = (who: TestUser, which: 'blocks' | 'mutes', query = '') =>
    social.app.inject({ url: `/api/users/me/${which}${query}`, headers: asMember(who.id) });
  const hidden = (userId: string) => social.deps.bus.request(subjects.social.hidden, { userId });
  const rows = (collection: 'blocks' | 'mutes') => social.deps.mongo.collection(collection).countDocuments();

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildApp);
    [ali, ayse, mehmet, zeynep] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
      createUser(auth.deps, { displayName: 'Zeynep Ak' }),
    ]);
    const codec = JSONCodec<Record<string, unknown>>();
    sub = social.deps.nats.subscribe('events.social.>', {
      callback: (_e, m) => seen.push({ subject: m.subject, data: codec.decode(m.data) }),
    });
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await social?.close();
    await auth?.close();
  });

  it('blocking ends the follows both ways and the requests, and the blocked member cannot follow again', async () => {
    expect((await follow(ali, ayse)).json().following).toBe(true);
    expect((await follow(ayse, ali)).json().following).toBe(true);

    const blocked = await act('POST', 'block', ayse, ali.id);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({
      blocked: true,
      muted: false,
      changed: true,
      message: 'Üye engellendi. Artık seni takip edemez, anketlerini ve profilini göremez.',
    });
    expect(validate('meydan/hide-state', blocked.json()).ok).toBe(true);
    expect(
      await social.deps.mongo
        .collection('follows')
        .countDocuments({ $or: [{ followerId: ali.id }, { followerId: ayse.id }] }),
    ).toBe(0);
    expect(await social.deps.bus.request(subjects.social.counts, { userId: ali.id })).toEqual({
      followersCount: 0,
      followingCount: 0,
    });

    // The blocked member learns nothing more than for someone who does not exist; the blocker is told to unblock first.
    const again = await follow(ali, ayse);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'Kullanıcı bulunamadı' });
    const back = await follow(ayse, ali);
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('Engellediğin bir üyeyi takip edemezsin. Önce engeli kaldır.');
    expect(
      await social.deps.mongo.collection('follows').countDocuments({ followerId: { $in: [ali.id, ayse.id] } }),
    ).toBe(0);

    // Auth asks the counts with the viewer: told that the profile's owner blocked them, it answers 404.
    expect(await social.deps.bus.request(subjects.social.counts, { userId: ayse.id, viewerId: ali.id })).toMatchObject({
      blockedViewer: true,
    });
    expect(
      await social.deps.bus.request(subjects.social.counts, { userId: ali.id, viewerId: ayse.id }),
    ).not.toHaveProperty('blockedViewer');
    const profile = await auth.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(ali.id) });
    expect(profile.statusCode).toBe(404);
    expect(profile.json().message).toBe('Kullanıcı bulunamadı');
    expect((await auth.app.inject({ url: `/api/users/${ali.id}`, headers: asMember(ayse.id) })).statusCode).toBe(200);
    expect(await hidden(ayse.id)).toEqual({ blocked: [ali.id], blockedBy: [], muted: [] });
    expect(await hidden(ali.id)).toEqual({ blocked: [], blockedBy: [ayse.id], muted: [] });

    await until(() => seen.some((e) => e.subject === events.social.userBlocked), 5000, 'the blocked event');
    const event = seen.find((e) => e.subject === events.social.userBlocked)!.data;
    expect(event).toMatchObject({ userId: ayse.id, targetId: ali.id });
    expect(validate('meydan/social-user-hidden', event).ok).toBe(true);
    await until(
      () => seen.filter((e) => e.subject === events.social.userUnfollowed).length === 2,
      5000,
      'both unfollows',
    );
  });

  it('blocking twice changes nothing and says so (200, changed false); the list shows the member once', async () => {
    const twice = await act('POST', 'block', ayse, ali.id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({
      blocked: true,
      muted: false,
      changed: false,
      message: 'Bu üyeyi zaten engellemiştin.',
    });
    expect(await rows('blocks')).toBe(1);
    expect(seen.filter((e) => e.subject === events.social.userBlocked)).toHaveLength(1);

    const list = await listOf(ayse, 'blocks');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      {
        user: { id: ali.id, username: ali.username, displayName: 'Ali Yılmaz', avatarUrl: null },
        since: expect.any(String),
      },
    ]);
    expect(validate('meydan/hide-state', twice.json()).ok).toBe(true);
    for (const row of list.json()) expect(validate('meydan/hidden-member', row).ok).toBe(true);
    expect((await listOf(ali, 'blocks')).json()).toEqual([]);
  });

  it('refuses oneself, an unknown member and visitors with Turkish messages, changing nothing', async () => {
    const before = [await rows('blocks'), await rows('mutes')];
    const selfBlock = await act('POST', 'block', ali, ali.id);
    expect(selfBlock.statusCode).toBe(400);
    expect(selfBlock.json()).toEqual({ error: 'validation', message: 'Kendini engelleyemezsin.' });
    const selfMute = await act('POST', 'mute', ali, ali.id);
    expect(selfMute.statusCode).toBe(400);
    expect(selfMute.json()).toEqual({ error: 'validation', message: 'Kendini sessize alamazsın.' });

    for (const verb of ['block', 'mute'] as const) {
      const nobody = await act('POST', verb, ali, '0123456789abcdef01234567');
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json()).toEqual({ error: 'not_found', message: 'Kullanıcı bulunamadı' });
      const bad = await act('POST', verb, ali, 'kimse');
      expect(bad.statusCode).toBe(404);
      expect(bad.json().message).toBe('Kullanıcı bulunamadı');
      const visitor = await act('POST', verb, null, ayse.id);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe('Engellemek ya da sessize almak için giriş yapmalısın.');
    }
    const visitorList = await social.app.inject({ url: '/api/users/me/mutes', headers: asVisitor() });
    expect(visitorList.statusCode).toBe(401);
    expect([await rows('blocks'), await rows('mutes')]).toEqual(before);
  });

  it('mutes without touching follows, lists the mutes newest first, and unmutes', async () => {
    expect((await follow(mehmet, zeynep)).json().following).toBe(true);
    const muted = await act('POST', 'mute', mehmet, zeynep.id);
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toMatchObject({ blocked: false, muted: true, changed: true });
    expect(muted.json().message).toBe(
      'Üye sessize alındı. Anketleri ve yorumları akışlarına ve bildirimlerine düşmeyecek.',
    );
    expect((await act('POST', 'mute', mehmet, ali.id)).json().changed).toBe(true);
    expect((await act('POST', 'mute', mehmet, ali.id)).json()).toMatchObject({
      changed: false,
      message: 'Bu üyeyi zaten sessize almıştın.',
    });
    // A mute is silent: the follow stays, and the muted member's hidden set does not name the muter.
    expect(
      await social.deps.mongo.collection('follows').countDocuments({ followerId: mehmet.id, followeeId: zeynep.id }),
    ).toBe(1);
    expect(await hidden(zeynep.id)).toEqual({ blocked: [], blockedBy: [], muted: [] });
    expect(await hidden(mehmet.id)).toEqual({
      blocked: [],
      blockedBy: [],
      muted: expect.arrayContaining([zeynep.id, ali.id]),
    });

    const page1 = await listOf(mehmet, 'mutes', '?limit=1');
    expect(page1.headers['x-total-count']).toBe('2');
    expect(page1.json().map((r: { user: { id: string } }) => r.user.id)).toEqual([ali.id]);

    const off = await act('DELETE', 'mute', mehmet, zeynep.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ blocked: false, muted: false, changed: true, message: 'Sessizden çıkarıldı' });
    const offAgain = await act('DELETE', 'mute', mehmet, zeynep.id);
    expect(offAgain.json()).toEqual({
      blocked: false,
      muted: false,
      changed: false,
      message: 'Bu üye sessize aldıkların arasında değil.',
    });
    expect(await hidden(mehmet.id)).toEqual({ blocked: [], blockedBy: [], muted: [ali.id] });
    await until(
      () => seen.some((e) => e.subject === events.social.userUnmuted && e.data['targetId'] === zeynep.id),
      5000,
      'the unmuted event',
    );
  });

  it('unblocks: the member may follow again, and the hidden sets forget the block at once', async () => {
    const off = await act('DELETE', 'block', ayse, ali.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ blocked: false, muted: false, changed: true, message: 'Engel kaldırıldı' });
    expect(await hidden(ali.id)).toEqual({ blocked: [], blockedBy: [], muted: [] });
    expect((await follow(ali, ayse)).json().following).toBe(true);
    const notThere = await act('DELETE', 'block', ayse, ali.id);
    expect(notThere.json()).toMatchObject({ changed: false, message: 'Bu üye engellediklerin arasında değil.' });
    await until(() => seen.some((e) => e.subject === events.social.userUnblocked), 5000, 'the unblocked event');
  });

  it('leaves members blocked either way out of the follower lists the viewer reads', async () => {
    // ayse and ali both follow mehmet; ayse blocks ali.
    expect((await follow(ayse, mehmet)).json().following).toBe(true);
    expect((await follow(ali, mehmet)).statusCode).toBe(200);
    const followersSeenBy = async (viewer: TestUser) =>
      (
        (
          await social.app.inject({ url: `/api/users/${mehmet.id}/followers`, headers: asMember(viewer.id) })
        ).json() as { id: string }[]
      ).map((r) => r.id);
    expect(await followersSeenBy(zeynep)).toEqual(expect.arrayContaining([ayse.id, ali.id]));
    expect((await act('POST', 'block', ayse, ali.id)).json().changed).toBe(true);
    expect(await followersSeenBy(ayse)).not.toContain(ali.id);
    expect(await followersSeenBy(ali)).not.toContain(ayse.id);
    expect(await followersSeenBy(zeynep)).toEqual(expect.arrayContaining([ayse.id, ali.id]));
    expect((await act('DELETE', 'block', ayse, ali.id)).json().changed).toBe(true);
  });

  it('forgets a deleted member’s blocks and mutes both ways', async () => {
    expect((await act('POST', 'block', zeynep, mehmet.id)).json().changed).toBe(true);
    expect(await hidden(mehmet.id)).toMatchObject({ blockedBy: [zeynep.id] });
    await social.deps.bus.publish(
      events.auth.userDeleted,
      { userId: zeynep.id, at: new Date().toISOString() },
      { requestId: 'test' },
    );
    await until(
      async () => (await hidden(mehmet.id)).blockedBy.length === 0,
      10_000,
      'the deleted member’s block gone',
    );
    expect(
      await social.deps.mongo
        .collection('blocks')
        .countDocuments({ $or: [{ userId: zeynep.id }, { targetId: zeynep.id }] }),
    ).toBe(0);
  });
});
