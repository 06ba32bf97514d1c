/**
 * Each service's own NATS user, allowed exactly the subjects proto's contracts give it, so that a service holding
 * another's credentials still cannot speak for it. Who may publish what is read from the subjects' names, the
 * convention subjects.ts states: `events.<service>.…`, `live.<service>.…` and `work.<service>.…` are published by
 * that service, `<service>.…` requests are answered by it. From that:
 * - publish: its own events, live messages and work; the requests other services answer; replies (`_INBOX.>`); and,
 *   for a service, the dead-letter subjects and the JetStream API of the streams it uses (info, create, update of the
 *   stream, its durable consumers, their acks: no delete, no purge);
 * - subscribe: its own requests and its NATS service's `$SRV` subjects, every event and live subject of the contracts
 *   (anyone may hear them), its own work, and replies. JetStream consumers need no subscription of their subjects.
 * Everything else is refused by the server. `writeNatsAuthConfig` writes the server's configuration with a generated
 * password per user.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { natsContracts, serviceNames, streams, type BusContracts, type ServiceName } from '@meydan/proto';

/** Who connects to NATS: a service, the gateway, or a person with the standard tools (`tools`: looks, changes nothing). */
export type NatsClient = ServiceName | 'gateway' | 'tools';

export const natsClients: readonly NatsClient[] = [...serviceNames, 'gateway', 'tools'];

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/** Who publishes (events, live, work) or answers (requests) a subject: `events.polls.vote.cast` → polls, `auth.users.get` → auth. */
export function subjectOwner(subject: string): string {
  const [first = '', second = ''] = subject.split('.');
  return first === 'events' || first === 'live' || first === 'work' ? second : first;
}

const isService = (name: string): name is ServiceName => (serviceNames as readonly string[]).includes(name);

/** The streams a service sets up and consumes: those whose subjects are its own, and those no one service owns (events, dead letters). */
function streamsOf(client: NatsClient): { name: string; subjects: readonly string[] }[] {
  if (!isService(client)) return [];
  return Object.values(streams).filter(
    (stream) => stream.subjects.every((s) => subjectOwner(s) === client) || stream.subjects.every((s) => !isService(subjectOwner(s))),
  );
}

/** The JetStream API subjects of one stream that setting it up and consuming it need. */
function jetstreamApi(stream: string): string[] {
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.STREAM.UPDATE.${stream}`,
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
    `$JS.ACK.${stream}.>`,
  ];
}

/**
 * The `tools` user: `nats micro list|info|stats`, `nats stream info`, `nats consumer info` and listening to events;
 * it can neither publish an event nor change a stream.
 */
function toolsPermissions(contracts: BusContracts): NatsPermissions {
  const read = ['INFO', 'STREAM.NAMES', 'STREAM.LIST', 'STREAM.INFO.*', 'CONSUMER.NAMES.*', 'CONSUMER.LIST.*', 'CONSUMER.INFO.*.*'];
  return {
    publish: ['$SRV.>', ...read.map((api) => `$JS.API.${api}`), '_INBOX.>'],
    subscribe: [...Object.keys(contracts.events), ...Object.keys(contracts.live), '_INBOX.>'],
  };
}

/** What a service's (or the gateway's, or the tools') NATS user may publish and subscribe to, from the contracts. */
export function natsPermissionsOf(client: NatsClient, contracts: BusContracts = natsContracts): NatsPermissions {
  if (client === 'tools') return toolsPermissions(contracts);
  const own = (subjects: string[]) => subjects.filter((s) => subjectOwner(s) === client);
  const events = Object.keys(contracts.events);
  const filters = Object.keys(contracts.filters);
  const live = Object.keys(contracts.live);
  const requests = Object.keys(contracts.requests);
  const used = streamsOf(client);
  const publish = [
    ...own(events),
    ...own(live),
    ...own(filters),
    ...requests.filter((s) => subjectOwner(s) !== client),
    '_INBOX.>',
    ...(used.length ? ['$JS.API.INFO', ...streams.deadLetter.subjects] : []),
    ...used.flatMap((stream) => jetstreamApi(stream.name)),
  ];
  const subscribe = [
    ...own(requests),
    ...(isService(client) ? ['$SRV.*', `$SRV.*.${client}`, `$SRV.*.${client}.*`] : []),
    ...events,
    ...live,
    ...own(filters),
    '_INBOX.>',
  ];
  return { publish: [...new Set(publish)], subscribe: [...new Set(subscribe)] };
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
export function natsAuthConfig(users: Record<NatsClient, NatsCredentials>, contracts: BusContracts = natsContracts): string {
  const entries = natsClients.map((client) => {
    const permissions = natsPermissionsOf(client, contracts);
    return {
      user: users[client].user,
      password: users[client].password,
      permissions: { publish: { allow: permissions.publish }, subscribe: { allow: permissions.subscribe } },
    };
  });
  // JSON is valid NATS configuration; every subject is quoted, so `$JS…` is no variable reference.
  return `# Written by the Meydan kit (nats-permissions): one user per service, allowed the subjects of its contracts.\nauthorization: ${JSON.stringify({ users: entries }, null, 2)}\n`;
}

/** Where a deployment's nats-server configuration reads a client's password from: `$NATS_PASSWORD_<CLIENT>`. */
export const natsPasswordVariable = (client: NatsClient) => `NATS_PASSWORD_${client.toUpperCase()}`;

/**
 * The `users` lines of a deployment's nats-server configuration (deploy/k8s/infra-ha/nats.conf): one per process,
 * its password read from the environment (`$NATS_PASSWORD_<CLIENT>`, from the Secret), its permissions from the
 * contracts as for local runs. The services and the gateway; the tools user where a deployment gives it a password.
 */
export function natsUsersWithEnvPasswords(clients: readonly NatsClient[] = natsClients.filter((c) => c !== 'tools'), contracts: BusContracts = natsContracts): string {
  return clients
    .map((client) => {
      const { publish, subscribe } = natsPermissionsOf(client, contracts);
      const permissions = JSON.stringify({ publish: { allow: publish }, subscribe: { allow: subscribe } });
      return `    { user: ${client}, password: $${natsPasswordVariable(client)}, permissions: ${permissions} }`;
    })
    .join('\n');
}

/**
 * Writes `nats-auth.conf` into `dir` (mode 600), with a generated password per user kept in `nats-users.json` beside
 * it, so a restart keeps them. Returns the file to start nats-server with and each client's credentials.
 */
export function writeNatsAuthConfig(dir: string, contracts: BusContracts = natsContracts): NatsAuthFiles {
  mkdirSync(dir, { recursive: true });
  const usersFile = join(dir, 'nats-users.json');
  const kept = existsSync(usersFile) ? (JSON.parse(readFileSync(usersFile, 'utf8')) as Partial<Record<NatsClient, NatsCredentials>>) : {};
  const users = Object.fromEntries(
    natsClients.map((client) => [client, kept[client] ?? { user: client, password: randomBytes(24).toString('base64url') }]),
  ) as Record<NatsClient, NatsCredentials>;
  const configFile = join(dir, 'nats-auth.conf');
  for (const [file, text] of [
    [usersFile, `${JSON.stringify(users, null, 2)}\n`],
    [configFile, natsAuthConfig(users, contracts)],
  ] as const) {
    writeFileSync(file, text, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { configFile, users };
}
