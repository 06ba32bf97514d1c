import { DEFAULT_SESSION_TTL_DAYS } from '@meydan/proto';
import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** Administrator passwords anyone can read (this repository's old defaults, and the usual ones). */
export const PUBLISHED_ADMIN_PASSWORDS = [
  'meydan-admin',
  'admin123',
  'password',
  'changeme',
  'change-me',
  '123456',
] as const;
/** A PUBLIC_ORIGIN only this machine reaches. */
const LOCAL_ORIGIN = '^https?://(localhost|127\\.[0-9.]+|\\[::1\\])(:[0-9]+)?$';
/** Escapes what a unicode-mode pattern (ajv's) reads as syntax; `-` is plain text there outside a class. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A site served beyond this machine must not start with a published administrator password: auth stops at start with
 * one line (as for any invalid variable) instead of handing the admin panel to whoever read the README.
 */
const noPublishedAdminPasswordInPublic = {
  if: { required: ['PUBLIC_ORIGIN'], properties: { PUBLIC_ORIGIN: { not: { pattern: LOCAL_ORIGIN } } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, in a schema no one awaits
  then: {
    properties: {
      ADMIN_PASSWORD: {
        pattern: `^(?!(${PUBLISHED_ADMIN_PASSWORDS.map(escapeRegex).join('|')})$)`,
        description:
          'is a published default password: set a password of your own before serving a PUBLIC_ORIGIN other than localhost',
      },
    },
  },
} as const;

/** The auth service's environment, beyond the kit's base variables. */
export const authConfigSchema = {
  ...serviceConfigSchema(
    {
      /** Where people reach the site: activation links, cookie `Secure` when https. */
      PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://[^/]+$', default: 'http://localhost:8080' },
      /** The administrator account, created (or promoted) at start. */
      ADMIN_EMAIL: { type: 'string', format: 'email' },
      ADMIN_PASSWORD: { type: 'string', minLength: 6 },
      ADMIN_USERNAME: { type: 'string', pattern: '^[A-Za-z0-9_.]{3,30}$', default: 'admin' },
      SESSION_TTL_DAYS: { type: 'integer', minimum: 1, default: DEFAULT_SESSION_TTL_DAYS },
      ACTIVATION_TTL_HOURS: { type: 'integer', minimum: 1, default: 24 },
      /** Registrations (each mails an activation link) of one address within an hour; beyond them the same answer, no mail. */
      ACTIVATION_MAILS_PER_ADDRESS: { type: 'integer', minimum: 1, default: 3 },
      /**
       * Failed logins within LOGIN_FAILURE_WINDOW_S: after LOGIN_CHALLENGE_AFTER_FAILURES on one account its login
       * needs a solved bot challenge (never a lockout of the owner); after LOGIN_MAX_FAILURES_PER_IP from one IP, 429.
       */
      LOGIN_CHALLENGE_AFTER_FAILURES: { type: 'integer', minimum: 1, default: 3 },
      LOGIN_MAX_FAILURES_PER_IP: { type: 'integer', minimum: 1, default: 20 },
      LOGIN_FAILURE_WINDOW_S: { type: 'integer', minimum: 1, default: 900 },
      /**
       * Wrong current passwords (password change, account deletion) within LOGIN_FAILURE_WINDOW_S: after
       * LOGIN_CHALLENGE_AFTER_FAILURES on one account the check needs a solved bot challenge, after
       * PASSWORD_CHECK_MAX_FAILURES it is refused (429) until the window ends; they count against the IP as failed logins do.
       */
      PASSWORD_CHECK_MAX_FAILURES: { type: 'integer', minimum: 1, default: 10 },
      /** PBKDF2 iterations per attempt of the bot challenge (the browser makes a few thousand attempts). */
      CHALLENGE_COST: { type: 'integer', minimum: 1, default: 1000 },
      /** Password-reset mails: per address and per IP, within an hour (beyond them the answer stays the same, no mail). */
      RESET_MAILS_PER_ADDRESS: { type: 'integer', minimum: 1, default: 3 },
      RESET_MAILS_PER_IP: { type: 'integer', minimum: 1, default: 10 },
      /** How often accounts whose deletion is due are removed (and `events.auth.user.deleted` published). */
      ACCOUNT_DELETION_SWEEP_MS: { type: 'integer', minimum: 1000, default: 3_600_000 },
      /**
       * `on`: an administrator may mint throw-away members with API tokens for a load test (POST /api/admin/load-members)
       * and remove them; `off` (the default): both answer 404. Turn it on for the run only.
       */
      LOAD_TEST_MEMBERS: { type: 'string', enum: ['on', 'off'], default: 'off' },
    },
    ['MAIL_SECRET'] as const,
  ),
  ...noPublishedAdminPasswordInPublic,
} as const;

export type AuthConfig = FromSchema<typeof authConfigSchema>;

/** The config with the auth defaults filled in (tests build the app from a base config). */
export function authConfig(config: BaseConfig): AuthConfig {
  return withDefaults<AuthConfig>(authConfigSchema, config);
}
