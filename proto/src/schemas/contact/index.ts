/** The contact form and newsletter, and the admin's page of contact messages over NATS. */
export * from './http.js';
export * from './nats.js';
