import { BlockList, isIP } from 'node:net';
import type { FromSchema } from 'json-schema-to-ts';
import { DEFAULT_SESSION_TTL_DAYS, serviceNames, type ServiceName } from '@meydan/proto';
import { ConfigError, baseConfigProperties } from '@meydan/kit';
import { ALLOWLIST_PATTERN } from './load-generators.js';

const TRUST_PROXY_RULE =
  "must be false, a hop count from 1 to 5 or the proxies' addresses/CIDRs (comma-separated, each /8 or narrower), never true or everyone";
/** An address (it has a dot or a colon, so it is never a hop count) with a CIDR prefix of 8 to 128 bits: `0.0.0.0/0`, `::/0` and other blocks wider than /8 would trust everyone (or nearly). */
const ADDRESS =
  '(loopback|linklocal|uniquelocal|[0-9A-Fa-f]*[.:][0-9A-Fa-f.:]+(/([89]|[1-9][0-9]|1[01][0-9]|12[0-8]))?)';
const TRUST_PROXY_PATTERN = `^(false|[0-5]|${ADDRESS}( *, *${ADDRESS})*)$`;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify refuses to trust numbers,
 * while "the N nearest hops are ours" is what a fixed chain of proxies (ingress → gateway) means.
 */
export function trustProxyOption(value: string): false | string | ((address: string, hop: number) => boolean) {
  if (value === 'false' || value === '0') return false;
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  if (!new RegExp(TRUST_PROXY_PATTERN).test(value))
    throw new ConfigError(`environment variable TRUST_PROXY ${TRUST_PROXY_RULE}`);
  const tooWide = value
    .split(',')
    .map((entry) => entry.trim())
    .find(coversAllIpv4);
  if (tooWide) {
    throw new ConfigError(
      `environment variable TRUST_PROXY ${TRUST_PROXY_RULE}: ${tooWide} covers more of IPv4 than a /8 (every IPv4 peer, for ::ffff:0:0/96) through IPv4-mapped IPv6`,
    );
  }
  return value;
}

/**
 * Whether an IPv6 range trusts more of IPv4 than a /8: Fastify (proxy-addr) checks an IPv4 peer against an IPv6 range
 * as its IPv4-mapped address (`::ffff:a.b.c.d`), so `::ffff:0:0/96` (only /96 wide by its prefix) trusts every IPv4
 * peer, as does any range holding that block (`::/8`, `::/64`…). The mapped block's /104s are the IPv4 /8s, each
 * starting at `::ffff:k.0.0.0`: a range holding two of those starts is wider than an IPv4 /8.
 */
function coversAllIpv4(entry: string): boolean {
  const [address = '', prefixText] = entry.split('/');
  if (isIP(address) !== 6 || prefixText === undefined || Number(prefixText) >= 104) return false;
  const range = new BlockList();
  range.addSubnet(address, Number(prefixText), 'ipv6');
  let eights = 0;
  for (let k = 0; k < 256 && eights < 2; k++) if (range.check(`::ffff:${k}.0.0.0`, 'ipv6')) eights += 1;
  return eights >= 2;
}

/** The gateway's environment: where each service listens, where the built SPA is, and the shared secret. */
/** A service's address, or its replicas' addresses comma-separated (the gateway takes turns among them). */
const serviceUrls = { type: 'string', pattern: '^https?://[^,\\s]+(\\s*,\\s*https?://[^,\\s]+)*$' } as const;

/** The variable holding a service's address: `AUTH_URL` … `ADMIN_URL`, one for each of proto's `serviceNames`. */
export const serviceUrlVar = <S extends ServiceName>(service: S) =>
  `${service.toUpperCase() as Uppercase<S>}_URL` as const;
type UrlVars<T extends readonly string[]> = { readonly [I in keyof T]: `${Uppercase<T[I] & string>}_URL` };
type ServiceUrlVars = UrlVars<typeof serviceNames>;
export type ServiceUrlVar = ServiceUrlVars[number];
const serviceUrlVars = serviceNames.map(serviceUrlVar) as unknown as ServiceUrlVars;
const serviceUrlProperties = Object.fromEntries(serviceUrlVars.map((name: string) => [name, serviceUrls])) as {
  readonly [V in ServiceUrlVar]: typeof serviceUrls;
};

export const gatewayConfigSchema = {
  type: 'object',
  properties: {
    HOST: baseConfigProperties.HOST,
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    LOG_LEVEL: baseConfigProperties.LOG_LEVEL,
    NATS_URL: baseConfigProperties.NATS_URL,
    NATS_USER: baseConfigProperties.NATS_USER,
    NATS_PASSWORD: baseConfigProperties.NATS_PASSWORD,
    REDIS_URL: baseConfigProperties.REDIS_URL,
    /** Where people reach the site; requests from other origins may not change anything. */
    PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://[^/]+$', default: 'http://localhost:8080' },
    /** Further origins allowed to send state-changing requests, comma-separated. */
    ALLOWED_ORIGINS: { type: 'string', default: '' },
    /**
     * Trust X-Forwarded-* from the proxies in front (the Kubernetes ingress): their addresses/CIDRs
     * (comma-separated), or a hop count. Never `true`: anyone could then choose their own IP.
     */
    TRUST_PROXY: {
      type: 'string',
      default: 'false',
      pattern: TRUST_PROXY_PATTERN,
      description: TRUST_PROXY_RULE,
    },
    /** Multiplies every rate limit (load tests); 1 in production. */
    RATE_LIMIT_SCALE: { type: 'number', exclusiveMinimum: 0, default: 1 },
    /** Load generators' addresses/CIDRs (comma-separated) that the rate limits let through: for load tests. */
    RATE_LIMIT_ALLOWLIST: {
      type: 'string',
      pattern: ALLOWLIST_PATTERN,
      description: 'must be IP addresses or CIDRs, comma-separated',
    },
    /** How long a resolved session is reused before it is read from Redis again. */
    SESSION_CACHE_MS: { type: 'integer', minimum: 0, default: 5000 },
    /** A session's sliding lifetime, renewed at each read: the same value as auth's. */
    SESSION_TTL_DAYS: { type: 'integer', minimum: 1, default: DEFAULT_SESSION_TTL_DAYS },
    INTERNAL_SECRET: baseConfigProperties.INTERNAL_SECRET,
    SHUTDOWN_TIMEOUT_MS: baseConfigProperties.SHUTDOWN_TIMEOUT_MS,
    METRICS_PORT: baseConfigProperties.METRICS_PORT,
    LISTEN_BACKLOG: baseConfigProperties.LISTEN_BACKLOG,
    SHED_EVENT_LOOP_DELAY_MS: baseConfigProperties.SHED_EVENT_LOOP_DELAY_MS,
    SHED_EVENT_LOOP_UTILIZATION: baseConfigProperties.SHED_EVENT_LOOP_UTILIZATION,
    SHED_SAMPLE_INTERVAL_MS: baseConfigProperties.SHED_SAMPLE_INTERVAL_MS,
    /**
     * The gateway's queue bound (load shedding): past this many requests in progress a new one is answered 503
     * `overloaded` at once. The bench's knee (deploy/k6/README.md) keeps the served answers' p99 under half a second
     * past the ceiling with 256; the services leave it off (0) behind it.
     */
    SHED_MAX_IN_FLIGHT: { ...baseConfigProperties.SHED_MAX_IN_FLIGHT, default: 256 },
    METRICS_HOST: baseConfigProperties.METRICS_HOST,
    WEB_DIST: { type: 'string', minLength: 1 },
    /**
     * The server rendering of poll pages (web/dist-server/entry-server.js beside WEB_DIST unless given; `off`: none,
     * the plain shell as before). Not built: the plain shell, with a warning at start.
     */
    WEB_SERVER_RENDER: { type: 'string', minLength: 1 },
    ...serviceUrlProperties,
    HEALTH_TIMEOUT_MS: { type: 'integer', minimum: 50, default: 1500 },
    /** How long a client may take to send one whole request (its headers: at most 10 s) before it gets 408. */
    REQUEST_TIMEOUT_MS: { type: 'integer', minimum: 500, default: 30_000 },
    /** How often the sessions of the open member sockets are read again (a socket outlives no session by more). */
    SOCKET_SESSION_CHECK_MS: { type: 'integer', minimum: 100, default: 60_000 },
    /** How long the merged OpenAPI document is kept before the services are asked again. */
    OPENAPI_CACHE_MS: { type: 'integer', minimum: 0, default: 300_000 },
    /**
     * How long a service may take to send its OpenAPI document: its first one is built when first asked (hundreds of
     * milliseconds, seconds on a loaded machine), and a document without it lacks that service's addresses. A service
     * that is not running answers at once (NATS: no responders), so this is only ever waited for a slow one.
     */
    OPENAPI_TIMEOUT_MS: { type: 'integer', minimum: 50, default: 5000 },
  },
  required: ['NATS_URL', 'REDIS_URL', 'INTERNAL_SECRET', 'WEB_DIST', ...serviceUrlVars],
} as const;

export type GatewayConfig = FromSchema<typeof gatewayConfigSchema>;
