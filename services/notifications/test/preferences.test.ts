import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { events, type NatsContracts } from '@meydan/proto';
import type { EventPayload, EventSubject } from '@meydan/kit';
import { asMember, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { drained, startNotifications, until } from './support.js';

const pollId = () => new Types.ObjectId().toString();
const now = () => new Date().toISOString();

describe('notifications: the member’s switches for votes, likes and comments, and follow requests', () => {
  let auth: TestService;
  let notifications: TestService;
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let owner: TestUser;
  let fan: TestUser;

  const inbox = async (user: TestUser): Promise<{ message: string }[]> =>
    (await notifications.app.inject({ url: '/api/notifications', headers: asMember(user.id) })).json();
  const publish = <S extends EventSubject<NatsContracts>>(subject: S, payload: EventPayload<NatsContracts, S>) =>
    notifications.deps.bus.publish(subject, payload);
  const setSettings = async (payload: object) => {
    const res = await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(owner.id),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await drained(notifications.deps, 'notifications--user-settings');
  };
  const activity = async () => {
    const poll = pollId();
    await publish(events.polls.voteCast, {
      pollId: poll,
      creatorId: owner.id,
      voter: `u:${fan.id}`,
      userId: fan.id,
      optionIndex: 0,
      at: now(),
    });
    await publish(events.polls.pollLiked, {
      pollId: poll,
      creatorId: owner.id,
      userId: fan.id,
      liked: true,
      at: now(),
    });
    await publish(events.polls.commentCreated, {
      pollId: poll,
      creatorId: owner.id,
      commentId: new Types.ObjectId().toString(),
      userId: fan.id,
      text: 'Güzel soru',
      at: now(),
    });
    for (const durable of ['notifications--votes', 'notifications--likes', 'notifications--comments']) {
      await drained(notifications.deps, durable);
    }
  };

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    notifications = await startNotifications(mail.smtpUrl);
    [owner, fan] = await Promise.all([
      createUser(auth.deps, { displayName: 'Anket Sahibi' }),
      createUser(auth.deps, { displayName: 'Hayran' }),
    ]);
  });
  afterAll(async () => {
    await notifications?.close();
    await auth?.close();
    await mail?.stop();
  });

  it('gets none of them while all three are off, and each again once it is back on', async () => {
    await setSettings({ notifyVotes: false, notifyLikes: false, notifyComments: false });
    await activity();
    expect(await inbox(owner)).toEqual([]);

    await setSettings({ notifyLikes: true });
    await activity();
    await until(async () => (await inbox(owner)).length === 1, 10_000, 'like notification');
    expect((await inbox(owner))[0]!.message).toContain('Hayran');

    await setSettings({ notifyVotes: true, notifyComments: true });
    await activity();
    await until(async () => (await inbox(owner)).length === 4, 10_000, 'all three kinds');
  });

  it('tells a member with follow requests on who asks to follow them, linking to their followers tab', async () => {
    const requestId = new Types.ObjectId().toString();
    await publish(events.social.followRequested, { requestId, requesterId: fan.id, targetId: owner.id, at: now() });
    await until(
      async () => (await inbox(owner)).some((n) => n.message === 'Hayran seni takip etmek istiyor'),
      10_000,
      'request notification',
    );
    const row = (await inbox(owner)).find((n) => n.message === 'Hayran seni takip etmek istiyor') as { link?: string };
    expect(row.link).toBe('/profil?sekme=takipciler');
  });
});
