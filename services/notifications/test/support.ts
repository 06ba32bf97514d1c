/** What the notifications suites share: app start-up with SMTP_URL, socket clients as the gateway forwards them, waits. */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import type { BaseConfig, ServiceDeps } from '@meydan/kit';
import { bindIdentityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp, type NotificationsOptions } from '../src/app.js';

export { drained, until } from '@meydan/testing';

/**
 * A notifications instance on the test servers. `smtpUrl` is required by the service; `mongoDb` shares a store;
 * `config` adds variables (VAPID keys, say).
 */
export function startNotifications(
  smtpUrl: string,
  options: NotificationsOptions & { mongoDb?: string; listen?: boolean; config?: Record<string, string> } = {},
): Promise<TestService> {
  const config = {
    SMTP_URL: smtpUrl,
    ...(options.mongoDb ? { MONGO_DB: options.mongoDb } : {}),
    ...options.config,
  } as Partial<BaseConfig>;
  return startTestService('notifications', (deps: ServiceDeps) => buildApp(deps, { consumers: options.consumers }), {
    config,
    listen: options.listen ?? false,
  });
}

export const freshDbName = () => `test_notif_${randomBytes(4).toString('hex')}`;

export const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;

/**
 * A socket.io client as the browser's would arrive through the gateway: websocket only, path /ws, and the identity
 * signed for the upgrade request (again at every reconnection, as the gateway signs each upgrade afresh).
 */
export function connectSocket(port: number, headers: Record<string, string> | undefined): Socket {
  const signed = () => bindIdentityHeaders(headers ?? {}, { method: 'GET', path: '/ws/', service: 'notifications' });
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/ws',
    transports: ['websocket'],
    ...(headers ? { extraHeaders: signed() } : {}),
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    forceNew: true,
  });
  if (headers)
    socket.io.on('reconnect_attempt', () => {
      socket.io.opts.extraHeaders = signed();
    });
  return socket;
}

/** Every event a socket received, in order. */
export function recordEvents(socket: Socket): { name: string; payload: unknown }[] {
  const seen: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => seen.push({ name, payload }));
  return seen;
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

export function connectError(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', (err) => resolve(err));
  });
}
