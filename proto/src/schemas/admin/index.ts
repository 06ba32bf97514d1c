/** The admin panel: its routes, events, bulk e-mail queue and progress push, and the read model's rebuild pages. */
export * from './http.js';
export * from './events.js';
export * from './read-model.js';
export * from './moderation.js';
export * from './staff.js';
export * from './audit.js';
export * from './contact-messages.js';
export * from './load-members.js';
export * from './held.js';
