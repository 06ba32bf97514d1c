/**
 * A use case is called without HTTP: the context, the validated input and the staff member, as a route or a consumer
 * calls it (the routes are tested through the gateway in this folder's other suites).
 */
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, validate } from '@meydan/proto';
import type { TestService } from '@meydan/testing';
import type { AdminContext } from '../src/context.js';
import { banMember, listMembers, reactivateMember } from '../src/usecases/members.js';
import { recordRegistration } from '../src/usecases/read-model.js';
import type { Staff } from '../src/usecases/staff.js';
import { startAdmin } from './support.js';

const codec = JSONCodec<Record<string, unknown>>();

describe('admin use cases without HTTP', () => {
  let admin: TestService;
  let ctx: AdminContext;
  let sub: Subscription;
  const seen: { subject: string; data: Record<string, unknown> }[] = [];
  const staff = (requestId: string): Staff => ({ userId: 'uc-admin', requestId, log: ctx.log });
  const register = (userId: string, role: 'member' | 'moderator' = 'member') =>
    recordRegistration(ctx, {
      userId,
      username: userId,
      email: `${userId}@example.com`,
      displayName: userId,
      role,
      isActive: true,
      emailVerified: true,
      at: new Date().toISOString(),
    });
  const standing = async (userId: string) =>
    (await listMembers(ctx, { q: userId, page: 1 })).items.find((u) => u.id === userId)?.isActive;

  beforeAll(async () => {
    admin = await startAdmin({}, { rebuilt: false });
    ctx = admin.app.admin;
    sub = admin.deps.nats.subscribe('events.admin.>', {
      callback: (_e, m) => seen.push({ subject: m.subject, data: codec.decode(m.data) }),
    });
    await admin.deps.nats.flush();
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await admin?.close();
  });

  it('banMember bans once, announces it as proto says, and reactivateMember lifts it', async () => {
    await register('uc-deniz');
    expect(await banMember(ctx, 'uc-deniz', { reason: 'spam' }, staff('uc-ban'))).toBe('banned');
    expect(await standing('uc-deniz')).toBe(false);
    // A second ban changes nothing and announces nothing.
    expect(await banMember(ctx, 'uc-deniz', { reason: 'spam' }, staff('uc-ban-again'))).toBe('banned');
    await vi.waitFor(() => {
      const banned = seen.filter((e) => e.subject === events.admin.userBanned && e.data['userId'] === 'uc-deniz');
      expect(banned).toHaveLength(1);
      expect(validate('meydan/event-user-moderated', banned[0]!.data).ok).toBe(true);
    });

    expect(await reactivateMember(ctx, 'uc-deniz', staff('uc-activate'))).toBe('activated');
    expect(await standing('uc-deniz')).toBe(true);
    await vi.waitFor(() =>
      expect(seen.some((e) => e.subject === events.admin.userReactivated && e.data['userId'] === 'uc-deniz')).toBe(
        true,
      ),
    );
  });

  it('refuses an unknown account, a staff account and oneself, with nothing announced', async () => {
    await register('uc-moderator', 'moderator');
    await register('uc-admin');
    expect(await banMember(ctx, 'uc-nobody', undefined, staff('uc-unknown'))).toBe('not_found');
    expect(await banMember(ctx, 'uc-moderator', undefined, staff('uc-staff'))).toBe('staff');
    expect(await reactivateMember(ctx, 'uc-moderator', staff('uc-staff-activate'))).toBe('staff');
    expect(await banMember(ctx, 'uc-admin', undefined, staff('uc-self'))).toBe('self');
    // Events from one publisher arrive in order: once a later ban's event is here, any of the refusals' would be too.
    await register('uc-later');
    expect(await banMember(ctx, 'uc-later', undefined, staff('uc-later'))).toBe('banned');
    await vi.waitFor(() =>
      expect(seen.some((e) => e.subject === events.admin.userBanned && e.data['userId'] === 'uc-later')).toBe(true),
    );
    expect(seen.filter((e) => ['uc-nobody', 'uc-moderator', 'uc-admin'].includes(String(e.data['userId'])))).toEqual(
      [],
    );
  });
});
