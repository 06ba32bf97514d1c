/**
 * One Redis client for every topology, chosen by REDIS_URL's scheme:
 * - `redis://[user:password@]host:port[/db]` (and `rediss://`): one server, as on a laptop;
 * - `redis+sentinel://[user:password@]host:port,host:port/<master name>[?db=N]`: the master that Sentinel names,
 *   followed through failovers (the password is the data servers'; the sentinels are asked with the same one when
 *   they require it);
 * - `redis+cluster://[user:password@]host:port,host:port`: a Redis Cluster, the nodes given being the first to ask.
 * Anything else stops the process with one line naming the variable.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';

export type RedisTopology =
  | { kind: 'single'; url: string }
  | {
      kind: 'sentinel';
      sentinels: { host: string; port: number }[];
      name: string;
      username?: string;
      password?: string;
      db: number;
    }
  | { kind: 'cluster'; nodes: { host: string; port: number }[]; username?: string; password?: string };

const schemes = ['redis://', 'rediss://', 'redis+sentinel://', 'redis+cluster://'];

/** A REDIS_URL that names no topology we know, or names one badly: its message is the one line the process prints. */
export class RedisUrlError extends Error {
  override name = 'RedisUrlError';
}

function hostList(list: string, url: string, defaultPort: number): { host: string; port: number }[] {
  const hosts = list.split(',').map((entry) => {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry.trim());
    if (!match) throw new RedisUrlError(`REDIS_URL: '${entry}' is not host:port in ${redact(url)}`);
    return { host: match[1]!.replace(/^\[|\]$/g, ''), port: match[2] ? Number(match[2]) : defaultPort };
  });
  if (hosts.length === 0 || hosts.some((h) => !h.host)) throw new RedisUrlError(`REDIS_URL: no host in ${redact(url)}`);
  return hosts;
}

/** The URL with its password replaced, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):([^@/]*)@/, '//$1:***@');
}

/** What REDIS_URL names. Throws a RedisUrlError for an unknown scheme or a malformed list of hosts. */
export function parseRedisUrl(url: string): RedisTopology {
  const scheme = schemes.find((s) => url.startsWith(s));
  if (!scheme) {
    throw new RedisUrlError(`REDIS_URL: unknown scheme in ${redact(url)} (use ${schemes.join(', ')})`);
  }
  if (scheme === 'redis://' || scheme === 'rediss://') return { kind: 'single', url };
  const rest = url.slice(scheme.length);
  const at = rest.lastIndexOf('@', rest.indexOf('/') === -1 ? rest.length : rest.indexOf('/'));
  const auth = at === -1 ? '' : rest.slice(0, at);
  const [username, password] = auth ? splitAuth(auth) : [undefined, undefined];
  const [where = '', query = ''] = rest.slice(at + 1).split('?');
  const credentials = { ...(username ? { username } : {}), ...(password !== undefined ? { password } : {}) };
  if (scheme === 'redis+cluster://') {
    const nodes = hostList(where.replace(/\/$/, ''), url, 6379);
    return { kind: 'cluster', nodes, ...credentials };
  }
  const slash = where.indexOf('/');
  const name = slash === -1 ? '' : decodeURIComponent(where.slice(slash + 1));
  if (!name)
    throw new RedisUrlError(
      `REDIS_URL: a sentinel URL names its master after the hosts (…/mymaster) in ${redact(url)}`,
    );
  const db = Number(new URLSearchParams(query).get('db') ?? 0);
  if (!Number.isInteger(db) || db < 0)
    throw new RedisUrlError(`REDIS_URL: db must be a whole number in ${redact(url)}`);
  return { kind: 'sentinel', sentinels: hostList(where.slice(0, slash), url, 26379), name, db, ...credentials };
}

function splitAuth(auth: string): [string | undefined, string | undefined] {
  const colon = auth.indexOf(':');
  if (colon === -1) return [decodeURIComponent(auth) || undefined, undefined];
  return [decodeURIComponent(auth.slice(0, colon)) || undefined, decodeURIComponent(auth.slice(colon + 1))];
}

/**
 * An ioredis client for REDIS_URL with `options` (key prefix, retries, …) applied to the data connections. A
 * Cluster is returned typed as a Redis: the commands, pipelines and scripts the services use exist on both, and
 * every multi-key step names keys of one hash slot.
 */
export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  const topology = parseRedisUrl(url);
  if (topology.kind === 'single') return new Redis(url, options);
  const { username, password } = topology;
  const auth = { ...(username ? { username } : {}), ...(password !== undefined ? { password } : {}) };
  if (topology.kind === 'sentinel') {
    return new Redis({
      ...options,
      ...auth,
      sentinels: topology.sentinels,
      name: topology.name,
      db: topology.db,
      ...(password !== undefined ? { sentinelPassword: password } : {}),
      ...(username ? { sentinelUsername: username } : {}),
    });
  }
  const { keyPrefix, enableAutoPipelining, maxRetriesPerRequest, ...redisOptions } = options;
  const clusterOptions: ClusterOptions = {
    ...(keyPrefix ? { keyPrefix } : {}),
    ...(enableAutoPipelining !== undefined ? { enableAutoPipelining } : {}),
    ...(maxRetriesPerRequest !== undefined ? { maxRedirections: 16 } : {}),
    redisOptions: { ...redisOptions, ...auth, ...(maxRetriesPerRequest !== undefined ? { maxRetriesPerRequest } : {}) },
    ...(options.retryStrategy ? { clusterRetryStrategy: options.retryStrategy } : {}),
  };
  return new Cluster(topology.nodes, clusterOptions) as unknown as Redis;
}

/** Whether a client made by createRedisClient talks to a Redis Cluster. */
export function isCluster(client: Redis): boolean {
  return (client as unknown) instanceof Cluster;
}
