import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, subjects } from '@meydan/proto';
import type { TestService } from '@meydan/testing';
import { notificationModel } from '../src/model/notification.js';
import { openGroupModel } from '../src/model/open-group.js';
import { groupKey } from '../src/store/open-groups.js';
import { startNotifications } from './support.js';

const newId = () => new Types.ObjectId().toHexString();

describe("notifications: a member's notifications", () => {
  let svc: TestService;

  beforeAll(async () => {
    // Nothing is mailed here: the service needs an SMTP address to start, not a server behind it.
    svc = await startNotifications('smtp://127.0.0.1:9');
  });
  afterAll(() => svc?.close());

  it('exports them, and removes them (and those about the member, and where theirs were open) when the account is deleted', async () => {
    const gone = newId();
    const other = newId();
    const notifications = notificationModel(svc.deps.mongo);
    await notifications.create([
      {
        userId: gone,
        kind: 'follow',
        key: `follow:${other}`,
        message: 'mert seni takip etmeye başladı',
        link: '/profil',
        actorId: other,
      },
      {
        userId: other,
        kind: 'follow',
        key: `follow:${gone}`,
        message: 'ayse seni takip etmeye başladı',
        link: '/profil',
        actorId: gone,
      },
      { userId: other, kind: 'like', key: 'like:x', message: 'Anketin beğenildi', link: null, actorId: newId() },
    ]);
    // Where their growing notifications are open goes too (votes on a poll of theirs).
    const openGroups = openGroupModel(svc.deps.mongo);
    await openGroups.create([
      { _id: groupKey('votes', gone, newId()), userId: gone, notificationId: new Types.ObjectId() },
      { _id: groupKey('votes', other, newId()), userId: other, notificationId: new Types.ObjectId() },
    ]);

    const exported = await svc.deps.bus.request(
      subjects.notifications.userExport,
      { userId: gone },
      { requestId: 'test' },
      2000,
    );
    expect(exported.notifications).toEqual([
      expect.objectContaining({
        kind: 'follow',
        message: 'mert seni takip etmeye başladı',
        link: '/profil',
        isRead: false,
      }),
    ]);

    await svc.deps.bus.publish(
      events.auth.userDeleted,
      { userId: gone, at: new Date().toISOString() },
      { requestId: 'test' },
    );
    await vi.waitFor(
      async () => expect(await notifications.countDocuments({ $or: [{ userId: gone }, { actorId: gone }] })).toBe(0),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    expect(await notifications.countDocuments({ userId: other })).toBe(1);
    await vi.waitFor(async () => expect(await openGroups.countDocuments({ userId: gone })).toBe(0), {
      timeout: 5000,
      interval: 100,
    });
    expect(await openGroups.countDocuments({ userId: other })).toBe(1);
  });
});
