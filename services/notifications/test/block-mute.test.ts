/**
 * Notifications caused by a member the recipient blocked or muted, or who blocked them, are dropped for that
 * recipient only (with the real auth and social services); the actor notices nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { events, type NatsContracts } from '@meydan/proto';
import type { EventPayload, EventSubject } from '@meydan/kit';
import { asMember, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { drained, startNotifications, until } from './support.js';

type Row = { message: string; link: string | null };
const pollId = () => new Types.ObjectId().toString();
const now = () => new Date().toISOString();

describe('notifications: blocked and muted actors', () => {
  let auth: TestService;
  let social: TestService;
  let notifications: TestService;
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  let ali: TestUser; // the creator
  let ayse: TestUser; // muted by ali
  let mehmet: TestUser; // blocked by ali
  let zeynep: TestUser; // neither

  const inbox = async (user: TestUser): Promise<Row[]> =>
    (await notifications.app.inject({ url: '/api/notifications', headers: asMember(user.id) })).json();
  const publish = <S extends EventSubject<NatsContracts>>(subject: S, payload: EventPayload<NatsContracts, S>) =>
    notifications.deps.bus.publish(subject, payload);
  const hideAct = async (verb: 'block' | 'mute', who: TestUser, whom: TestUser, method: 'POST' | 'DELETE' = 'POST') => {
    const res = await social.app.inject({ method, url: `/api/users/${whom.id}/${verb}`, headers: asMember(who.id) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const likeAndComment = async (poll: string, actor: TestUser) => {
    await publish(events.polls.pollLiked, {
      pollId: poll,
      creatorId: ali.id,
      userId: actor.id,
      liked: true,
      at: now(),
    });
    await publish(events.polls.commentCreated, {
      pollId: poll,
      creatorId: ali.id,
      commentId: new Types.ObjectId().toString(),
      userId: actor.id,
      text: `${actor.id} yazdı`,
      at: now(),
    });
  };

  beforeAll(async () => {
    mail = await startTestMailDev();
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    notifications = await startNotifications(mail.smtpUrl);
    [ali, ayse, mehmet, zeynep] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
      createUser(auth.deps, { displayName: 'Zeynep Ak' }),
    ]);
  });

  afterAll(async () => {
    await notifications?.close();
    await social?.close();
    await auth?.close();
    await mail?.stop();
  });

  it('drops likes and comments of a muted or blocked member for the recipient, keeps everyone else’s', async () => {
    await hideAct('mute', ali, ayse);
    await hideAct('block', ali, mehmet);
    const poll = pollId();
    await likeAndComment(poll, ayse);
    await likeAndComment(poll, mehmet);
    await likeAndComment(poll, zeynep);
    await Promise.all([
      drained(notifications.deps, 'notifications--likes'),
      drained(notifications.deps, 'notifications--comments'),
    ]);
    const messages = (await inbox(ali)).filter((r) => r.link === `/anket/${poll}`).map((r) => r.message);
    expect(messages).toHaveLength(2);
    expect(messages).toContain('Zeynep Ak anketini beğendi');
    expect(messages.some((m) => m.startsWith('Zeynep Ak anketine yorum yaptı'))).toBe(true);
    expect(messages.join(' ')).not.toMatch(/Ayşe|Mehmet/);
  });

  it('tells the muted member nothing, and their own bell still rings for the muter’s actions', async () => {
    const poll = pollId();
    await publish(events.polls.pollLiked, { pollId: poll, creatorId: ayse.id, userId: ali.id, liked: true, at: now() });
    await drained(notifications.deps, 'notifications--likes');
    expect((await inbox(ayse)).map((r) => r.message)).toContain('Ali Yılmaz anketini beğendi');
  });

  it('drops a follow by a muted member, and hears from them again once unmuted', async () => {
    const follows = await social.app.inject({
      method: 'POST',
      url: `/api/users/${ali.id}/follow`,
      headers: asMember(ayse.id),
    });
    expect(follows.json().following).toBe(true);
    await drained(notifications.deps, 'notifications--followers');
    expect((await inbox(ali)).some((r) => r.message.startsWith('Ayşe Demir seni'))).toBe(false);

    await hideAct('mute', ali, ayse, 'DELETE');
    const poll = pollId();
    // The unmute event drops the kept set; the next like is heard.
    await until(
      async () => {
        await publish(events.polls.pollLiked, {
          pollId: poll,
          creatorId: ali.id,
          userId: ayse.id,
          liked: true,
          at: now(),
        });
        await drained(notifications.deps, 'notifications--likes');
        return (await inbox(ali)).some((r) => r.message === 'Ayşe Demir anketini beğendi');
      },
      10_000,
      'the unmuted member heard again',
    );
  });
});
