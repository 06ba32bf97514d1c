/** The auth service's domain: accounts, profiles, settings, tokens; its events and NATS payloads. */
export * from './challenge.js';
export * from './account.js';
export * from './entities.js';
export * from './events.js';
export * from './nats.js';
