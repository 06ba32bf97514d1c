import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** Thrown when the environment does not satisfy a service's config schema; `message` is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables every service reads. Infrastructure URLs have no defaults: a service without them must not start. */
export const baseConfigProperties = {
  HOST: { type: 'string', default: '0.0.0.0' },
  PORT: { type: 'integer', minimum: 0, maximum: 65535 },
  /**
   * Connections the kernel may hold for the process before it accepts them (the listen backlog; the kernel caps it at
   * net.core.somaxconn). Node's 511 overflowed when a crowd of new clients met a busy process, as after a node's loss:
   * the kernel then dropped their handshakes, and each client's next try came 1, 3, 7 s later (chaos:cluster).
   */
  LISTEN_BACKLOG: { type: 'integer', minimum: 1, maximum: 65535, default: 4096 },
  LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
  /** One server or a comma-separated list of a cluster's servers. */
  NATS_URL: { type: 'string', pattern: '^(nats|tls|ws|wss)://' },
  /** This process's NATS user and password, when the server asks for them (each service has its own, see nats-permissions). */
  NATS_USER: { type: 'string', minLength: 1 },
  NATS_PASSWORD: { type: 'string', minLength: 1 },
  /** Replicas of every JetStream stream (events, dead letters, bulk e-mail), changed in place: 1 (default) on a single server, 3 on a cluster. */
  NATS_STREAM_REPLICAS: { type: 'integer', minimum: 1, maximum: 5 },
  /** How long a publish whose cause is already counted (a vote) is retried before a 503; default 10 s, longer than a JetStream leader election. */
  NATS_PUBLISH_RETRY_MS: { type: 'integer', minimum: 0, maximum: 60_000 },
  /** One server, a Sentinel-watched master or a Cluster: see redis-url.ts. */
  REDIS_URL: {
    type: 'string',
    pattern: '^(rediss?|redis\\+sentinel|redis\\+cluster)://',
    description: 'must start with redis://, rediss://, redis+sentinel:// or redis+cluster://',
  },
  MONGO_URL: { type: 'string', pattern: '^mongodb(\\+srv)?://' },
  MONGO_DB: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,60}$' },
  INTERNAL_SECRET: { type: 'string', minLength: 16 },
  /**
   * Seals the bodies of mail requests (their links): given only to the services that send mail (auth, contact, admin,
   * which require it) and the mailer (notifications); see mail.ts.
   */
  MAIL_SECRET: { type: 'string', minLength: 32 },
  /**
   * Prefixes this deployment's durable JetStream consumers (`<prefix><name>`), which then start from the first
   * event after their creation: for tests and for deployments that share one NATS. Empty in production.
   */
  NATS_CONSUMER_PREFIX: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,60}$' },
  SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 100, default: 10_000 },
  /**
   * Load shedding (load-shedding.ts): past this mean event-loop delay over a second, in ms, the process answers 503
   * `overloaded` with retry-after at once instead of queueing; 0 turns it off.
   */
  SHED_EVENT_LOOP_DELAY_MS: { type: 'integer', minimum: 0, default: 1000 },
  /** …and past this event-loop utilisation over a second (0–1; e.g. 0.98); 0 (the default) turns that check off. */
  SHED_EVENT_LOOP_UTILIZATION: { type: 'number', minimum: 0, maximum: 1, default: 0 },
  /** …each figure taken over this many ms (the sample a refusal is decided on). */
  SHED_SAMPLE_INTERVAL_MS: { type: 'integer', minimum: 50, maximum: 10_000, default: 1000 },
  /** …and while this many requests are in progress (answers not yet sent); 0 turns that check off. */
  SHED_MAX_IN_FLIGHT: { type: 'integer', minimum: 0, default: 0 },
  /** Where `/metrics` is served (Prometheus); unset: the process's own default port (9100 + n), 0: any free port. */
  METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
  /** Where the metrics port listens; unset: HOST. */
  METRICS_HOST: { type: 'string' },
} as const;

export const baseConfigRequired = ['PORT', 'NATS_URL', 'REDIS_URL', 'MONGO_URL', 'INTERNAL_SECRET'] as const;

export const baseConfigSchema = {
  type: 'object',
  properties: baseConfigProperties,
  required: [...baseConfigRequired],
} as const satisfies JSONSchema;

export type BaseConfig = FromSchema<typeof baseConfigSchema>;

// No meta-schema check of the configuration's schema at every start (test/config-schemas.test.ts makes it once).
const ajv = new Ajv({
  allErrors: true,
  coerceTypes: true,
  useDefaults: true,
  strict: false,
  verbose: true,
  validateSchema: false,
});
// ajv-formats is CommonJS with `exports.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv) => void;
addFormats(ajv);

function describe(error: ErrorObject): string {
  if (error.keyword === 'required') {
    return `missing required environment variable ${String(error.params['missingProperty'])}`;
  }
  const name = error.instancePath.replace(/^\//, '');
  // A variable whose schema says in words what it accepts is described by those words, not by its pattern.
  const rule = (error.parentSchema as { description?: unknown } | undefined)?.description;
  if (error.keyword === 'pattern' && typeof rule === 'string') return `environment variable ${name} ${rule}`;
  return `environment variable ${name} ${error.message ?? 'is invalid'}`;
}

/**
 * Reads and validates configuration from the environment. Only the schema's own variables are
 * read; numbers are coerced and defaults applied. On failure throws ConfigError naming the variable.
 * `T` is the schema's type, named by the caller (`FromSchema<typeof schema>`).
 */
export function loadConfig<T = BaseConfig>(
  schema: { type: 'object'; properties: Record<string, JSONSchema> },
  env: NodeJS.ProcessEnv = process.env,
): T {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const validate = ajv.compile(schema);
  if (!validate(picked)) {
    const errors = validate.errors ?? [];
    const first = errors.find((e) => e.keyword === 'required') ?? errors[0];
    throw new ConfigError(first ? describe(first) : 'invalid configuration');
  }
  return picked as T;
}

/**
 * Fills in the schema's defaults for variables the values lack, without validating: for apps built
 * in tests from a base config, so they see the same defaults `loadConfig` would apply.
 */
export function withDefaults<T>(schema: { properties: Record<string, JSONSchema> }, values: object): T {
  const filled: Record<string, unknown> = { ...values };
  for (const [key, property] of Object.entries(schema.properties)) {
    if (filled[key] === undefined && typeof property === 'object' && 'default' in property)
      filled[key] = property.default;
  }
  return filled as T;
}

/** The base schema extended with a service's own variables. */
export function serviceConfigSchema<P extends Record<string, JSONSchema>, R extends readonly string[] = []>(
  properties: P,
  required?: R,
) {
  return {
    type: 'object',
    properties: { ...baseConfigProperties, ...properties },
    required: [...baseConfigRequired, ...(required ?? [])],
  } as const;
}
