import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, subjects, validate } from '@meydan/proto';
import { asMember, asVisitor, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { apiTokenModel } from '../src/model/api-token.js';
import { userModel } from '../src/model/user.js';
import { deleteDueAccounts } from '../src/usecases/account-deletion.js';
import type { AuthContext } from '../src/context.js';
import { createContext } from '../src/context.js';
import { createUser, type TestUser } from './support.js';

const codec = JSONCodec<Record<string, unknown>>();
const DAY_MS = 24 * 3600_000;

describe('account data: export and deletion', () => {
  let svc: TestService;
  let ctx: AuthContext;
  let ayse: TestUser;
  const seen: { subject: string; data: Record<string, unknown> }[] = [];
  let sub: Subscription;

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp);
    ctx = createContext(svc.deps);
    ayse = await createUser(svc.deps, { displayName: 'Ayşe' });
    sub = svc.deps.nats.subscribe('events.auth.>', {
      callback: (_e, m) => seen.push({ subject: m.subject, data: codec.decode(m.data) }),
    });
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await svc?.close();
  });

  const login = (email: string, password: string) =>
    svc.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...asVisitor(), ...identityHeaders({ ip: `10.7.${Math.floor(Math.random() * 250)}.1` }) },
      payload: { email, password },
    });

  describe('GET /api/account/export', () => {
    it('refuses a visitor with 401', async () => {
      expect((await svc.app.inject({ url: '/api/account/export', headers: asVisitor() })).statusCode).toBe(401);
    });

    it('answers 503 with a Turkish text, not a partial copy, when a service does not answer', async () => {
      const res = await svc.app.inject({ url: '/api/account/export', headers: asMember(ayse.id) });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Verilerin şu anda toplanamadı. Lütfen biraz sonra tekrar dene.');
    });

    it('gathers the profile here and the polls, votes, follows and notifications from their services', async () => {
      // polls, social and notifications are not started here: these stand in for their responders, whose own
      // answers are tested in those services' suites (member-data tests).
      const other = '0123456789abcdef01234567';
      const responders = await Promise.all([
        svc.deps.bus.standIn('polls', subjects.polls.userExport, ({ userId }) => ({
          polls: [],
          votes:
            userId === ayse.id
              ? [
                  {
                    pollId: other,
                    pollTitle: 'Kedi mi köpek mi?',
                    optionIndex: 1,
                    option: 'Köpek',
                    votedAt: '2026-01-02T10:00:00.000Z',
                  },
                ]
              : [],
        })),
        svc.deps.bus.standIn('social', subjects.social.userExport, () => ({
          followers: [{ userId: other, since: '2026-01-01T00:00:00.000Z' }],
          following: [],
        })),
        svc.deps.bus.standIn('notifications', subjects.notifications.userExport, () => ({ notifications: [] })),
      ]);
      try {
        const res = await svc.app.inject({ url: '/api/account/export', headers: asMember(ayse.id) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="meydan-verilerim-${ayse.username}.json"`,
        );
        const body = res.json();
        expect(body.profile).toMatchObject({
          id: ayse.id,
          username: ayse.username,
          email: ayse.email,
          displayName: 'Ayşe',
        });
        expect(body.profile.passwordHash).toBeUndefined();
        expect(body.votes).toEqual([
          {
            pollId: other,
            pollTitle: 'Kedi mi köpek mi?',
            optionIndex: 1,
            option: 'Köpek',
            votedAt: '2026-01-02T10:00:00.000Z',
          },
        ]);
        expect(body.follows.followers).toHaveLength(1);
        expect(body.polls).toEqual([]);
        expect(body.notifications).toEqual([]);
      } finally {
        await Promise.all(responders.map((r) => r.stop()));
      }
    });
  });

  describe('POST /api/account/deletion', () => {
    it('refuses a wrong password with 403 and a missing one with 400, scheduling nothing', async () => {
      const wrong = await svc.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: asMember(ayse.id),
        payload: { password: 'yanlis' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe('Mevcut şifren hatalı.');
      const missing = await svc.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: asMember(ayse.id),
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Hesabını silmek için şifreni yaz.');
      expect((await userModel(svc.deps.mongo).findById(ayse.id).lean())?.deletionScheduledAt).toBeNull();
    });

    it('schedules the deletion 30 days ahead and signs out everywhere; signing in within that time cancels it', async () => {
      const before = Date.now();
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: asMember(ayse.id),
        payload: { password: ayse.password },
      });
      expect(res.statusCode).toBe(200);
      const deleteAt = Date.parse(res.json().deleteAt);
      expect(deleteAt - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
      expect(deleteAt - before).toBeLessThan(30 * DAY_MS + 60_000);
      expect(res.json().message).toMatch(
        /tarihinde silinecek\. Bu tarihe kadar giriş yaparsan silme işlemi iptal olur\./,
      );
      await vi.waitFor(() => {
        const scheduled = seen.find(
          (e) => e.subject === events.auth.userDeletionScheduled && e.data['userId'] === ayse.id,
        );
        expect(scheduled && validate('meydan/event-user-deletion-scheduled', scheduled.data).ok).toBe(true);
        expect(seen.some((e) => e.subject === events.auth.sessionsRevoked && e.data['userId'] === ayse.id)).toBe(true);
      });

      expect((await login(ayse.email, ayse.password)).statusCode).toBe(200);
      expect((await userModel(svc.deps.mongo).findById(ayse.id).lean())?.deletionScheduledAt).toBeNull();
      expect(await deleteDueAccounts(ctx, new Date(Date.now() + 31 * DAY_MS))).not.toContain(ayse.id);
    });

    it('removes a due account with its tokens and tells every service through events.auth.user.deleted', async () => {
      const mert = await createUser(svc.deps, { displayName: 'Mert' });
      await apiTokenModel(svc.deps.mongo).create({
        userId: mert.id,
        name: 'betik',
        tokenHash: `h-${mert.id}`,
        prefix: 'mdn_xxxxxx',
      });
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: asMember(mert.id),
        payload: { password: mert.password },
      });
      expect(res.statusCode).toBe(200);

      // Not yet due: nothing happens.
      expect(await deleteDueAccounts(ctx, new Date(Date.now() + 29 * DAY_MS))).not.toContain(mert.id);
      expect(await userModel(svc.deps.mongo).exists({ _id: mert.id })).toBeTruthy();

      expect(await deleteDueAccounts(ctx, new Date(Date.now() + 31 * DAY_MS))).toContain(mert.id);
      expect(await userModel(svc.deps.mongo).exists({ _id: mert.id })).toBeNull();
      expect(await apiTokenModel(svc.deps.mongo).countDocuments({ userId: mert.id })).toBe(0);
      await vi.waitFor(() =>
        expect(seen.some((e) => e.subject === events.auth.userDeleted && e.data['userId'] === mert.id)).toBe(true),
      );
      // The account is gone: its password no longer signs in.
      expect((await login(mert.email, mert.password)).statusCode).toBe(401);
    });

    it('once the sweep has begun, signing in no longer cancels: refused in Turkish, and the next sweep finishes', async () => {
      const can = await createUser(svc.deps, { displayName: 'Can' });
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: asMember(can.id),
        payload: { password: can.password },
      });
      expect(res.statusCode).toBe(200);
      // A sweep that claimed the account and then stopped (its publish failed, the process died).
      await userModel(svc.deps.mongo).updateOne(
        { _id: can.id },
        { $set: { deletionScheduledAt: new Date(Date.now() - 1000), deletionStartedAt: new Date() } },
      );

      const refused = await login(can.email, can.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Bu hesabın silinmesi başladı; artık giriş yapılamaz.');
      expect((await userModel(svc.deps.mongo).findById(can.id).lean())?.deletionScheduledAt).not.toBeNull();

      expect(await deleteDueAccounts(ctx)).toContain(can.id);
      expect(await userModel(svc.deps.mongo).exists({ _id: can.id })).toBeNull();
    });
  });
});
