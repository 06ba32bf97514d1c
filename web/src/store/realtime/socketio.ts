import { limits } from '@meydan/proto';
import { io } from 'socket.io-client';
import type { SocketLike } from './hub';

/**
 * socket.io at /ws on the page's own origin (ws, or wss on https), websocket transport only (the server scales
 * without sticky sessions). The browser sends the session cookie with the upgrade. Reconnects back off
 * exponentially from the spec's 3 s up to 30 s.
 */
export const createBrowserSocket = (): SocketLike =>
  io({
    path: '/ws',
    transports: ['websocket'],
    autoConnect: false,
    withCredentials: true,
    reconnection: true,
    reconnectionDelay: limits.notifications.reconnectDelayMs,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  }) as unknown as SocketLike;
