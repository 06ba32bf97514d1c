import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The notifications service's environment, beyond the kit's base variables. */
export const notificationsConfigSchema = serviceConfigSchema(
  {
    /** Where mail goes: smtp://host:port (MailDev locally), smtps:// or smtp://user:pass@relay:587 elsewhere. */
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    /** The sender of every mail. */
    MAIL_FROM: { type: 'string', minLength: 3, default: 'Meydan <no-reply@meydan.local>' },
  },
  ['SMTP_URL', 'MAIL_SECRET'] as const,
);

export type NotificationsConfig = FromSchema<typeof notificationsConfigSchema>;

/** The config with the notifications defaults filled in (tests build the app from a base config). */
export function notificationsConfig(config: BaseConfig): NotificationsConfig {
  return withDefaults<NotificationsConfig>(notificationsConfigSchema, config);
}
