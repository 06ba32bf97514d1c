/** Notifications: the REST routes, the realtime socket's own messages, the mail request and the export reply. */
export * from './http.js';
export * from './socket.js';
export * from './nats.js';
