/** The social graph: follow routes, the `social.*` NATS payloads and the `events.social.*` events. */
export * from './http.js';
export * from './nats.js';
export * from './events.js';
