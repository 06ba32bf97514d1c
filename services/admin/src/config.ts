import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The admin service's variables on top of the base ones. */
export const adminConfigSchema = serviceConfigSchema(
  {
    /** Bulk e-mail: mails handed to the mailer per second, at most. */
    BULK_EMAIL_RATE_PER_SEC: { type: 'number', exclusiveMinimum: 0, default: 20 },
    /** Bulk e-mail: deliveries of one recipient before it is counted as failed. */
    BULK_EMAIL_MAX_TRIES: { type: 'integer', minimum: 1, default: 5 },
    /** Bulk e-mail: a recipient taken by a worker that died is handed out again after this many ms. */
    BULK_EMAIL_ACK_WAIT_MS: { type: 'integer', minimum: 1000, default: 30_000 },
  },
  ['MAIL_SECRET'] as const,
);

export type AdminConfig = FromSchema<typeof adminConfigSchema>;

/** The config with the admin defaults filled in (tests build the app from a base config). */
export function adminConfig(config: BaseConfig): AdminConfig {
  return withDefaults<AdminConfig>(adminConfigSchema, config);
}
