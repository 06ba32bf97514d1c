/**
 * A use case is called without HTTP: the context and the validated input, as a route or a NATS handler calls it (the
 * routes and consumers are tested through `app.inject` and the bus in this folder's other suites). A poll's end becomes
 * its creator's notification, read and marked read, with no request and no event at all.
 */
import { HttpError } from '@meydan/kit';
import type { TestService } from '@meydan/testing';
import { notificationMessages } from '@meydan/proto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type NotificationsContext } from '../src/context.js';
import { listNotifications, markAllRead, markRead, unreadCount } from '../src/usecases/bell.js';
import { notifyPollEnded } from '../src/usecases/poll-activity.js';
import { startNotifications } from './support.js';

const newId = () => new Types.ObjectId().toString();

describe('notifications use cases without HTTP', () => {
  let svc: TestService;
  let ctx: NotificationsContext;

  beforeAll(async () => {
    svc = await startNotifications('smtp://127.0.0.1:9', { consumers: false });
    ctx = createContext(svc.deps);
  });

  afterAll(async () => {
    ctx?.store.close();
    await svc?.close();
  });

  it('notifyPollEnded tells the creator the result once, in Turkish, and the bell lists and marks it read', async () => {
    const creatorId = newId();
    const pollId = newId();
    const ended = {
      pollId,
      creatorId,
      title: 'Çay mı kahve mi?',
      voteCounts: [3, 1],
      totalVotes: 4,
      winnerIndexes: [0],
      at: new Date().toISOString(),
    };
    await notifyPollEnded(ctx, ended);
    await notifyPollEnded(ctx, ended);

    const { items, total, unread } = await listNotifications(ctx, creatorId, 1, 20);
    expect({ total, unread }).toEqual({ total: 1, unread: 1 });
    expect(items[0]).toMatchObject({
      message: '“Çay mı kahve mi?” anketin sona erdi: 1. şık %75 ile kazandı (toplam 4 oy).',
      isRead: false,
    });
    expect(await unreadCount(ctx, creatorId)).toEqual({ count: 1 });

    expect(await markRead(ctx, creatorId, items[0]!.id)).toEqual({ count: 0 });
    expect(await unreadCount(ctx, creatorId)).toEqual({ count: 0 });
    expect(await markAllRead(ctx, creatorId)).toEqual({ count: 0, updated: 0 });
  });

  it("markRead refuses a notification that is not the member's with 404 and the Turkish message", async () => {
    const creatorId = newId();
    await notifyPollEnded(ctx, {
      pollId: newId(),
      creatorId,
      title: 'Kimin?',
      voteCounts: [0],
      totalVotes: 0,
      winnerIndexes: [],
      at: new Date().toISOString(),
    });
    const [mine] = (await listNotifications(ctx, creatorId, 1, 20)).items;
    const err = await markRead(ctx, newId(), mine!.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(404);
    expect((err as HttpError).message).toBe(notificationMessages.notFound);
    expect(await unreadCount(ctx, creatorId)).toEqual({ count: 1 });
  });
});
