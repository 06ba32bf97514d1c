import { baseConfigProperties } from '@meydan/kit';

/** The gateway's environment: where each service listens, where the built SPA is, and the shared secret. */
export const gatewayConfigSchema = {
  type: 'object',
  properties: {
    HOST: baseConfigProperties.HOST,
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    LOG_LEVEL: baseConfigProperties.LOG_LEVEL,
    NATS_URL: baseConfigProperties.NATS_URL,
    REDIS_URL: baseConfigProperties.REDIS_URL,
    /** Where people reach the site; requests from other origins may not change anything. */
    PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://[^/]+$', default: 'http://localhost:8080' },
    /** Further origins allowed to send state-changing requests, comma-separated. */
    ALLOWED_ORIGINS: { type: 'string', default: '' },
    /** Trust X-Forwarded-* from a proxy in front (Kubernetes ingress): true, or the proxies' addresses/CIDRs. */
    TRUST_PROXY: { type: 'string', default: 'false' },
    /** Multiplies every rate limit (load tests); 1 in production. */
    RATE_LIMIT_SCALE: { type: 'number', exclusiveMinimum: 0, default: 1 },
    /** How long a resolved session is reused before auth is asked again. */
    SESSION_CACHE_MS: { type: 'integer', minimum: 0, default: 5000 },
    INTERNAL_SECRET: baseConfigProperties.INTERNAL_SECRET,
    SHUTDOWN_TIMEOUT_MS: baseConfigProperties.SHUTDOWN_TIMEOUT_MS,
    WEB_DIST: { type: 'string', minLength: 1 },
    AUTH_URL: { type: 'string', pattern: '^https?://' },
    POLLS_URL: { type: 'string', pattern: '^https?://' },
    SOCIAL_URL: { type: 'string', pattern: '^https?://' },
    NOTIFICATIONS_URL: { type: 'string', pattern: '^https?://' },
    CONTACT_URL: { type: 'string', pattern: '^https?://' },
    ADMIN_URL: { type: 'string', pattern: '^https?://' },
    HEALTH_TIMEOUT_MS: { type: 'integer', minimum: 50, default: 1500 },
  },
  required: [
    'NATS_URL',
    'REDIS_URL',
    'INTERNAL_SECRET',
    'WEB_DIST',
    'AUTH_URL',
    'POLLS_URL',
    'SOCIAL_URL',
    'NOTIFICATIONS_URL',
    'CONTACT_URL',
    'ADMIN_URL',
  ],
} as const;
