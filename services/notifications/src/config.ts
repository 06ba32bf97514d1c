import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The notifications service's environment, beyond the kit's base variables. */
export const notificationsConfigSchema = serviceConfigSchema(
  {
    /** Where mail goes: smtp://host:port (MailDev locally), smtps:// or smtp://user:pass@relay:587 elsewhere. */
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    /** The sender of every mail. */
    MAIL_FROM: { type: 'string', minLength: 3, default: 'Meydan <no-reply@meydan.local>' },
    /** The site's public address: the links of push messages' clicks are paths, mails' links start with it. */
    PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://[^/]+$', default: 'http://localhost:8080' },
    /**
     * Web Push's VAPID key pair (base64url: the uncompressed P-256 public point, the private scalar) and whom push
     * services may contact (`mailto:` or `https:`). Without the keys Web Push is off (`GET /api/push/public-key`: 503).
     */
    VAPID_PUBLIC_KEY: { type: 'string', pattern: '^[A-Za-z0-9_-]{87}$' },
    VAPID_PRIVATE_KEY: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
    VAPID_SUBJECT: { type: 'string', pattern: '^(mailto:|https://)', default: 'mailto:no-reply@meydan.local' },
    /** `1`: push endpoints over plain http are taken too (the tests' stand-in for a vendor's push service); never in production. */
    PUSH_ALLOW_HTTP_ENDPOINTS: { type: 'string', enum: ['0', '1'], default: '0' },
  },
  ['SMTP_URL', 'MAIL_SECRET'] as const,
);

export type NotificationsConfig = FromSchema<typeof notificationsConfigSchema>;

/** The config with the notifications defaults filled in (tests build the app from a base config). */
export function notificationsConfig(config: BaseConfig): NotificationsConfig {
  return withDefaults<NotificationsConfig>(notificationsConfigSchema, config);
}
