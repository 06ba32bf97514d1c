/**
 * A use case is called without HTTP: the context, the validated input and the caller, as a route or a NATS handler
 * calls it (the routes are tested through `app.inject` in this folder's other suites). Real social and auth services.
 */
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, validate } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp } from '../src/app.js';
import { createContext, type SocialContext } from '../src/context.js';
import { readFollowCounts, toggleFollow } from '../src/usecases/follows.js';
import { hide } from '../src/usecases/hides.js';
import { reportUser } from '../src/usecases/user-reports.js';

const codec = JSONCodec<Record<string, unknown>>();

describe('social use cases without HTTP', () => {
  let auth: TestService;
  let social: TestService;
  let ctx: SocialContext;
  let deniz: TestUser;
  let ece: TestUser;
  const seen: { subject: string; data: Record<string, unknown> }[] = [];
  let sub: Subscription;
  const source = (requestId: string) => ({ requestId });
  const heard = (subject: string, match: Record<string, unknown>) =>
    seen.filter((e) => e.subject === subject && Object.entries(match).every(([k, v]) => e.data[k] === v));

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildApp);
    ctx = createContext(social.deps);
    [deniz, ece] = await Promise.all([
      createUser(auth.deps, { displayName: 'Deniz' }),
      createUser(auth.deps, { displayName: 'Ece' }),
    ]);
    sub = social.deps.nats.subscribe('events.social.>', {
      callback: (_e, m) => seen.push({ subject: m.subject, data: codec.decode(m.data) }),
    });
    await social.deps.nats.flush();
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await social?.close();
    await auth?.close();
  });

  it('toggleFollow follows and unfollows, each announced as proto says; oneself is refused', async () => {
    expect(await toggleFollow(ctx, deniz.id, deniz.id, source('uc-self'))).toBe('self');
    expect(await toggleFollow(ctx, deniz.id, ece.id, source('uc-follow'))).toMatchObject({
      following: true,
      followersCount: 1,
    });
    await vi.waitFor(() => {
      const followed = heard(events.social.userFollowed, { followerId: deniz.id, followeeId: ece.id });
      expect(followed).toHaveLength(1);
      expect(validate('meydan/social-user-followed', followed[0]!.data).ok).toBe(true);
    });
    expect(await toggleFollow(ctx, deniz.id, ece.id, source('uc-unfollow'))).toMatchObject({
      following: false,
      followersCount: 0,
    });
    await vi.waitFor(() =>
      expect(heard(events.social.userUnfollowed, { followerId: deniz.id, followeeId: ece.id })).toHaveLength(1),
    );
  });

  it('reportUser takes one report per member and refuses oneself; hide answers the state other services then read', async () => {
    expect(await reportUser(ctx, deniz.id, { reason: 'Spam' }, deniz.id, source('uc-own'))).toBe('own');
    const report = await reportUser(ctx, ece.id, { reason: 'Spam' }, deniz.id, source('uc-report'));
    expect(report).toMatchObject({ reportId: expect.any(String) });
    expect(await reportUser(ctx, ece.id, { reason: 'Spam' }, deniz.id, source('uc-again'))).toBe('again');
    await vi.waitFor(() =>
      expect(heard(events.social.userReported, { userId: ece.id, reporterId: deniz.id })).toHaveLength(1),
    );

    expect(await hide(ctx, 'blocks', ece.id, ece.id, source('uc-hide-self'))).toBe('self');
    expect(await hide(ctx, 'blocks', ece.id, deniz.id, source('uc-block'))).toMatchObject({
      blocked: true,
      changed: true,
    });
    expect(await readFollowCounts(ctx, ece.id, deniz.id)).toMatchObject({ isFollowing: false, blockedViewer: true });
  });
});
