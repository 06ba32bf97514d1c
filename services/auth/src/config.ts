import { serviceConfigSchema } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The auth service's environment, beyond the kit's base variables. */
export const authConfigSchema = serviceConfigSchema({
  /** Where people reach the site: activation links, cookie `Secure` when https. */
  PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://[^/]+$', default: 'http://localhost:8080' },
  /** The administrator account, created (or promoted) at start. */
  ADMIN_EMAIL: { type: 'string', format: 'email' },
  ADMIN_PASSWORD: { type: 'string', minLength: 6 },
  ADMIN_USERNAME: { type: 'string', pattern: '^[A-Za-z0-9_.]{3,30}$', default: 'admin' },
  SESSION_TTL_DAYS: { type: 'integer', minimum: 1, default: 30 },
  ACTIVATION_TTL_HOURS: { type: 'integer', minimum: 1, default: 24 },
  /** Failed logins before 429: per account and per IP, within LOGIN_FAILURE_WINDOW_S. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: { type: 'integer', minimum: 1, default: 5 },
  LOGIN_MAX_FAILURES_PER_IP: { type: 'integer', minimum: 1, default: 20 },
  LOGIN_FAILURE_WINDOW_S: { type: 'integer', minimum: 1, default: 900 },
});

export type AuthConfig = FromSchema<typeof authConfigSchema>;
