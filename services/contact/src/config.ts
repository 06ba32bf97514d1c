import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The contact service's variables on top of the base ones. */
export const contactConfigSchema = serviceConfigSchema(
  {
    /** The site's public address: newsletter confirmation and unsubscribe links start with it. */
    PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://[^/]+$', default: 'http://localhost:8080' },
    /** The support inbox every contact message is mailed to. */
    SUPPORT_EMAIL: { type: 'string', format: 'email', default: 'destek@meydan.local' },
    /** PBKDF2 iterations per attempt of the contact form's bot challenge. */
    CHALLENGE_COST: { type: 'integer', minimum: 1, default: 1000 },
    /** When set, the form's token is checked with Cloudflare Turnstile (siteverify) instead of the ALTCHA challenge. */
    TURNSTILE_SECRET: { type: 'string', minLength: 1 },
    TURNSTILE_VERIFY_URL: {
      type: 'string',
      pattern: '^https?://',
      default: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    },
    /** Hours a newsletter confirmation link stays valid. */
    NEWSLETTER_CONFIRM_HOURS: { type: 'integer', minimum: 1, default: 48 },
    /** At most one newsletter confirmation mail per address within this many seconds (the answer stays the same). */
    NEWSLETTER_MAIL_INTERVAL_S: { type: 'integer', minimum: 1, default: 600 },
  },
  ['MAIL_SECRET'] as const,
);

export type ContactConfig = FromSchema<typeof contactConfigSchema>;

/** The config with the contact defaults filled in (tests build the app from a base config). */
export function contactConfig(config: BaseConfig): ContactConfig {
  return withDefaults<ContactConfig>(contactConfigSchema, config);
}
