/**
 * The realtime socket through the real gateway: /ws is proxied to the notifications service with the
 * caller's signed identity, for a member (session cookie) and for a visitor without any cookie; a foreign
 * Origin gets no session, and frames are limited in size.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { Redis } from 'ioredis';
import { SESSION_STORE_PREFIX, sessionKeys } from '@meydan/proto';
import { sessionKeyOf } from '@meydan/kit';
import { infra, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { createUser, type TestUser } from '../../services/auth/test/support.js';
import { buildApp as buildNotifications } from '../../services/notifications/src/app.js';
import { MAX_SOCKET_FRAME_BYTES } from '../src/app.js';
import { startTestGateway, type TestGateway } from './support.js';
import { quietFor } from '../../test/quiet.js';

describe('/ws through the gateway', () => {
  let auth: TestService;
  let notifications: TestService;
  let testGateway: TestGateway;
  let member: TestUser;
  let base: string;
  const sockets: Socket[] = [];

  const connect = (cookie?: string, origin?: string) => {
    const socket = io(base, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
      extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
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
    const cookie = await loginCookie();
    const socket = connect(cookie);
    const [hello, count] = await Promise.all([
      once<{ userId: string }>(socket, 'auth_success'),
      once<{ count: number }>(socket, 'notification_count'),
    ]);
    expect(hello.userId).toBe(member.id);
    expect(count).toEqual({ count: 0 });
  });

  const loginCookie = async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    return login.headers.get('set-cookie')!.split(';')[0]!;
  };

  /** Asks the server who this socket is: members are told at connect, visitors get auth_error here. */
  const askedAsVisitor = (socket: Socket) =>
    new Promise<unknown>((resolve) => {
      socket.once('auth_error', resolve);
      socket.once('auth_success', resolve);
      socket.emit('auth', { type: 'auth', userId: member.id });
    });

  it("a page on another site opens the socket without the member's session; our own page gets it", async () => {
    const cookie = await loginCookie();
    const foreign = connect(cookie, 'https://kotu.example');
    let greetedAsMember = false;
    foreign.on('auth_success', () => (greetedAsMember = true));
    await once(foreign, 'connect');
    // Members are greeted on connect; the socket's messages arrive in order, so the greeting would come first.
    expect(await askedAsVisitor(foreign)).toMatchObject({ error: expect.any(String) });
    expect(greetedAsMember).toBe(false);

    const own = connect(cookie, 'http://meydan.test');
    const hello = await once<{ userId: string }>(own, 'auth_success');
    expect(hello.userId).toBe(member.id);
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

describe('/ws frame size at the gateway', () => {
  // A stand-in upstream that takes frames of any size, so what is measured is the gateway's own limit (the
  // notifications service has a limit of its own, which would hide whether the gateway relayed the frame).
  let upstream: WebSocketServer;
  let testGateway: TestGateway;
  const received: number[] = [];

  beforeAll(async () => {
    upstream = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 * 1024 });
    await new Promise<void>((resolve) => upstream.once('listening', () => resolve()));
    upstream.on('connection', (socket) => socket.on('message', (data: Buffer) => received.push(data.length)));
    const port = (upstream.address() as { port: number }).port;
    testGateway = await startTestGateway(
      {},
      { listen: true, config: { NOTIFICATIONS_URL: `http://127.0.0.1:${port}` } },
    );
  });

  afterAll(async () => {
    await testGateway?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const open = async () => {
    const socket = new WebSocket(`${testGateway.base.replace('http', 'ws')}/ws/`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return socket;
  };

  it('relays a frame under 1 MB', async () => {
    const socket = await open();
    socket.send(Buffer.alloc(512 * 1024, 1));
    await vi.waitFor(() => expect(received).toContain(512 * 1024));
    socket.close();
  });

  it('closes the socket on a frame over 1 MB (1009) and relays nothing of it', async () => {
    const socket = await open();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('error', () => {});
    socket.send(Buffer.alloc(2 * 1024 * 1024, 1));
    expect(await closed).toBe(1009);
    expect(received.filter((n) => n > MAX_SOCKET_FRAME_BYTES)).toEqual([]);
  });
});

describe('/ws sockets open at once through the gateway, and for no longer than their session', () => {
  // A stand-in upstream counts the sockets the gateway relays (notifications' own behaviour is not what is measured).
  let upstream: WebSocketServer;
  let auth: TestService;
  let testGateway: TestGateway;
  const clients: WebSocket[] = [];
  /** Visitor sockets (all from 127.0.0.1) the tests have left open. */
  let visitorSockets = 0;

  beforeAll(async () => {
    upstream = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => upstream.once('listening', () => resolve()));
    auth = await startTestService('auth', buildAuth, { listen: true });
    const port = (upstream.address() as { port: number }).port;
    testGateway = await startTestGateway(
      { auth },
      { listen: true, config: { NOTIFICATIONS_URL: `http://127.0.0.1:${port}`, SOCKET_SESSION_CHECK_MS: 300 } },
    );
  });

  afterAll(async () => {
    for (const c of clients) c.terminate();
    await testGateway?.close();
    await auth?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  /** Opens a socket: 'open', or the refusal's status and body. */
  const open = (headers: Record<string, string> = {}) =>
    new Promise<{ socket: WebSocket } | { status: number; retryAfter: string | undefined; body: unknown }>(
      (resolve, reject) => {
        const socket = new WebSocket(`${testGateway.base.replace('http', 'ws')}/ws/?EIO=4&transport=websocket`, {
          headers,
        });
        clients.push(socket);
        socket.once('open', () => resolve({ socket }));
        socket.once('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(body) }),
          );
        });
        socket.once('error', reject);
      },
    );
  const closed = (socket: WebSocket) =>
    new Promise((resolve) => {
      socket.once('close', resolve);
      socket.close();
    });
  const refusal = {
    status: 429,
    retryAfter: '10',
    body: {
      error: 'rate_limited',
      message: 'Aynı anda çok fazla canlı bağlantı açtın. Diğer sekmeleri kapatıp biraz sonra tekrar dene.',
    },
  };

  const loginCookie = async (user: TestUser) => {
    const login = await fetch(`${testGateway.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    return login.headers.get('set-cookie')!.split(';')[0]!;
  };
  const memberSocket = async (cookie: string) => {
    const opened = await open({ cookie });
    expect('socket' in opened).toBe(true);
    const { socket } = opened as { socket: WebSocket };
    const closedAt = new Promise<true>((resolve) => socket.once('close', () => resolve(true)));
    // Closed, or a clear failure if the close never comes (a bound on a wait for the close event, not a wait itself).
    const closed = () =>
      new Promise<true>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the gateway did not close the socket within 10 s')), 10_000);
        void closedAt.then((yes) => {
          clearTimeout(timer);
          resolve(yes);
        });
      });
    return { socket, closed };
  };

  it('lets a member hold 10 sockets at once, the 11th gets 429 in Turkish, and a closed one frees its place', async () => {
    const user = await createUser(auth.deps, { displayName: 'Çok Sekmeli' });
    const cookie = await loginCookie(user);
    const held: WebSocket[] = [];
    for (let i = 0; i < 10; i++) {
      const opened = await open({ cookie });
      expect('socket' in opened, `socket ${i + 1}`).toBe(true);
      held.push((opened as { socket: WebSocket }).socket);
    }
    expect(await open({ cookie })).toEqual(refusal);
    // The member's sockets are counted by account, not by address: a visitor from the same IP still gets one.
    const visitor = await open();
    expect('socket' in visitor).toBe(true);
    visitorSockets += 1;
    await closed(held[0]!);
    await vi.waitFor(async () => expect('socket' in (await open({ cookie }))).toBe(true), {
      timeout: 5000,
      interval: 100,
    });
  });

  it('lets one IP hold 20 visitor sockets at once', async () => {
    for (let i = visitorSockets; i < 20; i++) expect('socket' in (await open()), `visitor socket ${i + 1}`).toBe(true);
    expect(await open()).toEqual(refusal);
  });

  it('closes a member’s socket when its session ends by a plain logout; another device’s socket stays', async () => {
    const user = await createUser(auth.deps, { displayName: 'Çıkış Yapan' });
    const [laptop, phone] = [await loginCookie(user), await loginCookie(user)];
    const [onLaptop, onPhone] = [await memberSocket(laptop), await memberSocket(phone)];
    const out = await fetch(`${testGateway.base}/api/logout`, { method: 'POST', headers: { cookie: laptop } });
    expect(out.status).toBe(200);
    expect(await onLaptop.closed()).toBe(true);
    expect(onPhone.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a member’s socket once its session has expired', async () => {
    const user = await createUser(auth.deps, { displayName: 'Süresi Dolan' });
    const cookie = await loginCookie(user);
    const { socket, closed } = await memberSocket(cookie);
    await quietFor(700, 'the socket stays open while its session lives'); // a few of the gateway's session checks go by
    expect(socket.readyState).toBe(WebSocket.OPEN);
    const redis = new Redis(infra().redisUrl, { keyPrefix: `${SESSION_STORE_PREFIX}:` });
    try {
      // What Redis does when the session's 30 days without use are over.
      expect(await redis.del(sessionKeyOf(cookie.split('=')[1]!))).toBe(1);
    } finally {
      redis.disconnect();
    }
    expect(await closed()).toBe(true);
  });

  it('closes a member’s socket at the next check once its account’s epoch moved, though this gateway missed the revocation', async () => {
    const user = await createUser(auth.deps, { displayName: 'Yasaklanan' });
    const cookie = await loginCookie(user);
    const { socket, closed } = await memberSocket(cookie);
    const redis = new Redis(infra().redisUrl, { keyPrefix: `${SESSION_STORE_PREFIX}:` });
    try {
      expect(await redis.get(sessionKeyOf(cookie.split('=')[1]!))).not.toBeNull();
      // A ban, a password change, "log out everywhere": auth raises the epoch; no sessions.revoked event reaches us.
      expect(await redis.set(sessionKeys.accountEpoch(user.id), String(Date.now() + 1))).toBe('OK');
    } finally {
      redis.disconnect();
    }
    expect(await closed()).toBe(true);
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});
