/**
 * Redis users: each service and the gateway get their own, with a password, allowed only their own key prefix
 * (every client of the kit prefixes its keys with its service's name), and the default user is switched off, so a
 * client without a password is refused. A key pattern limits only the commands that name keys: the commands that
 * list or find keys whatever their names (`SCAN`, `KEYS`, `RANDOMKEY`, a cluster's `GETKEYSINSLOT`, client tracking's
 * broadcast of every key changed under a prefix) are taken away from every user (`keyspaceListing`), so no user learns
 * another's key names, session keys above all (those are digests anyway: proto's sessions). The gateway also reads and
 * slides the sessions auth writes; the
 * notifications service's socket.io adapter speaks on the `socket.io` channels. `npm start` writes these users to
 * an ACL file under `.data/` with generated passwords, and gives each process a REDIS_URL carrying its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_STORE_PREFIX, serviceNames, sessionKeys, type SessionDigest, type ServiceName } from '@meydan/proto';

export type RedisClientName = ServiceName | 'gateway';
export const redisClients: readonly RedisClientName[] = [...serviceNames, 'gateway'];

/** Key patterns of a client: its own prefix; for the gateway, the session keys it reads too. */
export function redisKeyPatternsOf(client: RedisClientName): string[] {
  const own = [`${client}:*`];
  if (client !== 'gateway') return own;
  const sessionPatterns = Object.values(sessionKeys).map(
    (key) => `${SESSION_STORE_PREFIX}:${key('*' as SessionDigest)}`,
  );
  return [...own, ...sessionPatterns];
}

/**
 * Pub/sub channel patterns of a client: only the socket.io adapter's (its channels start with `socket.io`; Redis
 * matches a PSUBSCRIBE pattern literally, so the adapter's own pattern is named too).
 */
export function redisChannelPatternsOf(client: RedisClientName): string[] {
  return client === 'notifications' ? ['socket.io*', 'socket.io#/#*'] : [];
}

/**
 * The commands (and subcommands) that reach keys or channels by something other than their names, which a key
 * pattern does not limit: `SCAN` answers every key of the database (`MATCH auth:session:*` too), `RANDOMKEY` any one,
 * `KEYS` all (already @dangerous), `DBSIZE` how many; in a cluster `CLUSTER GETKEYSINSLOT` lists a slot's keys and
 * `COUNTKEYSINSLOT` counts them; `CLIENT TRACKING … BCAST PREFIX auth:` sends the name of every key changed under
 * the prefix (a new session among them); `PUBSUB CHANNELS`/`SHARDCHANNELS` lists the channels in use. No code of
 * Meydan sends any of them (a hash is walked with HSCAN, which names its key); the test tools use the default user of
 * their own servers.
 */
export const keyspaceListing = [
  'scan',
  'keys',
  'randomkey',
  'dbsize',
  'cluster|getkeysinslot',
  'cluster|countkeysinslot',
  'client|tracking',
  'pubsub|channels',
  'pubsub|shardchannels',
] as const;

/**
 * The ACL rule of one user. Every command but the administrative and dangerous ones (INFO back, for the client's
 * ready check) and those that list keys (`keyspaceListing`), on its own keys and channels only.
 */
export function redisAclRule(client: RedisClientName, password: string): string {
  if (/\s/.test(password)) throw new Error('a Redis password has no spaces');
  return [
    `user ${client} on >${password} resetkeys resetchannels`,
    ...redisKeyPatternsOf(client).map((pattern) => `~${pattern}`),
    ...redisChannelPatternsOf(client).map((pattern) => `&${pattern}`),
    '+@all -@admin -@dangerous +info',
    ...keyspaceListing.map((command) => `-${command}`),
  ].join(' ');
}

export interface RedisAclFiles {
  /** The ACL file to start redis-server with (`--aclfile`). */
  file: string;
  /** Each client's password. */
  passwords: Record<RedisClientName, string>;
}

/** The ACL file's text: one user per client, the default user off. */
export function redisAcl(passwords: Record<RedisClientName, string>): string {
  const users = ['user default off', ...redisClients.map((client) => redisAclRule(client, passwords[client]))];
  return `${users.join('\n')}\n`;
}

/**
 * Writes the ACL file into `dir` (readable by its owner only), each client's password generated once and kept in
 * `redis-users.json` beside it: a restart keeps every password, so a process started by hand with one keeps working.
 */
export function writeRedisAcl(dir: string): RedisAclFiles {
  mkdirSync(dir, { recursive: true });
  const passwordsFile = join(dir, 'redis-users.json');
  const kept = existsSync(passwordsFile)
    ? (JSON.parse(readFileSync(passwordsFile, 'utf8')) as Partial<Record<RedisClientName, string>>)
    : {};
  const passwords = Object.fromEntries(
    redisClients.map((c) => [c, kept[c] ?? randomBytes(18).toString('base64url')]),
  ) as Record<RedisClientName, string>;
  writeFileSync(passwordsFile, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  const file = join(dir, 'redis-users.acl');
  writeFileSync(file, redisAcl(passwords), { mode: 0o600 });
  return { file, passwords };
}

/** REDIS_URL for one client: the server's URL (any scheme) with the client's user and password in it. */
export function redisUrlFor(serverUrl: string, client: RedisClientName, password: string): string {
  const at = serverUrl.indexOf('://') + 3;
  const hosts = serverUrl.slice(at).replace(/^[^@/]*@/, '');
  return `${serverUrl.slice(0, at)}${encodeURIComponent(client)}:${encodeURIComponent(password)}@${hosts}`;
}

/** Where a deployment's Redis reads a client's password from: `$REDIS_PASSWORD_<CLIENT>` (from the Secret, or .env). */
export const redisPasswordVariable = (client: RedisClientName) => `REDIS_PASSWORD_${client.toUpperCase()}`;

/**
 * What a client may ask a sentinel (ioredis finds the master through them with the client's own user): the master's
 * address, the other sentinels and the replicas, and the failover notices; nothing that reconfigures or fails over.
 */
export const sentinelCommands = [
  'ping',
  'auth',
  'hello',
  'info',
  'client|setname',
  'sentinel|get-master-addr-by-name',
  'sentinel|sentinels',
  'sentinel|replicas',
  'sentinel|slaves',
  'subscribe',
  'psubscribe',
  'unsubscribe',
  'punsubscribe',
] as const;

/**
 * The `user` lines of a deployment's Redis data servers and sentinels, as deploy/k8s/infra-ha/redis-ha.sh writes them
 * into their configuration: each client's rule as for local runs (`redisAclRule`), its password read from
 * `$REDIS_PASSWORD_<CLIENT>` when the member starts; on a sentinel, each client may only find the master.
 */
export function redisUsersWithEnvPasswords(role: 'server' | 'sentinel'): string {
  return redisClients
    .map((client) => {
      const password = `\${${redisPasswordVariable(client)}}`;
      const rule =
        role === 'server'
          ? redisAclRule(client, password)
          : [
              `user ${client} on >${password} resetkeys resetchannels &*`,
              '-@all',
              ...sentinelCommands.map((c) => `+${c}`),
            ].join(' ');
      return `      echo "${rule}"`;
    })
    .join('\n');
}
