/**
 * The realtime socket through the real gateway: /ws is proxied to the notifications service with the
 * caller's signed identity, for a member (session cookie) and for a visitor without any cookie.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { createUser, type TestUser } from '../../services/auth/test/support.js';
import { buildApp as buildNotifications } from '../../services/notifications/src/app.js';
import { startTestGateway, type TestGateway } from './support.js';

describe('/ws through the gateway', () => {
  let auth: TestService;
  let notifications: TestService;
  let testGateway: TestGateway;
  let member: TestUser;
  let base: string;
  const sockets: Socket[] = [];

  const connect = (cookie?: string) => {
    const socket = io(base, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    sockets.push(socket);
    return socket;
  };
  const once = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
      socket.once(event, (data: T) => {
        clearTimeout(timer);
        resolve(data);
      });
    });

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    notifications = await startTestService('notifications', buildNotifications, {
      listen: true,
      config: { SMTP_URL: 'smtp://127.0.0.1:9' } as never,
    });
    member = await createUser(auth.deps, { displayName: 'Canlı Üye' });
    testGateway = await startTestGateway({ auth, notifications }, { listen: true });
    base = testGateway.base;
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await testGateway?.close();
    await notifications?.close();
    await auth?.close();
  });

  it('a signed-in member connects and is told who they are and how many notifications are unread', async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const socket = connect(cookie);
    const [hello, count] = await Promise.all([
      once<{ userId: string }>(socket, 'auth_success'),
      once<{ count: number }>(socket, 'notification_count'),
    ]);
    expect(hello.userId).toBe(member.id);
    expect(count).toEqual({ count: 0 });
  });

  it('a visitor without any cookie connects too, and is not treated as a member', async () => {
    const socket = connect();
    await once(socket, 'connect');
    expect(socket.connected).toBe(true);
    const answer = await new Promise<unknown>((resolve) => {
      socket.once('auth_error', resolve);
      socket.once('auth_success', resolve);
      socket.emit('auth', { type: 'auth', userId: member.id });
    });
    expect(answer).toMatchObject({ error: expect.any(String) });
  });
});
