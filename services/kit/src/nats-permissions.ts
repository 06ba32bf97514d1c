/**
 * Each process's own NATS user, allowed exactly what it does: proto's contracts say which subjects a service owns (the
 * convention subjects.ts states: `events.<service>.…`, `live.<service>.…` and `work.<service>.…` are published by that
 * service, `<service>.…` requests are answered by it), and proto's `natsUsage` what else each process does. From that:
 * - publish: its own events, live messages and work; the requests it sends (`natsUsage.requests`), no others; the
 *   replies to requests it was sent (`allow_responses`: to a request's reply subject, once); and on JetStream only
 *   what its own durable consumers need: create (with the filter `natsUsage` gives it, which is part of the API's
 *   subject), look up, pull, acknowledge, dead-letter; and the streams' info. No stream is created, changed, purged or
 *   deleted by a service: that is the `operator` user's, used by the launcher (`npm start`) and the deployment's
 *   stream job alone.
 * - subscribe: its own requests and its NATS service's `$SRV` subjects, the events it hears and the live subjects it
 *   follows (`natsUsage.listens`, `.live`), and its own inbox (`natsInboxPrefix(user)`): replies to its requests and
 *   its consumers' messages come there, and no other user may read them. JetStream consumers need no subscription of
 *   their subjects.
 * Everything else is refused by the server. `writeNatsAuthConfig` writes the server's configuration with a generated
 * password per user.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  deadLetterSubject,
  durableNameOf,
  natsContracts,
  natsInboxPrefix,
  natsUsage,
  serviceNames,
  streams,
  type BusContracts,
  type ServiceName,
} from '@meydan/proto';

/**
 * Who connects to NATS: a service, the gateway, a person with the standard tools (`tools`: looks, changes nothing),
 * or the operator that sets up the streams (`operator`: the launcher and the deployment's stream job, no service).
 */
export type NatsClient = ServiceName | 'gateway' | 'tools' | 'operator';

export const natsClients: readonly NatsClient[] = [...serviceNames, 'gateway', 'tools', 'operator'];

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** Whether it may answer the requests it is sent (NATS `allow_responses`: the reply subject, once). */
  allowResponses: boolean;
}

/** Who publishes (events, live, work) or answers (requests) a subject: `events.polls.vote.cast` → polls, `auth.users.get` → auth. */
export function subjectOwner(subject: string): string {
  const [first = '', second = ''] = subject.split('.');
  return first === 'events' || first === 'live' || first === 'work' ? second : first;
}

const isService = (name: string): name is ServiceName => (serviceNames as readonly string[]).includes(name);

/** The streams a service looks up at start: those whose subjects are its own, and those no one service owns (events, dead letters). */
function streamsOf(client: NatsClient): { name: string; subjects: readonly string[] }[] {
  if (!isService(client)) return [];
  return Object.values(streams).filter(
    (stream) =>
      stream.subjects.every((s) => subjectOwner(s) === client) ||
      stream.subjects.every((s) => !isService(subjectOwner(s))),
  );
}

/**
 * The JetStream API subjects one durable consumer needs, and nothing of another's: created (or updated) only with its
 * own filter (nats.js puts the filter in the subject, and the server refuses a body whose filter differs), looked up,
 * pulled, acknowledged; its poisoned messages published to its dead-letter subject.
 */
function durableApi(service: ServiceName, purpose: string, stream: string, filter: string, prefix: string): string[] {
  const durable = durableNameOf(service, purpose, prefix);
  return [
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}`,
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
    deadLetterSubject(durableNameOf(service, purpose)),
  ];
}

/**
 * The `tools` user: `nats micro list|info|stats`, `nats stream info`, `nats consumer info` and listening to the events
 * that carry no mail; it can neither publish an event nor change a stream, nor read another user's replies. Like every
 * user it has an inbox of its own: `nats --inbox-prefix _INBOX_tools …`.
 */
function toolsPermissions(contracts: BusContracts): NatsPermissions {
  const read = [
    'INFO',
    'STREAM.NAMES',
    'STREAM.LIST',
    'STREAM.INFO.*',
    'CONSUMER.NAMES.*',
    'CONSUMER.LIST.*',
    'CONSUMER.INFO.*.*',
  ];
  const noMail = (subject: string) => !subject.endsWith('.mail.requested');
  return {
    publish: ['$SRV.>', ...read.map((api) => `$JS.API.${api}`)],
    subscribe: [
      ...Object.keys(contracts.events).filter(noMail),
      ...Object.keys(contracts.live),
      `${natsInboxPrefix('tools')}.>`,
    ],
    allowResponses: false,
  };
}

/** The `operator` user: JetStream's whole API (streams and consumers), to set up the streams; no message of any subject. */
function operatorPermissions(): NatsPermissions {
  return { publish: ['$JS.API.>'], subscribe: [`${natsInboxPrefix('operator')}.>`], allowResponses: false };
}

export interface NatsPermissionOptions {
  contracts?: BusContracts;
  /** NATS_CONSUMER_PREFIX of the deployment (empty in production): its durable consumers' names start with it. */
  consumerPrefix?: string;
}

/** What a service's (or the gateway's, the tools' or the operator's) NATS user may publish and subscribe to. */
export function natsPermissionsOf(
  client: NatsClient,
  { contracts = natsContracts, consumerPrefix = '' }: NatsPermissionOptions = {},
): NatsPermissions {
  if (client === 'tools') return toolsPermissions(contracts);
  if (client === 'operator') return operatorPermissions();
  const usage = natsUsage[client];
  const own = (subjects: string[]) => subjects.filter((s) => subjectOwner(s) === client);
  const events = Object.keys(contracts.events);
  const filters = Object.keys(contracts.filters);
  const live = Object.keys(contracts.live);
  const requests = Object.keys(contracts.requests);
  const looksUp = streamsOf(client);
  const durables = isService(client)
    ? Object.entries(usage.consumers).flatMap(([purpose, { stream, filter }]) =>
        durableApi(client, purpose, stream, filter, consumerPrefix),
      )
    : [];
  const publish = [
    ...own(events),
    ...own(live),
    ...own(filters),
    ...usage.requests,
    ...(looksUp.length ? ['$JS.API.INFO'] : []),
    ...looksUp.map((stream) => `$JS.API.STREAM.INFO.${stream.name}`),
    ...durables,
  ];
  const subscribe = [
    ...own(requests),
    ...(isService(client) ? ['$SRV.*', `$SRV.*.${client}`, `$SRV.*.${client}.*`] : []),
    ...usage.listens,
    ...usage.live,
    `${natsInboxPrefix(client)}.>`,
  ];
  return { publish: [...new Set(publish)], subscribe: [...new Set(subscribe)], allowResponses: isService(client) };
}

/** The permissions block of a user in nats-server's configuration. */
function permissionsBlock({ publish, subscribe, allowResponses }: NatsPermissions): object {
  return {
    publish: { allow: publish },
    subscribe: { allow: subscribe },
    ...(allowResponses ? { allow_responses: true } : {}),
  };
}

export interface NatsCredentials {
  user: string;
  password: string;
}

export interface NatsAuthFiles {
  /** The nats-server configuration to start it with (`nats-server -c`). */
  configFile: string;
  /** Each client's user and password, for its NATS_USER and NATS_PASSWORD. */
  users: Record<NatsClient, NatsCredentials>;
}

/**
 * The nats-server configuration of these users and their permissions. The users live in the server's default
 * account, where JetStream kept its streams before there were users: a server given this file finds them as they were.
 */
export function natsAuthConfig(
  users: Record<NatsClient, NatsCredentials>,
  options: NatsPermissionOptions = {},
): string {
  const entries = natsClients.map((client) => ({
    user: users[client].user,
    password: users[client].password,
    permissions: permissionsBlock(natsPermissionsOf(client, options)),
  }));
  // JSON is valid NATS configuration; every subject is quoted, so `$JS…` is no variable reference.
  return `# Written by the Meydan kit (nats-permissions): one user per process, allowed what proto's contracts and natsUsage give it.\nauthorization: ${JSON.stringify({ users: entries }, null, 2)}\n`;
}

/** Where a deployment's nats-server configuration reads a client's password from: `$NATS_PASSWORD_<CLIENT>`. */
export const natsPasswordVariable = (client: NatsClient) => `NATS_PASSWORD_${client.toUpperCase()}`;

/**
 * The `users` lines of a deployment's nats-server configuration (deploy/k8s/infra-ha/nats.conf): one per process,
 * its password read from the environment (`$NATS_PASSWORD_<CLIENT>`, from the Secret), its permissions from the
 * contracts as for local runs. The services, the gateway and the operator; the tools user where a deployment gives it a password.
 */
export function natsUsersWithEnvPasswords(
  clients: readonly NatsClient[] = natsClients.filter((c) => c !== 'tools'),
  options: NatsPermissionOptions = {},
): string {
  return clients
    .map((client) => {
      const permissions = JSON.stringify(permissionsBlock(natsPermissionsOf(client, options)));
      return `    { user: ${client}, password: $${natsPasswordVariable(client)}, permissions: ${permissions} }`;
    })
    .join('\n');
}

/**
 * Writes `nats-auth.conf` into `dir` (mode 600), with a generated password per user kept in `nats-users.json` beside
 * it, so a restart keeps them. Returns the file to start nats-server with and each client's credentials.
 */
export function writeNatsAuthConfig(dir: string, options: NatsPermissionOptions = {}): NatsAuthFiles {
  mkdirSync(dir, { recursive: true });
  const usersFile = join(dir, 'nats-users.json');
  const kept = existsSync(usersFile)
    ? (JSON.parse(readFileSync(usersFile, 'utf8')) as Partial<Record<NatsClient, NatsCredentials>>)
    : {};
  const users = Object.fromEntries(
    natsClients.map((client) => [
      client,
      kept[client] ?? { user: client, password: randomBytes(24).toString('base64url') },
    ]),
  ) as Record<NatsClient, NatsCredentials>;
  const configFile = join(dir, 'nats-auth.conf');
  for (const [file, text] of [
    [usersFile, `${JSON.stringify(users, null, 2)}\n`],
    [configFile, natsAuthConfig(users, options)],
  ] as const) {
    writeFileSync(file, text, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { configFile, users };
}
