import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, subjects, validate } from '@meydan/proto';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp } from '../src/app.js';

const codec = JSONCodec();

describe('social: follow graph', () => {
  let auth: TestService;
  let social: TestService;
  let ali: TestUser;
  let ayse: TestUser;
  let mehmet: TestUser;
  let zeynep: TestUser;
  const seen: { subject: string; data: unknown }[] = [];
  let sub: Subscription;

  const follow = (from: TestUser, to: string) =>
    social.app.inject({ method: 'POST', url: `/api/users/${to}/follow`, headers: asMember(from.id) });
  const list = (id: string, which: 'followers' | 'following', headers = asVisitor(), query = '') =>
    social.app.inject({ url: `/api/users/${id}/${which}${query}`, headers });
  const counts = (userId: string, viewerId?: string) =>
    social.deps.bus.request(subjects.social.counts, viewerId ? { userId, viewerId } : { userId });

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildApp);
    [ali, ayse, mehmet, zeynep] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
      createUser(auth.deps, { displayName: 'Zeynep Ak' }),
    ]);
    sub = social.deps.nats.subscribe('events.social.>', {
      callback: (_e, m) => seen.push({ subject: m.subject, data: codec.decode(m.data) }),
    });
  });

  afterAll(async () => {
    sub?.unsubscribe();
    await social?.close();
    await auth?.close();
  });

  it('toggles follow on and off, with the Turkish messages, the counts and the events', async () => {
    const on = await follow(ali, ayse.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ following: true, message: 'Takip edildi!', followersCount: 1, followingCount: 0 });
    expect(validate('meydan/follow-state', on.json()).ok).toBe(true);

    const state = await social.app.inject({ url: `/api/users/${ayse.id}/is-following`, headers: asMember(ali.id) });
    expect(state.json()).toEqual({ following: true });
    expect(await counts(ayse.id)).toEqual({ followersCount: 1, followingCount: 0 });
    expect(await counts(ali.id)).toEqual({ followersCount: 0, followingCount: 1 });
    expect(await counts(ayse.id, ali.id)).toEqual({ followersCount: 1, followingCount: 0, isFollowing: true });

    await vi.waitFor(() => expect(seen.some((e) => e.subject === events.social.userFollowed)).toBe(true), {
      timeout: 5000,
      interval: 20,
    });
    const followed = seen.find((e) => e.subject === events.social.userFollowed)!.data;
    expect(followed).toMatchObject({ followerId: ali.id, followeeId: ayse.id, mutual: false });
    expect(validate('meydan/social-user-followed', followed).ok).toBe(true);

    const off = await follow(ali, ayse.id);
    expect(off.json()).toEqual({ following: false, message: 'Takip bırakıldı', followersCount: 0, followingCount: 0 });
    expect(
      (await social.app.inject({ url: `/api/users/${ayse.id}/is-following`, headers: asMember(ali.id) })).json(),
    ).toEqual({
      following: false,
    });
    expect(await counts(ayse.id, ali.id)).toEqual({ followersCount: 0, followingCount: 0, isFollowing: false });
    await vi.waitFor(() => expect(seen.some((e) => e.subject === events.social.userUnfollowed)).toBe(true), {
      timeout: 5000,
      interval: 20,
    });
    const unfollowed = seen.find((e) => e.subject === events.social.userUnfollowed)!.data;
    expect(unfollowed).toMatchObject({ followerId: ali.id, followeeId: ayse.id });
    expect(validate('meydan/social-user-unfollowed', unfollowed).ok).toBe(true);
  });

  it('keeps counts in Redis: asked again, no edge is counted; a follow or an unfollow shows in them at once', async () => {
    const counted: string[] = [];
    const mongo = social.deps.mongo;
    mongo.set('debug', (collection: string, method: string) => {
      if (collection === 'follows' && method === 'countDocuments') counted.push(method);
    });
    try {
      await counts(zeynep.id);
      counted.length = 0;
      expect(await counts(zeynep.id)).toEqual({ followersCount: 0, followingCount: 0 });
      expect(await counts(zeynep.id, mehmet.id)).toEqual({ followersCount: 0, followingCount: 0, isFollowing: false });
      expect(counted).toEqual([]);

      await follow(mehmet, zeynep.id);
      expect(await counts(zeynep.id)).toEqual({ followersCount: 1, followingCount: 0 });
      expect(await counts(mehmet.id)).toMatchObject({ followingCount: 1 });
      await follow(mehmet, zeynep.id);
      expect(await counts(zeynep.id)).toEqual({ followersCount: 0, followingCount: 0 });
      expect(await counts(mehmet.id)).toMatchObject({ followingCount: 0 });
    } finally {
      mongo.set('debug', false);
    }
  });

  it('refuses following yourself, unknown users and visitors with Turkish messages', async () => {
    const self = await follow(ali, ali.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'validation', message: 'Kendini takip edemezsin.' });

    const nobody = await follow(ali, '0123456789abcdef01234567');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ error: 'not_found', message: 'Kullanıcı bulunamadı' });

    const visitor = await social.app.inject({
      method: 'POST',
      url: `/api/users/${ayse.id}/follow`,
      headers: asVisitor(),
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Takip etmek için giriş yapmalısın.');

    const visitorState = await social.app.inject({ url: `/api/users/${ayse.id}/is-following`, headers: asVisitor() });
    expect(visitorState.json()).toEqual({ following: false });

    const unsigned = await social.app.inject({ method: 'POST', url: `/api/users/${ayse.id}/follow` });
    expect(unsigned.statusCode).toBe(401);
    expect(await counts(ali.id)).toEqual({ followersCount: 0, followingCount: 0 });
  });

  it('answers a double click once: concurrent toggles leave one edge and agreeing answers', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => follow(mehmet, zeynep.id)));
    const bodies = answers.map((a) => a.json() as { following: boolean; followersCount: number });
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(bodies.map((b) => b.following))).toEqual(new Set([true]));
    const edges = await social.deps.mongo
      .collection('follows')
      .countDocuments({ followerId: mehmet.id, followeeId: zeynep.id });
    expect(edges).toBe(1);
    expect(await counts(zeynep.id)).toEqual({ followersCount: 1, followingCount: 0 });

    const back = await Promise.all(Array.from({ length: 8 }, () => follow(mehmet, zeynep.id)));
    expect(new Set(back.map((a) => (a.json() as { following: boolean }).following))).toEqual(new Set([false]));
    expect(await counts(zeynep.id)).toEqual({ followersCount: 0, followingCount: 0 });
    expect(await counts(mehmet.id)).toEqual({ followersCount: 0, followingCount: 0 });
  });

  it('answers mutual followers over NATS and marks a follow-back as mutual', async () => {
    seen.length = 0;
    await follow(ali, mehmet.id);
    await follow(mehmet, ali.id); // mutual
    await follow(ali, zeynep.id); // one way
    await follow(ayse, ali.id); // one way, the other direction
    const { userIds } = await social.deps.bus.request(subjects.social.mutuals, { userId: ali.id });
    expect(userIds).toEqual([mehmet.id]);
    expect(await social.deps.bus.request(subjects.social.mutuals, { userId: mehmet.id })).toEqual({
      userIds: [ali.id],
    });
    expect(await social.deps.bus.request(subjects.social.mutuals, { userId: zeynep.id })).toEqual({ userIds: [] });
    // The bus refuses to send a request that breaks the contract; the responder refuses one sent past the bus.
    await expect(social.deps.bus.request(subjects.social.mutuals, {} as { userId: string })).rejects.toThrow(
      /social\.mutuals/,
    );
    const raw = await social.deps.nats.request(subjects.social.mutuals, new TextEncoder().encode('{}'));
    expect(JSON.parse(new TextDecoder().decode(raw.data))).toMatchObject({
      ok: false,
      error: { status: 400, error: 'validation' },
    });

    await vi.waitFor(() => expect(seen.filter((e) => e.subject === events.social.userFollowed)).toHaveLength(4), {
      timeout: 5000,
      interval: 20,
    });
    const back = seen.find((e) => (e.data as { followerId: string }).followerId === mehmet.id)!.data;
    expect(back).toMatchObject({ followerId: mehmet.id, followeeId: ali.id, mutual: true });
  });

  it('lists followers and following page by page, newest first, with isFollowing for the viewer', async () => {
    // ali's followers now: ayse (newest), mehmet. ali follows: zeynep (newest), mehmet.
    const followers = await list(ali.id, 'followers', asMember(zeynep.id));
    expect(followers.statusCode).toBe(200);
    expect(followers.headers['x-total-count']).toBe('2');
    expect(followers.json()).toEqual([
      { id: ayse.id, username: ayse.username, displayName: 'Ayşe Demir', avatarUrl: null, isFollowing: false },
      { id: mehmet.id, username: mehmet.username, displayName: 'Mehmet Kaya', avatarUrl: null, isFollowing: false },
    ]);

    // Seen by ali, who follows mehmet but not ayse.
    const byAli = (await list(ali.id, 'followers', asMember(ali.id))).json() as { id: string; isFollowing: boolean }[];
    expect(byAli.map((r) => [r.id, r.isFollowing])).toEqual([
      [ayse.id, false],
      [mehmet.id, true],
    ]);

    const page1 = await list(ali.id, 'following', asVisitor(), '?limit=1');
    const page2 = await list(ali.id, 'following', asVisitor(), '?limit=1&page=2');
    const page3 = await list(ali.id, 'following', asVisitor(), '?limit=1&page=3');
    expect(page1.headers['x-total-count']).toBe('2');
    expect(page1.json().map((r: { id: string }) => r.id)).toEqual([zeynep.id]);
    expect(page2.json().map((r: { id: string }) => r.id)).toEqual([mehmet.id]);
    expect(page3.json()).toEqual([]);
    for (const row of page1.json()) expect(validate('meydan/user-list-item', row).ok).toBe(true);

    const nobody = await list('0123456789abcdef01234567', 'followers');
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual([]);
  });

  it('refuses a bad page or page size with a Turkish 400', async () => {
    const big = await list(ali.id, 'followers', asVisitor(), '?limit=500');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      error: 'validation',
      message: 'Sayfa boyutu 1 ile 100 arasında bir tam sayı olmalıdır',
    });
    const zero = await list(ali.id, 'following', asVisitor(), '?page=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır');
  });

  it('still lists when auth is down: cached names, a placeholder for the rest, never a 500', async () => {
    // mehmet's followers: ali (names cached by the lists above). A new follower whose name was never read:
    const newcomer = await createUser(auth.deps, { displayName: 'Yeni Gelen' });
    await follow(newcomer, mehmet.id);
    await auth.close();

    const res = await list(mehmet.id, 'followers', asMember(ali.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: newcomer.id, username: '', displayName: 'Meydan üyesi', avatarUrl: null, isFollowing: false },
      { id: ali.id, username: ali.username, displayName: 'Ali Yılmaz', avatarUrl: null, isFollowing: false },
    ]);

    // Following needs auth to know the user exists: 503 with a Turkish message, not a 500.
    const blocked = await follow(ali, newcomer.id);
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().message).toMatch(/Hizmet/);
  });
});
