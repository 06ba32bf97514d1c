/**
 * Follow requests through the real social service into the bell: pressing follow on a locked account over and over
 * (each press withdraws or makes the request again, with a new id each time) rings the member's bell once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, type NatsContracts } from '@meydan/proto';
import type { EventPayload } from '@meydan/kit';
import { asMember, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { drained, startNotifications } from './support.js';

describe('notifications: follow requests made again and again', () => {
  let auth: TestService;
  let social: TestService;
  let notifications: TestService;
  let locked: TestUser;
  let requester: TestUser;

  const inbox = async (user: TestUser): Promise<{ message: string }[]> =>
    (await notifications.app.inject({ url: '/api/notifications', headers: asMember(user.id) })).json();

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    notifications = await startNotifications('smtp://127.0.0.1:9');
    [locked, requester] = await Promise.all([
      createUser(auth.deps, { displayName: 'Kilitli Hesap' }),
      createUser(auth.deps, { displayName: 'Israrcı Üye' }),
    ]);
    const res = await auth.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: asMember(locked.id),
      payload: { followRequestsEnabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await notifications?.close();
    await social?.close();
    await auth?.close();
  });

  it('10 follow/unfollow presses on a locked account give the member one notification', async () => {
    for (let press = 0; press < 10; press++) {
      const res = await social.app.inject({
        method: 'POST',
        url: `/api/users/${locked.id}/follow`,
        headers: asMember(requester.id),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await drained(notifications.deps, 'notifications--follow-requests');
    expect((await inbox(locked)).map((n) => n.message)).toEqual(['Israrcı Üye seni takip etmek istiyor']);
  });

  it('keeps one a day per requester even when the requests are announced (each with its own id)', async () => {
    const other = await createUser(auth.deps, { displayName: 'Başka Üye' });
    const at = new Date().toISOString();
    for (const requestId of ['0123456789abcdef01234567', '0123456789abcdef01234568', '0123456789abcdef01234569']) {
      const event: EventPayload<NatsContracts, typeof events.social.followRequested> = {
        requestId,
        requesterId: other.id,
        targetId: locked.id,
        at,
      };
      await notifications.deps.bus.publish(events.social.followRequested, event);
    }
    await drained(notifications.deps, 'notifications--follow-requests');
    expect((await inbox(locked)).filter((n) => n.message === 'Başka Üye seni takip etmek istiyor')).toHaveLength(1);
  });
});
