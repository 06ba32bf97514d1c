/**
 * A use case is called without HTTP: the context, the validated input and the caller, as a route or a NATS handler
 * calls it (the routes' own behaviour is tested through `app.inject` in this folder's other suites).
 */
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, validate } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { createContext, type AuthContext } from '../src/context.js';
import type { Caller } from '../src/usecases/caller.js';
import { changeSettings } from '../src/usecases/settings.js';
import { login, logout } from '../src/usecases/sign-in.js';
import { createUser, type TestUser } from './support.js';

const codec = JSONCodec<Record<string, unknown>>();

describe('use cases without HTTP', () => {
  let svc: TestService;
  let ctx: AuthContext;
  let zeynep: TestUser;
  const seen: { subject: string; data: Record<string, unknown> }[] = [];
  let sub: Subscription;
  const caller = (requestId: string): Caller => ({ requestId, log: ctx.log, ip: '198.51.100.7' });

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp);
    ctx = createContext(svc.deps);
    zeynep = await createUser(svc.deps, { displayName: 'Zeynep' });
    sub = svc.deps.nats.subscribe('events.auth.>', {
      callback: (_e, m) => seen.push({ subject: m.subject, data: codec.decode(m.data) }),
    });
    await svc.deps.nats.flush();
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await svc?.close();
  });

  it('login opens a session the store resolves, and logout ends it and tells the gateway', async () => {
    const { sid, role, user } = await login(
      ctx,
      { email: zeynep.email, password: zeynep.password },
      caller('uc-login'),
    );
    expect(role).toBe('member');
    expect(user).toMatchObject({ id: zeynep.id, username: zeynep.username, displayName: 'Zeynep' });
    expect(await ctx.sessions.resolve(sid)).toMatchObject({ userId: zeynep.id });

    await logout(ctx, { sid, everywhere: false }, { requestId: 'uc-logout', userId: zeynep.id });
    expect(await ctx.sessions.resolve(sid)).toBeNull();
    await vi.waitFor(() =>
      expect(seen.some((e) => e.subject === events.auth.sessionEnded && e.data['userId'] === zeynep.id)).toBe(true),
    );
  });

  it('changeSettings answers the settings and announces the member (events.auth.user.updated, as proto says)', async () => {
    const settings = await changeSettings(
      ctx,
      { isProfilePublic: false },
      { ...caller('uc-settings'), userId: zeynep.id },
    );
    expect(settings.isProfilePublic).toBe(false);
    await vi.waitFor(() => {
      const updated = seen.find((e) => e.subject === events.auth.userUpdated && e.data['userId'] === zeynep.id);
      expect(updated && validate('meydan/event-user-updated', updated.data).ok).toBe(true);
    });
  });
});
