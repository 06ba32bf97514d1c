import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, subjects } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { followModel } from '../src/model/follow.js';
import { followRequestModel } from '../src/model/follow-request.js';

const newId = () => new Types.ObjectId().toHexString();

describe("social: a member's follow edges", () => {
  let social: TestService;

  beforeAll(async () => {
    social = await startTestService('social', buildApp);
  });
  afterAll(() => social?.close());

  it('exports who follows the member and whom they follow, and removes both when the account is deleted', async () => {
    const [gone, friend, fan, bystanderA, bystanderB] = [newId(), newId(), newId(), newId(), newId()];
    const follows = followModel(social.deps.mongo);
    await follows.create([
      { followerId: gone, followeeId: friend },
      { followerId: fan, followeeId: gone },
      { followerId: bystanderA, followeeId: bystanderB },
    ]);
    const requests = followRequestModel(social.deps.mongo);
    await requests.create([
      { requesterId: gone, targetId: bystanderA },
      { requesterId: bystanderB, targetId: gone },
      { requesterId: bystanderA, targetId: bystanderB },
    ]);

    const exported = await social.deps.bus.request(
      subjects.social.userExport,
      { userId: gone },
      { requestId: 'test' },
      2000,
    );
    expect(exported.following.map((f) => f.userId)).toEqual([friend]);
    expect(exported.followers.map((f) => f.userId)).toEqual([fan]);

    const counts = (userId: string) =>
      social.deps.bus.request(subjects.social.counts, { userId }, { requestId: 'test' }, 2000);
    expect(await counts(friend)).toEqual({ followersCount: 1, followingCount: 0 });
    expect(await counts(fan)).toEqual({ followersCount: 0, followingCount: 1 });

    await social.deps.bus.publish(
      events.auth.userDeleted,
      { userId: gone, at: new Date().toISOString() },
      { requestId: 'test' },
    );
    await vi.waitFor(
      async () => expect(await follows.countDocuments({ $or: [{ followerId: gone }, { followeeId: gone }] })).toBe(0),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    expect(await follows.countDocuments({ followerId: bystanderA, followeeId: bystanderB })).toBe(1);
    // The counts kept for the people at the other end of its edges are dropped with them.
    await vi.waitFor(async () => expect(await counts(friend)).toEqual({ followersCount: 0, followingCount: 0 }), {
      timeout: 5000,
      interval: 100,
    });
    expect(await counts(fan)).toEqual({ followersCount: 0, followingCount: 0 });
    await vi.waitFor(
      async () => expect(await requests.countDocuments({ $or: [{ requesterId: gone }, { targetId: gone }] })).toBe(0),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    expect(await requests.countDocuments({ requesterId: bystanderA, targetId: bystanderB })).toBe(1);
  });
});
