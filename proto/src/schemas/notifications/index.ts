/** Notifications: the REST routes, the realtime socket's own messages, the mail request, the export reply, Web Push and opted-in mail. */
export * from './http.js';
export * from './socket.js';
export * from './nats.js';
export * from './push.js';
