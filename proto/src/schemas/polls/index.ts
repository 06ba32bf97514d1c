/** Polls: their bodies and answers, the reach routes, the events, live counts and the `poll_update` socket push. */
export * from './requests.js';
export * from './entities.js';
export * from './routes.js';
export * from './reach.js';
export * from './events.js';
export * from './nats.js';
