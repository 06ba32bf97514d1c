/**
 * A scheduled poll's opening (`events.polls.poll.opened`) tells each member who asked ('Açılınca haber ver') once, in
 * Turkish, linking to the poll; nobody else, and not its creator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { events, validate } from '@meydan/proto';
import { asMember, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { drained, startNotifications } from './support.js';

const newId = () => new Types.ObjectId().toString();
type Row = { message: string; link: string | null; isRead: boolean };

describe('a scheduled poll opened', () => {
  let social: TestService;
  let notifications: TestService;

  beforeAll(async () => {
    social = await startTestService('social', buildSocial);
    // No mail goes out for an opening: an unreachable SMTP server is enough.
    notifications = await startNotifications('smtp://127.0.0.1:9');
  });
  afterAll(async () => {
    await notifications?.close();
    await social?.close();
  });

  const inbox = async (userId: string): Promise<Row[]> =>
    (await notifications.app.inject({ url: '/api/notifications', headers: asMember(userId) })).json();

  it('tells the members who asked, once each, even when the event comes twice', async () => {
    const [creator, bob, carol, dave, pollId] = [newId(), newId(), newId(), newId(), newId()];
    const opened = {
      pollId,
      creatorId: creator,
      title: 'Yarınki maçı kim kazanır?',
      remindUserIds: [bob, carol, creator],
      part: 0,
      at: new Date().toISOString(),
    };
    expect(validate('meydan/event-poll-opened', opened).ok).toBe(true);
    await notifications.deps.bus.publish(events.polls.pollOpened, opened);
    await notifications.deps.bus.publish(events.polls.pollOpened, opened);
    await drained(notifications.deps, 'notifications--poll-opened');

    for (const member of [bob, carol]) {
      const rows = await inbox(member);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        message: '“Yarınki maçı kim kazanır?” anketi oylamaya açıldı.',
        link: `/anket/${pollId}`,
        isRead: false,
      });
    }
    expect(await inbox(creator)).toEqual([]);
    expect(await inbox(dave)).toEqual([]);
  });
});
