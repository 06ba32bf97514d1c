/**
 * Reports on members (issue 40): one per reporter and member, never oneself, only of a member who exists; each
 * announced for the admin queue. Real social and auth services on the test servers.
 */
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, moderationTexts as M } from '@meydan/proto';
import { asMember, asVisitor, startTestService, until, type TestService } from '@meydan/testing';
import { Types } from 'mongoose';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp } from '../src/app.js';

const codec = JSONCodec<Record<string, unknown>>();

describe('social: reports on members', () => {
  let auth: TestService;
  let social: TestService;
  let ali: TestUser;
  let ayse: TestUser;
  const seen: Record<string, unknown>[] = [];
  let sub: Subscription;

  const report = (from: string, to: string, payload: object) =>
    social.app.inject({ method: 'POST', url: `/api/users/${to}/report`, headers: asMember(from), payload });
  const stored = (userId: string) => social.deps.mongo.model('UserReport').countDocuments({ userId });

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildApp);
    [ali, ayse] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
    ]);
    sub = social.deps.nats.subscribe(events.social.userReported, {
      callback: (_e, m) => seen.push(codec.decode(m.data)),
    });
    await social.deps.nats.flush();
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await social?.close();
    await auth?.close();
  });

  it('takes a report and announces it; a second one gets 409 in Turkish and changes nothing', async () => {
    const first = await report(ali.id, ayse.id, { reason: 'Taciz', description: ' mesajlar ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(M.userReportReceived);
    await until(() => seen.length === 1, 5_000, 'the member report event');
    expect(seen[0]).toMatchObject({
      reportId: first.json().reportId,
      userId: ayse.id,
      reporterId: ali.id,
      reason: 'Taciz',
      description: 'mesajlar',
    });

    const again = await report(ali.id, ayse.id, { reason: 'Spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_reported', message: M.userAlreadyReported });
    expect(await stored(ayse.id)).toBe(1);
  });

  it('refuses reporting oneself (400), an unknown member (404), a visitor (401) and a missing reason (400), storing nothing', async () => {
    const self = await report(ali.id, ali.id, { reason: 'Spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'own_content', message: M.userOwnReport });
    const unknown = await report(ali.id, new Types.ObjectId().toHexString(), { reason: 'Spam' });
    expect(unknown.statusCode).toBe(404);
    const visitor = await social.app.inject({
      method: 'POST',
      url: `/api/users/${ayse.id}/report`,
      headers: asVisitor(),
      payload: { reason: 'Spam' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(M.signInToReport);
    const blank = await report(ayse.id, ali.id, {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Şikayet nedeni/);
    expect(await stored(ali.id)).toBe(0);
  });
});
