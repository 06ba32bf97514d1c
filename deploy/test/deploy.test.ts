/**
 * The deployment files, checked offline: docker-compose.yml (alone, and under docker-compose.ha.yml) loaded by
 * compose-go (as `docker compose config` does), the kustomize overlays rendered (local, production, and ha with its
 * three-member NATS, Redis Sentinel and MongoDB replica set), skaffold.yaml and the Dockerfile kept in step with the
 * workspaces, and the memory settings (deploy/local/node-runtime.mjs) carried by the image and left alone by compose
 * and the manifests. The HA servers' own configuration and scripts run for real on loopback: three nats-servers on
 * nats.conf form one JetStream cluster, and redis-ha.sh starts a Sentinel group and takes it through a failover.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect as connectNatsServers, type NatsConnection } from 'nats';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceNames, streams } from '@meydan/proto';
import {
  ConfigError,
  connectRedis,
  loadConfig,
  natsUsersWithEnvPasswords,
  parseRedisUrl,
  redisClients,
  redisPasswordVariable,
  redisUsersWithEnvPasswords,
} from '@meydan/kit';
import { freePort, testLogger, until } from '@meydan/testing';
import { trustProxyOption } from '../../gateway/src/config.js';
import { authConfigSchema } from '../../services/auth/src/config.js';
import { notificationsConfigSchema } from '../../services/notifications/src/config.js';
import { defaultMetricsPorts } from '../../services/kit/src/metrics.js';
import { KUBERNETES_VERSIONS, ensureKubeSchemas, ensureKubeconform } from '../local/ensure-tools.mjs';
import { ensureComposeCheck, ensureKustomize } from '../tools/manifest-tools.mjs';
import { RUNTIME_ENV, RUNTIME_NODE_OPTIONS } from '../local/node-runtime.mjs';
import { which } from '../local/install.mjs';
import { startProcess, waitForPort } from '../local/servers.mjs';
import { CRD_SCHEMAS, type Yaml } from './k8s-support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The first line redis-ha.sh wrote to a log of startProcess's: the script's output reaches the file through a pipe
 * and a write stream of this process, so it can land after the server already listens (seen on a busy machine: the
 * file still empty when its port answered). Waits until the line is there, whole.
 */
const firstLineOf = (logFile: string) =>
  until(
    () => {
      const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      return text.includes('\n') ? text.split('\n')[0] : '';
    },
    10_000,
    `the first line of ${logFile}`,
  );
const apps = ['gateway', ...serviceNames];
const workspaceOf = (app: string) => (app === 'gateway' ? 'gateway' : `services/${app}`);

type K8s = {
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Yaml;
  data?: Record<string, string>;
};

/** The memory settings as the image must carry them: the same values as local processes get. */
const runtimeSettings: Record<string, string> = { ...RUNTIME_ENV, NODE_OPTIONS: RUNTIME_NODE_OPTIONS.join(' ') };

/** An environment may leave a memory setting to the image, or repeat the image's value; never replace it. */
function expectRuntimeKept(env: Record<string, unknown> | undefined, where: string) {
  for (const [key, value] of Object.entries(runtimeSettings)) {
    if (env?.[key] !== undefined) expect(String(env[key]), `${where} ${key}`).toBe(value);
  }
}

/** The ENV variables of the Dockerfile's last stage (the image that runs), quotes removed. */
function imageEnv(dockerfile: string): Record<string, string> {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, line] of lastStage.matchAll(/^ENV (.+)$/gm)) {
    for (const [, key, quoted, bare] of line!.matchAll(/([A-Z_][A-Z0-9_]*)=(?:"([^"]*)"|(\S*))/g))
      env[key!] = quoted ?? bare!;
  }
  return env;
}

/** What a user puts in the git-ignored deploy/k8s/overlays/local/secrets.env (made up here). */
const LOCAL_SECRETS = {
  INTERNAL_SECRET: 'b'.repeat(64),
  ADMIN_EMAIL: 'admin@meydan.local',
  ADMIN_PASSWORD: 'yerel-kume-sifresi',
};

/** The processes' Redis passwords, one per process (REDIS_PASSWORD_AUTH …), made up here. */
const redisPasswords = (seed: string) =>
  Object.fromEntries(apps.map((app, i) => [`REDIS_PASSWORD_${app.toUpperCase()}`, `${seed}${i}`.repeat(6)]));
/** The processes' NATS passwords, one per process (NATS_PASSWORD_AUTH …), made up here. */
const natsPasswords = (seed: string) =>
  Object.fromEntries(
    [...apps, 'operator'].map((user, i) => [`NATS_PASSWORD_${user.toUpperCase()}`, `${seed}${i}`.repeat(6)]),
  );

/** The ha overlay's two git-ignored files (made up here): what the processes read, and the servers' passwords. */
const HA_SECRETS = {
  INTERNAL_SECRET: 'd'.repeat(64),
  ADMIN_EMAIL: 'admin@meydan.example.com',
  ADMIN_PASSWORD: 'ha-kume-sifresi',
  SMTP_URL: 'smtp://relay.example.com:25',
};
const HA_INFRA_SECRETS = {
  REDIS_PASSWORD: 'redisha0123456789',
  MONGO_ROOT_PASSWORD: 'mongoroot0123456789',
  MONGO_PASSWORD: 'mongoapp0123456789',
  MONGO_KEYFILE: 'e'.repeat(756),
  NATS_ROUTE_PASSWORD: 'natsroute0123456789',
  ...natsPasswords('natsha'),
  ...redisPasswords('redisha'),
};
/** The local overlay's servers' passwords (made up here): a NATS and a Redis user per process. */
const LOCAL_INFRA_SECRETS = {
  REDIS_PASSWORD: 'redislocal0123456789',
  ...natsPasswords('natslocal'),
  ...redisPasswords('redislocal'),
};
/** The key of mail bodies, in each overlay's git-ignored mail-secret.env (made up here). */
const MAIL_SECRETS = { local: { MAIL_SECRET: 'm'.repeat(64) }, ha: { MAIL_SECRET: 'n'.repeat(64) } };
/** Web Push's VAPID key pair and contact, in each overlay's git-ignored push-secret.env (made up, in their shapes). */
const PUSH_SECRETS = {
  local: {
    VAPID_PUBLIC_KEY: `B${'l'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'k'.repeat(43),
    VAPID_SUBJECT: 'mailto:admin@meydan.local',
  },
  ha: {
    VAPID_PUBLIC_KEY: `B${'h'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'j'.repeat(43),
    VAPID_SUBJECT: 'https://meydan.example.com',
  },
};
const OVERLAY_SECRETS: Record<string, Record<string, Record<string, string>>> = {
  local: {
    'secrets.env': LOCAL_SECRETS,
    'mail-secret.env': MAIL_SECRETS.local,
    'push-secret.env': PUSH_SECRETS.local,
    'infra-secrets.env': LOCAL_INFRA_SECRETS,
  },
  ha: {
    'secrets.env': HA_SECRETS,
    'infra-secrets.env': HA_INFRA_SECRETS,
    'mail-secret.env': MAIL_SECRETS.ha,
    'push-secret.env': PUSH_SECRETS.ha,
  },
};
/** The processes that hold MAIL_SECRET: those that send mail, and the mailer. */
const mailApps = ['auth', 'contact', 'admin', 'notifications'];
/** Web Push's variables, notifications' alone. */
const VAPID_KEYS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
/**
 * What notifications' configuration makes of a container's VAPID_* (both keys: Web Push on; neither: off), `env` over
 * the image's own (PORT, HOST).
 */
const webPushOf = (env: Record<string, string | undefined>) => {
  const image = imageEnv(readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8'));
  const config = loadConfig<Partial<Record<(typeof VAPID_KEYS)[number], string>>>(notificationsConfigSchema, {
    ...image,
    ...env,
  });
  return {
    VAPID_PUBLIC_KEY: config.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: config.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: config.VAPID_SUBJECT,
  };
};

/**
 * Renders an overlay from a copy of deploy/k8s, so an overlay's git-ignored secrets files are the test's (those of
 * OVERLAY_SECRETS, less the ones named in `leaveOut`, or none when it is null; `instead` replaces some), never the
 * developer's own. Throws kustomize's error.
 */
function render(
  overlay: string,
  leaveOut: string[] | null = [],
  instead: Record<string, Record<string, string>> = {},
): K8s[] {
  return parseAllDocuments(renderYaml(overlay, leaveOut, instead)).map((d) => d.toJSON() as K8s);
}

/** The overlay's YAML as kustomize prints it, rendered as `render` does. */
function renderYaml(
  overlay: string,
  leaveOut: string[] | null = [],
  instead: Record<string, Record<string, string>> = {},
): string {
  const [cmd, verb] = ensureKustomize();
  const copy = mkdtempSync(join(tmpdir(), 'meydan-k8s-'));
  try {
    // (secrets.env, infra-secrets.env, mail-secret.env, push-secret.env: none of the developer's is copied.)
    cpSync(`${root}deploy/k8s`, copy, { recursive: true, filter: (src) => !/secrets?\.env$/.test(src) });
    for (const [file, values] of Object.entries(leaveOut ? { ...(OVERLAY_SECRETS[overlay] ?? {}), ...instead } : {})) {
      if (leaveOut!.includes(file)) continue;
      writeFileSync(
        join(copy, 'overlays', overlay, file),
        Object.entries(values)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(''),
      );
    }
    return execFileSync(cmd, [verb, join(copy, 'overlays', overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The two variables docker-compose.yml requires (made up here; a user keeps theirs in .env). */
const COMPOSE_SECRETS: Record<string, string> = {
  INTERNAL_SECRET: 'a'.repeat(64),
  ADMIN_PASSWORD: 'compose-sifresi-123',
  MAIL_SECRET: 'c'.repeat(64),
  // Each process's NATS and Redis user on the one-server setup, and the Redis server's own password.
  REDIS_PASSWORD: 'composeone123456',
  ...natsPasswords('composeone'),
  ...redisPasswords('composeoneredis'),
};
/** The passwords docker-compose.ha.yml requires besides (made up here; a user keeps theirs in .env too). */
const COMPOSE_HA_SECRETS = {
  REDIS_PASSWORD: 'composeredis123456',
  MONGO_ROOT_PASSWORD: 'composeroot123456',
  MONGO_PASSWORD: 'composemongo123456',
  MONGO_KEYFILE: 'f'.repeat(756),
  NATS_ROUTE_PASSWORD: 'composeroute123456',
  ...natsPasswords('composenats'),
  ...redisPasswords('composeredis'),
};
/** Web Push's keys and contact, which docker-compose.yml passes to notifications when .env has them (made up here). */
const COMPOSE_PUSH_SECRETS: Record<string, string> = {
  VAPID_PUBLIC_KEY: `B${'c'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'p'.repeat(43),
  VAPID_SUBJECT: 'mailto:admin@compose.example.com',
};
/** compose-go's verdict on the files (each over the ones before, as `docker compose -f … -f …`), with only `env` set. */
const composeCheck = (env: Record<string, string>, files: string | string[] = `${root}docker-compose.yml`) => {
  const ours = [
    ...Object.keys(COMPOSE_SECRETS),
    ...Object.keys(COMPOSE_HA_SECRETS),
    ...Object.keys(COMPOSE_PUSH_SECRETS),
  ];
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !ours.includes(k)));
  return spawnSync(ensureComposeCheck(), [files].flat(), { encoding: 'utf8', cwd: root, env: { ...clean, ...env } });
};

/** The ports a compose project publishes, as `service:host address:port`, sorted. */
const publishedPorts = (project: { services: Record<string, Yaml> }) =>
  Object.entries(project.services)
    .filter(([, s]) => s.ports?.length)
    .map(
      ([name, s]) =>
        `${name}:${s.ports.map((p: { published: string; host_ip?: string }) => `${p.host_ip ?? '*'}:${p.published}`).join(',')}`,
    )
    .sort();

describe('docker-compose.yml', () => {
  let project: { services: Record<string, Yaml> };
  beforeAll(() => {
    const run = composeCheck(COMPOSE_SECRETS);
    expect(run.status, run.stderr).toBe(0);
    project = JSON.parse(run.stdout);
  }, 180_000);

  it('does not start without a secret and an administrator password of the user’s own, and says which is missing', () => {
    const run = composeCheck({});
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(
      'required variable INTERNAL_SECRET is missing a value: set INTERNAL_SECRET (at least 16 characters) in .env',
    );
    expect(run.stderr).toContain('required variable ADMIN_PASSWORD is missing a value');
    // What the user set is what every process gets: no value of the file's own.
    for (const app of apps)
      expect(project.services[app].environment['INTERNAL_SECRET'], app).toBe(COMPOSE_SECRETS.INTERNAL_SECRET);
    expect(project.services['auth'].environment['ADMIN_PASSWORD']).toBe(COMPOSE_SECRETS.ADMIN_PASSWORD);
    const text = readFileSync(`${root}docker-compose.yml`, 'utf8');
    expect(text).not.toMatch(/INTERNAL_SECRET:-|ADMIN_PASSWORD:-|meydan-admin/);
  });

  it('runs the six services, the gateway and their servers', () => {
    expect(Object.keys(project.services).sort()).toEqual(
      [...apps, 'nats', 'nats-streams', 'redis', 'mongo', 'maildev'].sort(),
    );
  });

  it('makes every process its own NATS and Redis user, and the operator set up the streams before any starts', () => {
    for (const app of apps) {
      const { environment: env, depends_on: dependsOn } = project.services[app];
      expect(env['NATS_USER'], app).toBe(app);
      expect(env['NATS_PASSWORD'], app).toBe(COMPOSE_SECRETS[`NATS_PASSWORD_${app.toUpperCase()}`]);
      expect(env['REDIS_URL'], app).toBe(
        `redis://${app}:${COMPOSE_SECRETS[`REDIS_PASSWORD_${app.toUpperCase()}`]}@redis:6379`,
      );
      // (The gateway waits for the services, which wait for the streams.)
      if (app !== 'gateway') expect(dependsOn['nats-streams'].condition, app).toBe('service_completed_successfully');
    }
    const nats = project.services['nats'];
    expect(nats.command).toEqual(['-c', '/etc/nats/nats.conf']);
    expect(nats.volumes.find((v: { target: string }) => v.target === '/etc/nats/nats.conf').source).toBe(
      `${root}deploy/k8s/infra/nats.conf`,
    );
    for (const user of [...apps, 'operator'])
      expect(nats.environment[`NATS_PASSWORD_${user.toUpperCase()}`], user).toBe(
        COMPOSE_SECRETS[`NATS_PASSWORD_${user.toUpperCase()}`],
      );
    const redis = project.services['redis'];
    expect(redis.command).toEqual(['sh', '/ha/redis-ha.sh', 'single']);
    for (const app of apps)
      expect(redis.environment[`REDIS_PASSWORD_${app.toUpperCase()}`], app).toBe(
        COMPOSE_SECRETS[`REDIS_PASSWORD_${app.toUpperCase()}`],
      );
    expect(project.services['nats-streams'].environment).toMatchObject({
      NATS_USER: 'operator',
      NATS_PASSWORD: COMPOSE_SECRETS['NATS_PASSWORD_OPERATOR'],
      NATS_STREAM_REPLICAS: '1',
    });
  });

  it('gives the key of mail bodies to the services that send mail and the mailer alone, and does not start without it', () => {
    for (const app of apps)
      expect(project.services[app].environment['MAIL_SECRET'], app).toBe(
        mailApps.includes(app) ? COMPOSE_SECRETS.MAIL_SECRET : undefined,
      );
    const { MAIL_SECRET: _mail, ...withoutMail } = COMPOSE_SECRETS;
    const run = composeCheck(withoutMail);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('required variable MAIL_SECRET is missing a value');
  });

  it('gives Web Push’s VAPID keys from the environment to notifications alone, and starts without them (Web Push off)', () => {
    const files = [`${root}docker-compose.yml`, `${root}docker-compose.ha.yml`];
    for (const [withHa, env] of [
      [false, COMPOSE_SECRETS],
      [true, { ...COMPOSE_SECRETS, ...COMPOSE_HA_SECRETS }],
    ] as const) {
      const run = composeCheck({ ...env, ...COMPOSE_PUSH_SECRETS }, withHa ? files : files[0]);
      expect(run.status, run.stderr).toBe(0);
      const withKeys: { services: Record<string, Yaml> } = JSON.parse(run.stdout);
      for (const app of apps) {
        for (const key of VAPID_KEYS) {
          expect(withKeys.services[app].environment[key], `${withHa ? 'ha ' : ''}${app} ${key}`).toBe(
            app === 'notifications' ? COMPOSE_PUSH_SECRETS[key] : undefined,
          );
        }
      }
      expect(webPushOf(withKeys.services['notifications'].environment)).toEqual(COMPOSE_PUSH_SECRETS);
    }
    // Without them in .env: notifications gets them empty, which its configuration reads as unset; no other app any.
    for (const app of apps)
      for (const key of VAPID_KEYS)
        expect(project.services[app].environment[key], `${app} ${key}`).toBe(app === 'notifications' ? '' : undefined);
    expect(webPushOf(project.services['notifications'].environment)).toEqual({
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: 'mailto:no-reply@meydan.local',
    });
  });

  it('builds every app from the one Dockerfile with an existing workspace', () => {
    for (const app of apps) {
      const build = project.services[app].build;
      expect(build.dockerfile, app).toBe('deploy/docker/Dockerfile');
      expect(build.args.WORKSPACE, app).toBe(workspaceOf(app));
      expect(existsSync(`${root}${workspaceOf(app)}/src/main.ts`), app).toBe(true);
    }
  });

  it('publishes only the gateway, and the mail inbox (every reset link) to this machine alone', () => {
    expect(publishedPorts(project)).toEqual(['gateway:*:8080', 'maildev:127.0.0.1:1080']);
  });

  it('gives every app its servers and the gateway every service address', () => {
    for (const app of apps) {
      const env = project.services[app].environment;
      for (const key of ['NATS_URL', 'REDIS_URL', 'MONGO_URL', 'INTERNAL_SECRET', 'SMTP_URL'])
        expect(env[key], `${app} ${key}`).toBeTruthy();
    }
    const gatewayEnv = project.services['gateway'].environment;
    for (const service of serviceNames)
      expect(gatewayEnv[`${service.toUpperCase()}_URL`]).toBe(`http://${service}:8080`);
    // The gateway is reached directly here, with no proxy in front: nothing may claim another client IP.
    expect(gatewayEnv['TRUST_PROXY'] ?? 'false').not.toBe('true');
  });

  it('leaves the memory settings to the image', () => {
    for (const app of apps) expectRuntimeKept(project.services[app].environment, app);
  });

  it('is validated against the compose specification: a misspelt key stops it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-compose-'));
    try {
      const file = join(dir, 'docker-compose.yml');
      writeFileSync(
        file,
        readFileSync(`${root}docker-compose.yml`, 'utf8').replace(/^( {2}gateway:\n)/m, '$1    restartt: always\n'),
      );
      expect(readFileSync(file, 'utf8')).toContain('restartt');
      // With the secrets the file requires, so that the misspelt key is what stops it.
      const run = composeCheck(COMPOSE_SECRETS, file);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/restartt/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docker-compose.ha.yml over docker-compose.yml', () => {
  const files = [`${root}docker-compose.yml`, `${root}docker-compose.ha.yml`];
  const haSecrets: Record<string, string> = COMPOSE_HA_SECRETS;
  let project: { services: Record<string, Yaml> };
  beforeAll(() => {
    const run = composeCheck({ ...COMPOSE_SECRETS, ...COMPOSE_HA_SECRETS }, files);
    expect(run.status, run.stderr).toBe(0);
    project = JSON.parse(run.stdout);
  }, 180_000);
  const natsServers = ['nats', 'nats-2', 'nats-3'];
  const redisServers = ['redis', 'redis-2', 'redis-3'];
  const sentinels = ['sentinel-1', 'sentinel-2', 'sentinel-3'];
  const mongoMembers = ['mongo', 'mongo-2', 'mongo-3'];

  it('does not start without each of its passwords, and says which is missing; the file gives none a value', () => {
    for (const key of Object.keys(haSecrets)) {
      const others = Object.fromEntries(
        Object.entries({ ...COMPOSE_SECRETS, ...haSecrets }).filter(([k]) => k !== key),
      );
      const run = composeCheck(others, files);
      expect(run.status, key).not.toBe(0);
      // (A password both files need is named by whichever compose reads first.)
      expect(run.stderr, key).toMatch(
        new RegExp(
          `required variable ${key} is missing a value: set ${key} in \\.env \\(see docker-compose(\\.ha)?\\.yml\\)`,
        ),
      );
    }
    const text = readFileSync(`${root}docker-compose.ha.yml`, 'utf8');
    for (const key of Object.keys(haSecrets)) expect(text, key).not.toContain(`\${${key}:-`);
  });

  it('runs three NATS servers, three Redis servers with three sentinels and three MongoDB members, each on a volume of its own', () => {
    expect(Object.keys(project.services).sort()).toEqual(
      [
        ...apps,
        'maildev',
        ...natsServers,
        ...redisServers,
        ...sentinels,
        ...mongoMembers,
        'mongo-init',
        'nats-streams',
      ].sort(),
    );
    // The streams are set up by the NATS operator user, before any app starts (they may only look them up).
    const streamsJob = project.services['nats-streams'];
    expect(streamsJob.command).toEqual(['node', 'services/kit/dist/set-up-streams.js']);
    expect(streamsJob.environment).toMatchObject({
      NATS_USER: 'operator',
      NATS_PASSWORD: haSecrets['NATS_PASSWORD_OPERATOR'],
      NATS_STREAM_REPLICAS: '3',
    });
    for (const app of apps)
      expect(project.services[app].depends_on['nats-streams'].condition, app).toBe('service_completed_successfully');
    const volumes = [...natsServers, ...redisServers, ...mongoMembers].map((name) => {
      const own = project.services[name].volumes.filter((v: { type: string }) => v.type === 'volume');
      expect(own, name).toHaveLength(1);
      return own[0].source;
    });
    expect(new Set(volumes).size).toBe(9);
  });

  it('gives every app the three NATS servers (streams of three copies) as its own user, the sentinels and the replica set', () => {
    for (const app of apps) {
      const service = project.services[app];
      const env = service.environment;
      expect(env['NATS_URL'], app).toBe(natsServers.map((n) => `nats://${n}:4222`).join(','));
      expect(env['NATS_STREAM_REPLICAS'], app).toBe('3');
      expect(env['NATS_USER'], app).toBe(app);
      expect(env['NATS_PASSWORD'], app).toBe(haSecrets[`NATS_PASSWORD_${app.toUpperCase()}`]);
      expect(parseRedisUrl(env['REDIS_URL']), app).toEqual({
        kind: 'sentinel',
        sentinels: sentinels.map((host) => ({ host, port: 26379 })),
        name: 'meydan',
        db: 0,
        username: app,
        password: haSecrets[`REDIS_PASSWORD_${app.toUpperCase()}`],
      });
      expect(env['MONGO_URL'], app).toBe(
        `mongodb://meydan:${COMPOSE_HA_SECRETS.MONGO_PASSWORD}@mongo:27017,mongo-2:27017,mongo-3:27017/?replicaSet=rs0&w=majority&retryWrites=true&authSource=admin`,
      );
      // Started once the replica set and its user exist, and the NATS servers and the sentinels are up.
      expect(service.depends_on['mongo-init'].condition, app).toBe('service_completed_successfully');
      for (const server of [...natsServers, ...sentinels])
        expect(service.depends_on[server], `${app} ${server}`).toBeDefined();
    }
  });

  it('configures the servers as the URLs name them: routes between the NATS servers, one Sentinel group, the replica set’s members', () => {
    for (const name of natsServers) {
      const env = project.services[name].environment;
      expect(env['NATS_SERVER_NAME']).toBe(name);
      expect(env['NATS_ROUTES']).toBe(
        natsServers.map((n) => `nats-route://route:${COMPOSE_HA_SECRETS.NATS_ROUTE_PASSWORD}@${n}:6222`).join(','),
      );
      for (const app of apps)
        expect(env[`NATS_PASSWORD_${app.toUpperCase()}`], `${name} ${app}`).toBe(
          haSecrets[`NATS_PASSWORD_${app.toUpperCase()}`],
        );
    }
    for (const [role, names, port] of [
      ['server', redisServers, 6379],
      ['sentinel', sentinels, 26379],
    ] as const) {
      for (const name of names) {
        const { command, environment: env } = project.services[name];
        expect(command, name).toEqual(['sh', '/ha/redis-ha.sh', role]);
        expect(env['REDIS_SELF'], name).toBe(`${name}:${port}`);
        expect(env['REDIS_SERVERS'], name).toBe(redisServers.map((n) => `${n}:6379`).join(' '));
        expect(env['REDIS_SENTINELS'], name).toBe(sentinels.map((n) => `${n}:26379`).join(' '));
        expect(env['REDIS_MASTER_NAME'], name).toBe('meydan');
        expect(env['REDIS_PASSWORD'], name).toBe(COMPOSE_HA_SECRETS.REDIS_PASSWORD);
      }
    }
    for (const name of mongoMembers) {
      const { command, environment: env } = project.services[name];
      expect(command.join(' '), name).toMatch(/mongod --replSet rs0 --bind_ip_all --keyFile \/tmp\/keyfile$/);
      expect(env['MONGO_INITDB_ROOT_PASSWORD'], name).toBe(COMPOSE_HA_SECRETS.MONGO_ROOT_PASSWORD);
      expect(env['MONGO_KEYFILE'], name).toBe(COMPOSE_HA_SECRETS.MONGO_KEYFILE);
    }
    const init = project.services['mongo-init'];
    expect(init.environment['MONGO_HOSTS']).toBe(mongoMembers.map((n) => `${n}:27017`).join(','));
    expect(init.environment['MONGO_PASSWORD']).toBe(COMPOSE_HA_SECRETS.MONGO_PASSWORD);
    for (const name of mongoMembers) expect(init.depends_on[name].condition).toBe('service_healthy');
  });

  it('mounts the cluster’s own NATS configuration and scripts (deploy/k8s/infra-ha), one copy for both', () => {
    const generated = parse(
      readFileSync(`${root}deploy/k8s/infra-ha/kustomization.yaml`, 'utf8'),
    ).configMapGenerator.flatMap((g: { files: string[] }) => g.files);
    const mounted = new Set<string>();
    for (const [name, service] of Object.entries(project.services)) {
      for (const v of service.volumes ?? []) {
        if (v.type !== 'bind') continue;
        expect(v.read_only, name).toBe(true);
        expect(existsSync(v.source), `${name} ${v.source}`).toBe(true);
        expect(relative(`${root}deploy/k8s/infra-ha`, dirname(v.source)), `${name} ${v.source}`).toBe('');
        mounted.add(relative(`${root}deploy/k8s/infra-ha`, v.source));
      }
    }
    expect([...mounted].sort()).toEqual([...generated].sort());
  });

  it('still publishes only the gateway, and the mail inbox to this machine alone', () => {
    expect(publishedPorts(project)).toEqual(['gateway:*:8080', 'maildev:127.0.0.1:1080']);
  });

  it('is validated against the compose specification: a misspelt key stops it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-compose-'));
    try {
      const file = join(dir, 'docker-compose.ha.yml');
      writeFileSync(
        file,
        readFileSync(`${root}docker-compose.ha.yml`, 'utf8').replace(
          /^( {2}mongo-init:\n)/m,
          '$1    restartt: always\n',
        ),
      );
      expect(readFileSync(file, 'utf8')).toContain('restartt');
      const run = composeCheck({ ...COMPOSE_SECRETS, ...COMPOSE_HA_SECRETS }, [`${root}docker-compose.yml`, file]);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/restartt/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Kubernetes overlays', () => {
  const overlays: Record<string, K8s[]> = {};
  beforeAll(() => {
    overlays['local'] = render('local');
    overlays['production'] = render('production');
    overlays['ha'] = render('ha');
  }, 300_000);

  it.each(['local', 'production', 'ha'])(
    '%s: every app is a hardened Deployment with probes, limits and a Service',
    (overlay) => {
      const docs = overlays[overlay]!;
      for (const app of apps) {
        const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app);
        expect(deployment, app).toBeDefined();
        const pod = deployment!.spec.template.spec;
        const [container] = pod.containers;
        expect(container.readinessProbe.httpGet.path, app).toBe('/readyz');
        expect(container.livenessProbe.httpGet.path, app).toBe('/healthz');
        expect(container.resources.requests.cpu, app).toBeTruthy();
        expect(container.resources.limits.memory, app).toBeTruthy();
        expect(pod.securityContext.runAsNonRoot, app).toBe(true);
        expect(container.securityContext.readOnlyRootFilesystem, app).toBe(true);
        // A generated Secret carries a content hash suffix, and kustomize rewrites the references to it.
        const sources = container.envFrom.map((e: Yaml) =>
          (e.configMapRef ?? e.secretRef).name.replace(/-[a-z0-9]{10}$/, ''),
        );
        expect(sources).toEqual(['meydan-config', 'meydan-secrets']);
        const service = docs.find((d) => d.kind === 'Service' && d.metadata.name === app);
        expect(service!.spec.ports[0].port, app).toBe(8080);
        expect(deployment!.metadata.namespace, app).toBe('meydan');
      }
    },
  );

  it.each(['local', 'production', 'ha'])(
    '%s: only the gateway is exposed; services accept HTTP only from it',
    (overlay) => {
      const docs = overlays[overlay]!;
      const ingresses = docs.filter((d) => d.kind === 'Ingress');
      expect(ingresses).toHaveLength(1);
      expect(ingresses[0]!.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
      const policies = Object.fromEntries(
        docs.filter((d) => d.kind === 'NetworkPolicy').map((d) => [d.metadata.name, d.spec]),
      );
      expect(policies['default-deny-ingress']).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
      expect(policies['services-from-gateway'].podSelector.matchLabels).toEqual({ tier: 'service' });
      expect(policies['services-from-gateway'].ingress[0].from[0].podSelector.matchLabels).toEqual({ app: 'gateway' });
      for (const app of serviceNames) {
        const d = docs.find((x) => x.kind === 'Deployment' && x.metadata.name === app)!;
        expect(d.spec.template.metadata.labels.tier, app).toBe('service');
      }
    },
  );

  it.each(['local', 'production', 'ha'])(
    '%s: the gateway trusts X-Forwarded-For only from named proxies, never from anyone',
    (overlay) => {
      const config = overlays[overlay]!.find(
        (d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-config'),
      )!;
      const trustProxy = config.data!['TRUST_PROXY'];
      expect(trustProxy).toBeDefined();
      expect(trustProxy!.trim().toLowerCase()).not.toBe('true');
      expect(trustProxyOption(trustProxy!)).not.toBe(false);
      for (const doc of overlays[overlay]!) {
        for (const container of doc.spec?.template?.spec?.containers ?? []) {
          for (const env of container.env ?? [])
            if (env.name === 'TRUST_PROXY') expect(env.value, doc.metadata.name).not.toBe('true');
        }
      }
    },
  );

  it.each(['local', 'production', 'ha'])(
    '%s: no Deployment or ConfigMap replaces the image’s memory settings',
    (overlay) => {
      for (const doc of overlays[overlay]!) {
        if (doc.kind === 'ConfigMap') expectRuntimeKept(doc.data, doc.metadata.name);
        for (const container of doc.spec?.template?.spec?.containers ?? []) {
          const env = Object.fromEntries(
            (container.env ?? []).map((e: { name: string; value?: string }) => [
              e.name,
              e.value ?? '(from a reference)',
            ]),
          );
          expectRuntimeKept(env, `${doc.metadata.name}/${container.name}`);
        }
      }
    },
  );

  it.each(['local', 'production', 'ha'])(
    '%s: Prometheus scrapes every process on its metrics port, and may reach it',
    (overlay) => {
      const docs = overlays[overlay]!;
      for (const app of apps) {
        const pod = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!.spec.template;
        const port = defaultMetricsPorts[app as keyof typeof defaultMetricsPorts];
        expect(pod.metadata.annotations, app).toEqual({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(port),
          'prometheus.io/path': '/metrics',
        });
        expect(pod.spec.containers[0].ports, app).toContainEqual({ name: 'metrics', containerPort: port });
        // The Service (what the ingress reaches) never carries the metrics port.
        const service = docs.find((d) => d.kind === 'Service' && d.metadata.name === app)!;
        expect(
          service.spec.ports.map((p: { port: number }) => p.port),
          app,
        ).toEqual([8080]);
      }
      const policy = docs.find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === 'metrics-from-monitoring')!;
      expect(policy.spec.podSelector.matchExpressions[0].values.sort()).toEqual([...apps].sort());
      const [range] = policy.spec.ingress[0].ports;
      expect([range.port, range.endPort]).toEqual([
        Math.min(...Object.values(defaultMetricsPorts)),
        Math.max(...Object.values(defaultMetricsPorts)),
      ]);
      const dashboard = docs.find(
        (d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-grafana-dashboard'),
      )!;
      expect(dashboard.metadata.labels?.['grafana_dashboard']).toBe('1');
      expect(JSON.parse(dashboard.data!['meydan.json']!).uid).toBe('meydan-overview');
    },
  );

  it('the votes-autoscaling component scales polls on votes per second beside CPU', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-kustomize-'));
    try {
      const rel = relative(dir, `${root}deploy/k8s`);
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        `resources: [${rel}/overlays/production]\ncomponents: [${rel}/components/votes-autoscaling]\n`,
      );
      const [cmd, verb] = ensureKustomize();
      const docs = parseAllDocuments(execFileSync(cmd, [verb, dir], { encoding: 'utf8' })).map(
        (d) => d.toJSON() as K8s,
      );
      const hpa = docs.find((d) => d.kind === 'HorizontalPodAutoscaler' && d.metadata.name === 'polls')!;
      expect(hpa.spec.metrics.map((m: { type: string }) => m.type)).toEqual(['Resource', 'Pods']);
      expect(hpa.spec.metrics[1].pods.metric.name).toBe('meydan_votes_accepted_per_second');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /**
   * kubeconform's verdict on YAML documents, for one Kubernetes version's strict schemas and the vendored ones of the
   * custom resources (Gateway API, Prometheus operator: deploy/k8s/crd-schemas).
   */
  const kubeconform = (yaml: string, version: string) => {
    const schemas = ensureKubeSchemas()[version]!;
    const run = spawnSync(
      ensureKubeconform(),
      [
        '-strict',
        '-verbose',
        '-output',
        'json',
        '-schema-location',
        `${schemas}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
        '-schema-location',
        CRD_SCHEMAS,
        '-',
      ],
      { input: yaml, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as {
      resources: { kind: string; name: string; status: string; msg: string }[];
    };
    // In the order of the documents' names (kubeconform validates in parallel).
    return { exitCode: run.status, resources: report.resources.sort((a, b) => a.name.localeCompare(b.name)) };
  };
  const rendered = (dir: string) => {
    const [cmd, verb] = ensureKustomize();
    return execFileSync(cmd, [verb, dir], { encoding: 'utf8' });
  };

  it.each(KUBERNETES_VERSIONS)(
    'every overlay is valid for Kubernetes %s (kubeconform, strict schemas)',
    (version) => {
      const dir = mkdtempSync(join(tmpdir(), 'meydan-kustomize-'));
      const rel = relative(dir, `${root}deploy/k8s`);
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        `resources: [${rel}/overlays/production]\ncomponents: [${rel}/components/votes-autoscaling]\n`,
      );
      const withComponent = rendered(dir);
      rmSync(dir, { recursive: true, force: true });
      // The local and ha overlays with the test's secrets files, as the other checks render them.
      const overlaysYaml = ['local', 'production', 'ha'].map((o) => renderYaml(o));
      // One run for all (kubeconform compiles each kind's schema once per run).
      const { exitCode, resources } = kubeconform([...overlaysYaml, withComponent].join('\n---\n'), version);
      expect(resources.filter((r) => r.status !== 'statusValid').map((r) => `${r.kind} ${r.name}: ${r.msg}`)).toEqual(
        [],
      );
      expect(resources.length).toBe(
        [...overlaysYaml, withComponent].reduce((n, y) => n + parseAllDocuments(y).length, 0),
      );
      expect(exitCode).toBe(0);
    },
    300_000,
  );

  it('kubeconform refuses a misspelt field, a wrong type and an unknown kind', () => {
    const deployment = overlays['production']!.find((d) => d.kind === 'Deployment' && d.metadata.name === 'auth')!;
    const typo = structuredClone(deployment);
    typo.spec.replica = 3;
    const wrongType = structuredClone(deployment);
    wrongType.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    typo.metadata.name = 'a-typo';
    wrongType.metadata.name = 'b-wrong-type';
    const unknown = { apiVersion: 'v1', kind: 'Pdo', metadata: { name: 'c-unknown' } };
    const { exitCode, resources } = kubeconform(
      [typo, wrongType, unknown].map((d) => stringify(d)).join('---\n'),
      KUBERNETES_VERSIONS[0]!,
    );
    expect(exitCode).not.toBe(0);
    expect(resources.map((r) => r.status)).toEqual(['statusInvalid', 'statusInvalid', 'statusError']);
    expect(resources[0]!.msg).toMatch(/replica/);
    expect(resources[1]!.msg).toMatch(/containerPort/);
  });

  it.each(['local', 'production', 'ha'])(
    '%s: autoscaled Deployments leave their count to the HPA; every app spreads over nodes',
    (overlay) => {
      const docs = overlays[overlay]!;
      const autoscaled = docs
        .filter((d) => d.kind === 'HorizontalPodAutoscaler')
        .map((d) => d.spec.scaleTargetRef.name);
      expect(autoscaled.sort()).toEqual(['gateway', 'notifications', 'polls']);
      for (const app of apps) {
        const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!;
        if (autoscaled.includes(app)) expect(deployment.spec.replicas, app).toBeUndefined();
        else expect(deployment.spec.replicas, app).toBe(overlay === 'local' ? 1 : 2);
        const spread = deployment.spec.template.spec.topologySpreadConstraints;
        expect(
          spread.map((c: { topologyKey: string }) => c.topologyKey),
          app,
        ).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
        for (const c of spread) expect(c.labelSelector.matchLabels, app).toEqual({ app });
      }
    },
  );

  it.each(['local', 'production', 'ha'])(
    '%s: the ConfigMap is generated (a change rolls the pods) and the Ingress names its class',
    (overlay) => {
      const docs = overlays[overlay]!;
      const config = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-config'))!;
      expect(config.metadata.name).toMatch(/^meydan-config-[a-z0-9]{10}$/);
      for (const app of apps) {
        const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!;
        expect(deployment.spec.template.spec.containers[0].envFrom[0].configMapRef.name, app).toBe(
          config.metadata.name,
        );
      }
      expect(docs.find((d) => d.kind === 'Ingress')!.spec.ingressClassName).toBe('nginx');
    },
  );

  it('local: brings its own servers and a Secret made from the user’s git-ignored secrets.env', () => {
    const docs = overlays['local']!;
    for (const name of ['nats', 'redis', 'mongo'])
      expect(
        docs.some((d) => d.kind === 'StatefulSet' && d.metadata.name === name),
        name,
      ).toBe(true);
    const secret = docs.find((d) => d.kind === 'Secret' && d.metadata.name.startsWith('meydan-secrets'))!;
    const values = Object.fromEntries(
      Object.entries(secret.data!).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]),
    );
    expect(values).toEqual(LOCAL_SECRETS);
  });

  it('local: renders nothing without secrets.env, naming the file; the file is git-ignored', () => {
    expect(() => render('local', null)).toThrow(/secrets\.env/);
    expect(readFileSync(`${root}.gitignore`, 'utf8').split('\n')).toContain('deploy/k8s/overlays/local/secrets.env');
  });

  it('gives the key of mail bodies (mail-secret.env, git-ignored) to the services that send mail and the mailer alone', () => {
    for (const overlay of ['local', 'ha'] as const) {
      const docs = overlays[overlay]!;
      for (const app of apps) {
        const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!;
        const [container] = deployment.spec.template.spec.containers;
        const env = containerEnv(docs, container, app);
        expect(env['MAIL_SECRET'], `${overlay} ${app}`).toBe(
          mailApps.includes(app) ? MAIL_SECRETS[overlay].MAIL_SECRET : undefined,
        );
      }
      expect(() => render(overlay, ['mail-secret.env']), overlay).toThrow(/mail-secret\.env/);
      expect(readFileSync(`${root}.gitignore`, 'utf8').split('\n')).toContain(
        `deploy/k8s/overlays/${overlay}/mail-secret.env`,
      );
    }
  });

  it.each(['local', 'production', 'ha'])(
    '%s: Web Push’s VAPID keys reach notifications alone, from meydan-push-secret, optional',
    (overlay) => {
      const docs = overlays[overlay]!;
      // The Secret: generated from push-secret.env in local and ha (its name then carries a hash), made out of band in production.
      const generated = docs.find((d) => d.kind === 'Secret' && d.metadata.name.startsWith('meydan-push-secret-'));
      expect(generated === undefined, overlay).toBe(overlay === 'production');
      const secretName = generated?.metadata.name ?? 'meydan-push-secret';
      const workloads = docs.filter((d) => d.spec?.template?.spec?.containers);
      for (const doc of workloads) {
        const notifications = doc.kind === 'Deployment' && doc.metadata.name === 'notifications';
        for (const container of doc.spec.template.spec.containers) {
          const vapid = (container.env ?? []).filter((e: { name: string }) => e.name.startsWith('VAPID_'));
          expect(vapid, `${doc.kind} ${doc.metadata.name}`).toEqual(
            notifications
              ? VAPID_KEYS.map((key) => ({
                  name: key,
                  valueFrom: { secretKeyRef: { name: secretName, key, optional: true } },
                }))
              : [],
          );
        }
        // Nor the Secret any other way (envFrom, a volume).
        if (!notifications)
          expect(JSON.stringify(doc.spec.template), `${doc.kind} ${doc.metadata.name}`).not.toContain(
            'meydan-push-secret',
          );
      }
      expect(workloads.some((d) => d.kind === 'Deployment' && d.metadata.name === 'notifications')).toBe(true);
      if (overlay === 'production') return;
      const values = PUSH_SECRETS[overlay as 'local' | 'ha'];
      expect(
        Object.fromEntries(Object.entries(generated!.data!).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()])),
      ).toEqual(values);
      for (const app of apps) {
        const env = containerEnv(docs, podOf(docs, 'Deployment', app).containers[0], app);
        if (app === 'notifications') expect(webPushOf(env)).toEqual(values);
        else expect(Object.values(env), app).not.toContain(values.VAPID_PRIVATE_KEY);
      }
      expect(() => render(overlay, ['push-secret.env']), overlay).toThrow(/push-secret\.env/);
      expect(readFileSync(`${root}.gitignore`, 'utf8').split('\n')).toContain(
        `deploy/k8s/overlays/${overlay}/push-secret.env`,
      );
      // An empty push-secret.env (as a cluster without the Secret): notifications still starts, with Web Push off.
      const empty = render(overlay, [], { 'push-secret.env': {} });
      expect(
        webPushOf(containerEnv(empty, podOf(empty, 'Deployment', 'notifications').containers[0], 'notifications')),
      ).toMatchObject({
        VAPID_PUBLIC_KEY: undefined,
        VAPID_PRIVATE_KEY: undefined,
      });
    },
  );

  it('commits no secret value under deploy/k8s, nor in the compose files', () => {
    const files = readdirSync(`${root}deploy/k8s`, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ya?ml|conf|sh|js)$/.test(f))
      .map((f) => `deploy/k8s/${f}`);
    expect(files.length).toBeGreaterThan(10);
    const keys = [
      'INTERNAL_SECRET',
      'ADMIN_PASSWORD',
      'MAIL_SECRET',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      ...Object.keys(HA_INFRA_SECRETS),
      ...Object.keys(COMPOSE_HA_SECRETS),
    ];
    // A line that gives one of them a value (not a reference to a variable, nor an empty default: `${KEY:-}`), other
    // than a comment showing how to make one.
    const assignment = new RegExp(`\\b(${[...new Set(keys)].join('|')})\\s*[:=](?!\\s*$|\\?|-\\}|\\s*["']?\\$)`);
    expect(assignment.test('REDIS_PASSWORD: hunter2')).toBe(true);
    expect(assignment.test('NATS_PASSWORD_AUTH=abc')).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own ${VAR:-default} syntax, as a compose file holds it
    expect(assignment.test('VAPID_PRIVATE_KEY: ${VAPID_PRIVATE_KEY:-abc}')).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own ${VAR:-default} syntax, as a compose file holds it
    expect(assignment.test('VAPID_PRIVATE_KEY: ${VAPID_PRIVATE_KEY:-}')).toBe(false);
    for (const file of [...files, 'docker-compose.yml', 'docker-compose.ha.yml']) {
      const text = readFileSync(`${root}${file}`, 'utf8');
      const assigned = text.split('\n').filter((line) => !line.trim().startsWith('#') && assignment.test(line));
      expect(assigned, file).toEqual([]);
      expect(text, file).not.toContain('meydan-admin');
    }
  });

  it('ha: NATS, Redis and MongoDB run three members each, one per node, each on its volume, a drain taking at most one', () => {
    const docs = overlays['ha']!;
    const statefulSets = docs.filter((d) => d.kind === 'StatefulSet');
    expect(statefulSets.map((d) => d.metadata.name).sort()).toEqual(['mongo', 'nats', 'redis']);
    for (const set of statefulSets) {
      const name = set.metadata.name;
      const labels: Record<string, string> = set.spec.template.metadata.labels;
      const selects = (selector: { matchLabels: Record<string, string> }) =>
        Object.keys(selector.matchLabels).length > 0 &&
        Object.entries(selector.matchLabels).every(([k, v]) => labels[k] === v);
      expect(set.spec.replicas, name).toBe(3);
      expect(labels['tier'], name).toBe('infra');
      const spread = set.spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution;
      expect(
        spread.some((term: Yaml) => term.topologyKey === 'kubernetes.io/hostname' && selects(term.labelSelector)),
        name,
      ).toBe(true);
      const budgets = docs.filter((d) => d.kind === 'PodDisruptionBudget' && selects(d.spec.selector));
      expect(
        budgets.map((d) => d.spec.minAvailable),
        name,
      ).toEqual([2]);
      const service = docs.find((d) => d.kind === 'Service' && d.metadata.name === set.spec.serviceName)!;
      expect(
        [
          service.spec.clusterIP,
          service.spec.publishNotReadyAddresses,
          selects({ matchLabels: service.spec.selector }),
        ],
        name,
      ).toEqual(['None', true, true]);
      const [claim] = set.spec.volumeClaimTemplates;
      expect(
        set.spec.template.spec.containers[0].volumeMounts.map((m: { name: string }) => m.name),
        name,
      ).toContain(claim.metadata.name);
    }
  });

  /** A container's environment as the kubelet makes it: envFrom, then env in order, `$(NAME)` from the ones before. */
  /** A container's environment as its pod sees it; `podName` is also the pod's `app` label for a Deployment's pod. */
  function containerEnv(
    docs: K8s[],
    container: Yaml,
    podName: string,
    labels: Record<string, string> = { app: podName },
  ): Record<string, string> {
    const values = (kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> => {
      const doc = docs.find((d) => d.kind === kind && d.metadata.name === name);
      expect(doc, `${kind} ${name}`).toBeDefined();
      const data = doc!.data ?? {};
      return kind === 'Secret'
        ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]))
        : data;
    };
    const env: Record<string, string> = {};
    for (const from of container.envFrom ?? []) {
      Object.assign(
        env,
        from.configMapRef ? values('ConfigMap', from.configMapRef.name) : values('Secret', from.secretRef.name),
      );
    }
    for (const { name, value, valueFrom } of container.env ?? []) {
      let resolved: string | undefined;
      if (value !== undefined)
        resolved = String(value).replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (ref, key) => env[key] ?? ref);
      else if (valueFrom.secretKeyRef) {
        const { name: secretName, key, optional } = valueFrom.secretKeyRef;
        // An optional reference to a missing Secret, or to a key the Secret lacks, sets nothing (as the kubelet does).
        if (
          optional &&
          docs.find((d) => d.kind === 'Secret' && d.metadata.name === secretName)?.data?.[key] === undefined
        )
          continue;
        resolved = values('Secret', secretName)[key];
      } else if (valueFrom.configMapKeyRef)
        resolved = values('ConfigMap', valueFrom.configMapKeyRef.name)[valueFrom.configMapKeyRef.key];
      else if (valueFrom.fieldRef?.fieldPath === 'metadata.name') resolved = podName;
      else if (/^metadata\.labels\['(.+)'\]$/.test(valueFrom.fieldRef?.fieldPath ?? ''))
        resolved = labels[/^metadata\.labels\['(.+)'\]$/.exec(valueFrom.fieldRef.fieldPath)![1]!];
      expect(resolved, `${container.name} ${name}`).toBeDefined();
      env[name] = resolved!;
    }
    return env;
  }
  const podOf = (docs: K8s[], kind: string, name: string) =>
    docs.find((d) => d.kind === kind && d.metadata.name === name)!.spec.template.spec;
  const secretValues: Record<string, string> = HA_INFRA_SECRETS;

  it('ha: every app reaches the three NATS servers (streams of three copies) as its own user, the sentinels and the replica set', () => {
    const docs = overlays['ha']!;
    const config = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-config'))!;
    // No one-server address is left to read by mistake; the addresses with passwords are made from the Secret.
    for (const key of ['REDIS_URL', 'MONGO_URL', 'SMTP_URL']) expect(config.data![key], key).toBeUndefined();
    const redisEnv = containerEnv(docs, podOf(docs, 'StatefulSet', 'redis').containers[0], 'redis-0');
    const mongoInit = containerEnv(docs, podOf(docs, 'Job', 'mongo-init').containers[0], 'mongo-init');
    const members = (set: string, port: number) => [0, 1, 2].map((i) => `${set}-${i}.${set}:${port}`);
    expect(mongoInit['MONGO_HOSTS']).toBe(members('mongo', 27017).join(','));
    for (const app of apps) {
      const env = containerEnv(docs, podOf(docs, 'Deployment', app).containers[0], app);
      expect(env['NATS_URL'], app).toBe(
        members('nats', 4222)
          .map((m) => `nats://${m}`)
          .join(','),
      );
      expect(env['NATS_STREAM_REPLICAS'], app).toBe('3');
      expect(env['NATS_USER'], app).toBe(app);
      expect(env['NATS_PASSWORD'], app).toBe(secretValues[`NATS_PASSWORD_${app.toUpperCase()}`]);
      expect(parseRedisUrl(env['REDIS_URL']!), app).toEqual({
        kind: 'sentinel',
        sentinels: members('redis', 26379).map((m) => ({ host: m.split(':')[0], port: 26379 })),
        name: redisEnv['REDIS_MASTER_NAME'],
        db: 0,
        // Its own Redis user (redis-ha.sh), not the servers' password.
        username: app,
        password: secretValues[`REDIS_PASSWORD_${app.toUpperCase()}`],
      });
      expect(env['MONGO_URL'], app).toBe(
        `mongodb://meydan:${HA_INFRA_SECRETS.MONGO_PASSWORD}@${mongoInit['MONGO_HOSTS']}/?replicaSet=rs0&w=majority&retryWrites=true&authSource=admin`,
      );
      expect(env['SMTP_URL'], app).toBe(HA_SECRETS.SMTP_URL);
      // No other process's NATS password, nor the servers' own (root, route, key file).
      const infraKeys = Object.keys(HA_INFRA_SECRETS).filter((k) => Object.values(env).includes(secretValues[k]!));
      expect(infraKeys.sort(), app).toEqual(
        ['MONGO_PASSWORD', `NATS_PASSWORD_${app.toUpperCase()}`, `REDIS_PASSWORD_${app.toUpperCase()}`].sort(),
      );
    }
    expect(redisEnv['REDIS_SENTINELS']).toBe(members('redis', 26379).join(' '));
    expect(redisEnv['REDIS_SERVERS']).toBe(members('redis', 6379).join(' '));
  });

  it('local: every process is its own NATS and Redis user on the one server, with its own passwords alone', () => {
    const docs = overlays['local']!;
    const local: Record<string, string> = LOCAL_INFRA_SECRETS;
    for (const app of apps) {
      const env = containerEnv(docs, podOf(docs, 'Deployment', app).containers[0], app);
      expect(env['NATS_USER'], app).toBe(app);
      expect(env['NATS_PASSWORD'], app).toBe(local[`NATS_PASSWORD_${app.toUpperCase()}`]);
      expect(env['REDIS_URL'], app).toBe(`redis://${app}:${local[`REDIS_PASSWORD_${app.toUpperCase()}`]}@redis:6379`);
      const infraKeys = Object.keys(local).filter((k) => Object.values(env).includes(local[k]!));
      expect(infraKeys.sort(), app).toEqual(
        [`NATS_PASSWORD_${app.toUpperCase()}`, `REDIS_PASSWORD_${app.toUpperCase()}`].sort(),
      );
    }
    const nats = podOf(docs, 'StatefulSet', 'nats');
    expect(nats.containers[0].args).toEqual(['-c', '/etc/nats/nats.conf']);
    const natsConf = docs.find(
      (d) =>
        d.kind === 'ConfigMap' &&
        d.metadata.name === nats.volumes.find((v: { configMap?: unknown }) => v.configMap).configMap.name,
    )!.data!['nats.conf'];
    expect(natsConf).toBe(readFileSync(`${root}deploy/k8s/infra/nats.conf`, 'utf8'));
    const natsEnv = containerEnv(docs, nats.containers[0], 'nats-0');
    for (const user of [...apps, 'operator'])
      expect(natsEnv[`NATS_PASSWORD_${user.toUpperCase()}`], user).toBe(local[`NATS_PASSWORD_${user.toUpperCase()}`]);
    const redis = podOf(docs, 'StatefulSet', 'redis');
    expect(redis.containers[0].command).toEqual(['sh', '/scripts/redis-ha.sh', 'single']);
    const script = docs.find(
      (d) =>
        d.kind === 'ConfigMap' &&
        d.metadata.name === redis.volumes.find((v: { configMap?: unknown }) => v.configMap).configMap.name,
    )!.data!['redis-ha.sh'];
    // The copy kustomize can read is the HA script itself.
    expect(script).toBe(readFileSync(`${root}deploy/k8s/infra-ha/redis-ha.sh`, 'utf8'));
    const job = docs.find((d) => d.kind === 'Job' && d.metadata.name === 'nats-streams')!;
    expect(containerEnv(docs, job.spec.template.spec.containers[0], 'nats-streams')).toMatchObject({
      NATS_USER: 'operator',
      NATS_PASSWORD: local['NATS_PASSWORD_OPERATOR'],
      NATS_STREAM_REPLICAS: '1',
    });
    // The per-Deployment patch is the HA overlay's.
    const strip = (text: string) => text.replace(/^#.*\n/gm, '');
    expect(strip(readFileSync(`${root}deploy/k8s/overlays/local/own-users.yaml`, 'utf8'))).toBe(
      strip(readFileSync(`${root}deploy/k8s/overlays/ha/nats-users.yaml`, 'utf8')),
    );
  });

  it('ha: nats.conf gives each process its user, and nats-server reads it with the Secret’s passwords (and not without one)', () => {
    const docs = overlays['ha']!;
    const pod = podOf(docs, 'StatefulSet', 'nats');
    const [container] = pod.containers;
    const env = containerEnv(docs, container, 'nats-1');
    expect(env['NATS_SERVER_NAME']).toBe('nats-1');
    expect(container.command.slice(-2)).toEqual(['--routes', '$(NATS_ROUTES)']);
    expect(env['NATS_ROUTES']).toBe(
      [0, 1, 2].map((i) => `nats-route://route:${HA_INFRA_SECRETS.NATS_ROUTE_PASSWORD}@nats-${i}.nats:6222`).join(','),
    );
    const configMap = pod.volumes.find((v: { configMap?: unknown }) => v.configMap).configMap.name;
    const conf = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === configMap)!.data!['nats.conf']!;
    const users = [...conf.matchAll(/\{ user: (\w+), password: \$(\w+),/g)].map(([, user, variable]) => [
      user!,
      variable!,
    ]);
    // Each process, and the operator that sets up the streams (the nats-streams Job).
    expect(users.map(([user]) => user).sort()).toEqual([...apps, 'operator'].sort());
    for (const [user, variable] of users)
      expect(env[variable!], user).toBe(secretValues[`NATS_PASSWORD_${user!.toUpperCase()}`]);
    // JetStream stores on the member's own volume.
    const store = /store_dir: (\S+)/.exec(conf)![1];
    expect(container.volumeMounts.find((m: { name: string }) => m.name === 'data').mountPath).toBe(store);

    const natsServer = which('nats-server');
    expect(natsServer, 'nats-server (npm test installs it)').toBeTruthy();
    const dir = mkdtempSync(join(tmpdir(), 'meydan-nats-conf-'));
    try {
      writeFileSync(join(dir, 'nats.conf'), conf);
      const check = (vars: Record<string, string>) =>
        spawnSync(natsServer!, ['-c', join(dir, 'nats.conf'), '-t'], {
          encoding: 'utf8',
          env: { PATH: process.env['PATH'] ?? '', ...vars },
        });
      const ok = check(env);
      expect(ok.status, ok.stderr + ok.stdout).toBe(0);
      const { NATS_PASSWORD_ADMIN: _admin, ...withoutOne } = env;
      const refused = check(withoutOne);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr + refused.stdout).toContain('NATS_PASSWORD_ADMIN');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ha: the nats-streams Job sets up the streams as the NATS operator user, the only one allowed to', () => {
    const docs = overlays['ha']!;
    const job = docs.find((d) => d.kind === 'Job' && d.metadata.name === 'nats-streams')!;
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', 'services/kit/dist/set-up-streams.js']);
    const env = containerEnv(docs, container, 'nats-streams');
    expect(env).toMatchObject({
      NATS_USER: 'operator',
      NATS_PASSWORD: (HA_INFRA_SECRETS as Record<string, string>)['NATS_PASSWORD_OPERATOR'],
      NATS_STREAM_REPLICAS: '3',
    });
    expect(env['NATS_URL']).toBe(
      docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-config'))!.data!['NATS_URL'],
    );
    // Its pod may reach the NATS members (the infra network policy lets infra pods in).
    expect(job.spec.template.metadata.labels.tier).toBe('infra');
  });

  it('ha: MongoDB members need the key file and a password, and the mongo-init Job makes rs0 of them, safe to run again', () => {
    const docs = overlays['ha']!;
    const pod = podOf(docs, 'StatefulSet', 'mongo');
    const [mongo] = pod.containers;
    const args: string[] = mongo.args;
    expect(args.slice(0, 3)).toEqual(['mongod', '--replSet', 'rs0']);
    const keyFile = args[args.indexOf('--keyFile') + 1]!;
    const keyMount = mongo.volumeMounts.find((m: { mountPath: string }) => keyFile.startsWith(`${m.mountPath}/`));
    expect(keyMount).toBeDefined();
    // The key file is the Secret's MONGO_KEYFILE, copied by the init container into the mounted volume.
    const secretVolume = pod.volumes.find((v: { secret?: unknown }) => v.secret);
    expect(secretVolume.secret.items).toEqual([{ key: 'MONGO_KEYFILE', path: 'keyfile' }]);
    expect(pod.initContainers[0].volumeMounts.map((m: { name: string }) => m.name).sort()).toEqual(
      [keyMount.name, secretVolume.name].sort(),
    );
    const memberEnv = containerEnv(docs, mongo, 'mongo-0');
    expect(memberEnv['MONGO_INITDB_ROOT_PASSWORD']).toBe(HA_INFRA_SECRETS.MONGO_ROOT_PASSWORD);
    const job = docs.find((d) => d.kind === 'Job' && d.metadata.name === 'mongo-init')!;
    // Its pod may reach the members (the infra network policy lets infra pods in).
    expect(job.spec.template.metadata.labels.tier).toBe('infra');
    const scripts = docs.find(
      (d) => d.kind === 'ConfigMap' && d.metadata.name === job.spec.template.spec.volumes[0].configMap.name,
    )!.data!;
    expect(Object.keys(scripts).sort()).toEqual(['mongo-init.js', 'mongo-init.sh']);
    expect(scripts['mongo-init.js']).toContain("error.codeName !== 'NotYetInitialized'");
    expect(scripts['mongo-init.js']).toMatch(/if \(admin\.getUser\('meydan'\)\) \{\n\s+admin\.updateUser/);
  });

  it('ha: the two Secrets come from the user’s git-ignored files, and nothing renders without either', () => {
    const docs = overlays['ha']!;
    const secret = (name: string) => {
      const doc = docs.find((d) => d.kind === 'Secret' && d.metadata.name.startsWith(`${name}-`))!;
      return Object.fromEntries(Object.entries(doc.data!).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    };
    expect(secret('meydan-secrets')).toEqual(HA_SECRETS);
    expect(secret('meydan-infra-secrets')).toEqual(HA_INFRA_SECRETS);
    for (const file of ['secrets.env', 'infra-secrets.env']) {
      expect(() => render('ha', [file]), file).toThrow(new RegExp(`/${file.replace('.', '\\.')}`));
      expect(readFileSync(`${root}.gitignore`, 'utf8').split('\n'), file).toContain(`deploy/k8s/overlays/ha/${file}`);
    }
  });

  it('production: no secret in the manifests, images from the registry, TLS on the public host', () => {
    const docs = overlays['production']!;
    expect(docs.some((d) => d.kind === 'Secret')).toBe(false);
    for (const app of apps) {
      const d = docs.find((x) => x.kind === 'Deployment' && x.metadata.name === app)!;
      expect(d.spec.template.spec.containers[0].image).toBe(`registry.example.com/meydan/${app}:1.0.0`);
    }
    const ingress = docs.find((d) => d.kind === 'Ingress')!;
    expect(ingress.spec.tls[0].hosts).toEqual(['meydan.example.com']);
    expect(docs.find((d) => d.kind === 'ConfigMap')!.data!['PUBLIC_ORIGIN']).toBe('https://meydan.example.com');
  });
});

describe('nats.conf (the HA NATS members, on Kubernetes and on one Docker host)', () => {
  it('redis-ha.sh gives each process its Redis user as the kit writes it (node deploy/tools/redis-users.mjs rewrites them)', () => {
    const script = readFileSync(`${root}deploy/k8s/infra-ha/redis-ha.sh`, 'utf8');
    for (const role of ['server', 'sentinel'] as const) {
      const generated = new RegExp(
        `# BEGIN ${role} users \\(generated\\)\\n([\\s\\S]*?)\\n# END ${role} users \\(generated\\)`,
      ).exec(script)?.[1];
      expect(generated, `the generated ${role} users between their markers`).toBe(redisUsersWithEnvPasswords(role));
    }
  });

  it('gives each process exactly the subjects of its contracts, as the kit derives them (node deploy/tools/nats-users.mjs rewrites them)', () => {
    const conf = readFileSync(`${root}deploy/k8s/infra-ha/nats.conf`, 'utf8');
    const generated = /# BEGIN users \(generated\)\n([\s\S]*?)\n# END users \(generated\)/.exec(conf)?.[1];
    expect(generated, 'the generated users between their markers').toBeDefined();
    expect(generated).toBe(natsUsersWithEnvPasswords());
    expect(conf).not.toMatch(/publish: ">"/);
    // The one server of docker-compose.yml and overlays/local has the same users.
    const one = readFileSync(`${root}deploy/k8s/infra/nats.conf`, 'utf8');
    expect(/# BEGIN users \(generated\)\n([\s\S]*?)\n# END users \(generated\)/.exec(one)?.[1]).toBe(
      natsUsersWithEnvPasswords(),
    );
  });

  it('makes three servers one JetStream cluster over routes that need their password, and admits each process only as itself', async () => {
    const natsServer = which('nats-server');
    expect(natsServer, 'nats-server (npm test installs it)').toBeTruthy();
    const dir = mkdtempSync(join(tmpdir(), 'meydan-nats-ha-'));
    const threePorts = () => Promise.all([freePort(), freePort(), freePort()]);
    const [clientPorts, clusterPorts, monitorPorts] = [await threePorts(), await threePorts(), await threePorts()];
    const passwords: Record<string, string> = {
      NATS_ROUTE_PASSWORD: 'natsroute0123456789',
      ...natsPasswords('natslive'),
    };
    const routes = clusterPorts
      .map((p) => `nats-route://route:${passwords['NATS_ROUTE_PASSWORD']}@127.0.0.1:${p}`)
      .join(',');
    const conf = readFileSync(`${root}deploy/k8s/infra-ha/nats.conf`, 'utf8');
    const handles: ReturnType<typeof startProcess>[] = [];
    const connections: NatsConnection[] = [];
    const servers = clientPorts.map((p) => `nats://127.0.0.1:${p}`);
    try {
      for (const [i, port] of clientPorts.entries()) {
        // The file as the pods read it, its volume here a folder of the test's; addresses on loopback by flags.
        const own = conf.replace('store_dir: /data', `store_dir: ${join(dir, `data-${i}`)}`);
        expect(own).not.toBe(conf);
        writeFileSync(join(dir, `nats-${i}.conf`), own);
        const args = [
          '-c',
          join(dir, `nats-${i}.conf`),
          '-a',
          '127.0.0.1',
          '-p',
          String(port),
          '-m',
          String(monitorPorts[i]),
        ];
        args.push('--cluster', `nats://127.0.0.1:${clusterPorts[i]}`, '--routes', routes);
        const env = { PATH: process.env['PATH'] ?? '', NATS_SERVER_NAME: `nats-${i}`, ...passwords };
        const handle = startProcess('nats', natsServer!, args, { env, logFile: join(dir, `nats-${i}.log`) });
        handles.push(handle);
        await waitForPort(port, { proc: handle.proc, name: `nats-server ${i}` });
      }
      const polls = await connectNatsServers({
        servers,
        user: 'polls',
        pass: passwords['NATS_PASSWORD_POLLS'],
        inboxPrefix: '_INBOX_polls',
      });
      const operator = await connectNatsServers({
        servers,
        user: 'operator',
        pass: passwords['NATS_PASSWORD_OPERATOR'],
        inboxPrefix: '_INBOX_operator',
      });
      connections.push(polls, operator);
      // (Not asking JetStream yet: the three are still electing its leader.) Streams are the operator's to make.
      const jsm = await operator.jetstreamManager({ checkAPI: false });
      await expect(
        (await polls.jetstreamManager({ checkAPI: false })).streams.add({
          name: 'POLLS_OWN',
          subjects: ['events.polls.own.>'],
        }),
      ).rejects.toThrow(/Permissions Violation/);
      const attempt = (step: () => Promise<unknown>) => async () => {
        try {
          await step();
          return true;
        } catch {
          return false;
        }
      };
      // Once the three have elected a JetStream leader, a stream of three copies is placed on all of them.
      const { name, subjects } = streams.events;
      await until(
        attempt(() => jsm.streams.add({ name, subjects: [...subjects], num_replicas: 3 })),
        40_000,
        'a stream of three copies',
      );
      await until(
        attempt(() =>
          polls.jetstream().publish('events.polls.vote.cast', new TextEncoder().encode('1'), { msgID: 'one' }),
        ),
        20_000,
        'a stored message',
      );
      // Its user may publish polls' events only: social's are refused.
      await expect(
        polls.jetstream().publish('events.social.user.followed', new TextEncoder().encode('1'), { timeout: 2_000 }),
      ).rejects.toThrow();
      const info = await jsm.streams.info(name);
      expect(info.config.num_replicas).toBe(3);
      expect([info.cluster!.leader, ...info.cluster!.replicas!.map((r) => r.name)].sort()).toEqual([
        'nats-0',
        'nats-1',
        'nats-2',
      ]);
      expect(info.state.messages).toBe(1);
      // Each server reached the two others through the password-guarded routes.
      for (const port of monitorPorts) {
        const routez = (await (await fetch(`http://127.0.0.1:${port}/routez`)).json()) as { num_routes: number };
        expect(routez.num_routes, String(port)).toBeGreaterThanOrEqual(2);
      }
      // Another process's password, or none, is refused.
      await expect(
        connectNatsServers({ servers, user: 'auth', pass: passwords['NATS_PASSWORD_POLLS'], reconnect: false }),
      ).rejects.toThrow(/authorization/i);
      await expect(connectNatsServers({ servers, reconnect: false })).rejects.toThrow(/authorization/i);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
      await Promise.all(handles.map((h) => h.stop(2_000)));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('redis-ha.sh (the HA Redis members, on Kubernetes and on one Docker host)', () => {
  it('starts a Sentinel group on its own, the client follows a failover, and the old master comes back as a replica', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-redis-ha-'));
    const script = `${root}deploy/k8s/infra-ha/redis-ha.sh`;
    const serverPorts = await Promise.all([freePort(), freePort(), freePort()]);
    const sentinelPorts = await Promise.all([freePort(), freePort(), freePort()]);
    const password = 'redisha0123456789';
    // Each process's own user; the servers' own password is none of theirs.
    const own = Object.fromEntries(
      redisClients.map((client, i) => [redisPasswordVariable(client), `redisown${i}`.repeat(3)]),
    );
    const common = {
      PATH: process.env['PATH'] ?? '',
      REDIS_PASSWORD: password,
      ...own,
      REDIS_SERVERS: serverPorts.map((p) => `127.0.0.1:${p}`).join(' '),
      REDIS_SENTINELS: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(' '),
      REDIS_MASTER_NAME: 'meydan',
      REDIS_DOWN_AFTER_MS: '1000',
    };
    const handles: ReturnType<typeof startProcess>[] = [];
    const start = async (role: 'server' | 'sentinel', port: number, run = '') => {
      const home = join(dir, `${role}-${port}${run}`);
      mkdirSync(home, { recursive: true });
      const logFile = join(home, 'log');
      const env = {
        ...common,
        REDIS_SELF: `127.0.0.1:${port}`,
        REDIS_CONF_DIR: home,
        REDIS_DATA_DIR: join(dir, `data-${port}`),
      };
      mkdirSync(env.REDIS_DATA_DIR, { recursive: true });
      const handle = startProcess(`redis-ha ${role}`, 'sh', [script, role], { logFile, env });
      handles.push(handle);
      await waitForPort(port, { proc: handle.proc, name: `redis-ha.sh ${role}` });
      return { handle, firstLine: () => firstLineOf(logFile) };
    };
    const cli = (port: number, ...args: string[]) =>
      execFileSync('redis-cli', ['-p', String(port), ...args], {
        encoding: 'utf8',
        env: { ...process.env, REDISCLI_AUTH: password },
      }).trim();
    const [p0, p1, p2] = serverPorts as [number, number, number];
    let redis: ReturnType<typeof connectRedis> | undefined;
    try {
      // The very first start: no sentinel answers, so the first server is the master and the others its replicas.
      const servers = [await start('server', p0), await start('server', p1), await start('server', p2)];
      expect(await Promise.all(servers.map((s) => s.firstLine()))).toEqual([
        `redis-ha: starting 127.0.0.1:${p0} as master`,
        `redis-ha: starting 127.0.0.1:${p1} as replica of 127.0.0.1:${p0}`,
        `redis-ha: starting 127.0.0.1:${p2} as replica of 127.0.0.1:${p0}`,
      ]);
      for (const port of sentinelPorts) await start('sentinel', port);
      // A password is required, of clients and of whoever asks a sentinel.
      const anonymous = spawnSync('redis-cli', ['-p', String(p0), 'ping'], { encoding: 'utf8' });
      expect(anonymous.stdout + anonymous.stderr).toMatch(/NOAUTH/);

      // Both replicas have synced before the first write.
      await until(
        () => (cli(p0, 'info', 'replication').match(/state=online/g) ?? []).length === 2,
        30_000,
        'two replicas online',
      );
      // polls, as its own user: found through the sentinels, which it may ask nothing else.
      const pollsPassword = own[redisPasswordVariable('polls')]!;
      redis = connectRedis(
        `redis+sentinel://polls:${pollsPassword}@${common.REDIS_SENTINELS.split(' ').join(',')}/meydan`,
        'polls',
        testLogger(),
      );
      await redis.set('before', '1');
      // Its own keys only, and nothing that lists the others' (a session key among them).
      cli(p0, 'set', 'auth:session:digest', '{}');
      await expect(redis.call('scan', '0', 'MATCH', 'auth:*')).rejects.toThrow(/NOPERM/);
      await expect(redis.call('keys', '*')).rejects.toThrow(/NOPERM/);
      const asPolls = (port: number, ...args: string[]) =>
        spawnSync(
          'redis-cli',
          ['-p', String(port), '--user', 'polls', '--pass', pollsPassword, '--no-auth-warning', ...args],
          { encoding: 'utf8' },
        );
      expect(asPolls(p0, 'get', 'auth:session:digest').stdout).toMatch(/NOPERM/);
      expect(asPolls(sentinelPorts[0]!, 'sentinel', 'get-master-addr-by-name', 'meydan').stdout).toContain('127.0.0.1');
      for (const args of [
        ['sentinel', 'failover', 'meydan'],
        ['sentinel', 'set', 'meydan', 'down-after-milliseconds', '1'],
        ['sentinel', 'remove', 'meydan'],
      ]) {
        const refused = asPolls(sentinelPorts[0]!, ...args);
        expect(refused.stdout + refused.stderr, args.join(' ')).toMatch(/NOPERM/);
      }
      expect(await redis.wait(2, 5_000)).toBe(2);
      // Each sentinel has found the two others before the master goes.
      await until(
        () => sentinelPorts.every((port) => cli(port, 'sentinel', 'ckquorum', 'meydan').startsWith('OK 3 usable')),
        20_000,
        'three sentinels',
      );

      servers[0]!.handle.proc.kill('SIGKILL');
      await until(
        async () => {
          try {
            await redis!.set('after', '2');
            return true;
          } catch {
            return false;
          }
        },
        30_000,
        'a write after the failover',
      );
      const promoted = Number(/tcp_port:(\d+)/.exec(await redis.info('server'))![1]);
      expect([p1, p2]).toContain(promoted);
      expect(await redis.get('before')).toBe('1');

      // The old master, restarted, asks the sentinels and comes back as the new master's replica, with its writes.
      const again = await start('server', p0, '-again');
      expect(await again.firstLine()).toBe(`redis-ha: starting 127.0.0.1:${p0} as replica of 127.0.0.1:${promoted}`);
      // (The service's key prefix, `polls:`.)
      await until(() => cli(p0, 'get', 'polls:after') === '2', 20_000, 'the old master to catch up');
      expect(cli(p0, 'info', 'replication')).toMatch(/role:slave/);
    } finally {
      redis?.disconnect();
      await Promise.all(handles.map((h) => h.stop(2_000)));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the one-server NATS and Redis (docker-compose.yml, overlays/local)', () => {
  it('admit each process only as itself, with the same rules as the HA servers', async () => {
    const natsServer = which('nats-server');
    expect(natsServer, 'nats-server (npm test installs it)').toBeTruthy();
    const dir = mkdtempSync(join(tmpdir(), 'meydan-one-server-'));
    const [natsPort, redisPort] = [await freePort(), await freePort()];
    const passwords: Record<string, string> = {
      REDIS_PASSWORD: 'redisone0123456789',
      ...natsPasswords('natsone'),
      ...redisPasswords('redisone'),
    };
    const handles: ReturnType<typeof startProcess>[] = [];
    const connections: NatsConnection[] = [];
    let redis: ReturnType<typeof connectRedis> | undefined;
    try {
      const conf = readFileSync(`${root}deploy/k8s/infra/nats.conf`, 'utf8').replace(
        'store_dir: /data',
        `store_dir: ${join(dir, 'nats')}`,
      );
      writeFileSync(join(dir, 'nats.conf'), conf);
      const env = { PATH: process.env['PATH'] ?? '', ...passwords };
      const nats = startProcess(
        'nats',
        natsServer!,
        ['-c', join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', String(natsPort), '-m', '0'],
        { env, logFile: join(dir, 'nats.log') },
      );
      handles.push(nats);
      await waitForPort(natsPort, { proc: nats.proc, name: 'nats-server' });
      const servers = [`nats://127.0.0.1:${natsPort}`];
      const as = async (user: string) => {
        const nc = await connectNatsServers({
          servers,
          user,
          pass: passwords[`NATS_PASSWORD_${user.toUpperCase()}`],
          inboxPrefix: `_INBOX_${user}`,
        });
        connections.push(nc);
        return nc;
      };
      const { name, subjects } = streams.events;
      await (await (await as('operator')).jetstreamManager()).streams.add({ name, subjects: [...subjects] });
      const polls = await as('polls');
      await expect((await polls.jetstreamManager()).streams.update(name, { max_age: 1_000_000_000 })).rejects.toThrow(
        /Permissions Violation/,
      );
      await polls.jetstream().publish('events.polls.vote.cast', new TextEncoder().encode('1'));
      await expect(
        connectNatsServers({ servers, user: 'auth', pass: passwords['NATS_PASSWORD_POLLS'], reconnect: false }),
      ).rejects.toThrow(/authorization/i);

      const home = join(dir, 'redis');
      mkdirSync(home);
      const redisServer = startProcess('redis-ha single', 'sh', [`${root}deploy/k8s/infra-ha/redis-ha.sh`, 'single'], {
        env: { ...env, REDIS_SELF: `127.0.0.1:${redisPort}`, REDIS_CONF_DIR: home, REDIS_DATA_DIR: home },
        logFile: join(home, 'log'),
      });
      handles.push(redisServer);
      await waitForPort(redisPort, { proc: redisServer.proc, name: 'redis-ha.sh single' });
      expect(await firstLineOf(join(home, 'log'))).toBe(`redis-ha: starting 127.0.0.1:${redisPort} as master`);
      redis = connectRedis(
        `redis://polls:${passwords['REDIS_PASSWORD_POLLS']}@127.0.0.1:${redisPort}`,
        'polls',
        testLogger(),
      );
      await redis.set('own', '1');
      expect(await redis.get('own')).toBe('1');
      await expect(redis.call('scan', '0')).rejects.toThrow(/NOPERM/);
      const anonymous = spawnSync('redis-cli', ['-p', String(redisPort), 'get', 'polls:own'], { encoding: 'utf8' });
      expect(anonymous.stdout + anonymous.stderr).toMatch(/NOAUTH/);
    } finally {
      redis?.disconnect();
      await Promise.all(connections.map((c) => c.close()));
      await Promise.all(handles.map((h) => h.stop(2_000)));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('skaffold.yaml and the Dockerfile', () => {
  it('builds one image per app, with the same workspace as compose', () => {
    const skaffold = parse(readFileSync(`${root}skaffold.yaml`, 'utf8'));
    const artifacts = skaffold.build.artifacts.map((a: Yaml) => [a.image, a.docker.buildArgs.WORKSPACE]);
    expect(artifacts.sort()).toEqual(apps.map((app) => [`meydan/${app}`, workspaceOf(app)]).sort());
    expect(skaffold.manifests.kustomize.paths).toEqual(['deploy/k8s/overlays/local']);
  });

  it('gives the image that runs the memory settings every local process gets', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    const env = imageEnv(dockerfile);
    for (const [key, value] of Object.entries(runtimeSettings)) expect(env[key], key).toBe(value);
    // A flag on node's command line would win over NODE_OPTIONS: the image starts a plain `node`.
    const cmd = dockerfile.match(/^CMD .*$/gm)!.at(-1)!;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own ${WORKSPACE} variable, as its CMD holds it
    expect(cmd).toContain('node ${WORKSPACE}/dist/main.js');
    expect(cmd).not.toMatch(/node\s+-/);
  });

  it('runs Node 24 LTS, the major development and the tests run (deploy/test/pinned-node.test.ts)', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own ${NODE_IMAGE} argument, as its FROM lines hold it
      dockerfile.match(/^FROM .*$/gm)!.filter((line) => !line.includes('${NODE_IMAGE}') && !/^FROM (deps) /.test(line)),
    ).toEqual([]);
  });

  it("installs every dependency once, before any build argument, and gives each image only its workspace's", () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    const lines = dockerfile.split('\n');
    const installs = lines.filter((l) => /^RUN .*\bnpm ci\b/.test(l));
    expect(installs).toHaveLength(2);
    const [all, own] = installs as [string, string];
    expect(all).not.toMatch(/--omit|--workspace/);
    expect(own).toMatch(/npm ci --omit=dev .*--workspace "\$\{WORKSPACE\}"/);
    // The shared install layer comes before the first use of WORKSPACE: its cache is the same for all seven images.
    const firstArg = lines.findIndex((l) => /^ARG WORKSPACE/.test(l));
    expect(lines.indexOf(all)).toBeLessThan(firstArg);
    // The image that runs takes node_modules from the per-workspace install, never the build's (dev) one.
    const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(lastStage).toMatch(/^COPY --from=runtime-deps .*\/app\/node_modules node_modules$/m);
    expect(lastStage).not.toMatch(/^COPY --from=build .*node_modules/m);
    expect(lastStage).toMatch(/^COPY --from=runtime-deps .*\/app\/\$\{WORKSPACE\} \$\{WORKSPACE\}$/m);
  });

  it.each(['services/notifications', 'gateway'])(
    '%s: its production install alone loads its built app (no web or dev dependency)',
    (workspace) => {
      // The runtime-deps stage as Docker runs it, here: the package files, `npm ci --omit=dev --workspace`, the build.
      const dir = mkdtempSync(join(tmpdir(), 'meydan-image-'));
      try {
        const workspaces: string[] = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces;
        for (const file of ['package.json', 'package-lock.json', ...workspaces.map((ws) => `${ws}/package.json`)]) {
          mkdirSync(dirname(join(dir, file)), { recursive: true });
          cpSync(`${root}${file}`, join(dir, file));
        }
        execFileSync(
          'npm',
          [
            'ci',
            '--omit=dev',
            '--prefer-offline',
            '--no-audit',
            '--no-fund',
            '--ignore-scripts',
            '--workspace',
            workspace,
          ],
          {
            cwd: dir,
            stdio: 'pipe',
          },
        );
        for (const ws of ['proto', 'services/kit', workspace])
          cpSync(`${root}${ws}/dist`, join(dir, ws, 'dist'), { recursive: true });
        for (const absent of ['react', 'vite', 'typescript', 'vitest'])
          expect(existsSync(join(dir, 'node_modules', absent)), absent).toBe(false);
        const loaded = execFileSync(
          process.execPath,
          ['--input-type=module', '-e', `await import('./${workspace}/dist/app.js'); console.log('loaded')`],
          {
            cwd: dir,
            encoding: 'utf8',
          },
        );
        expect(loaded.trim()).toBe('loaded');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it('copies the package.json of every workspace before npm ci', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    const workspaces: string[] = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces;
    for (const ws of workspaces) expect(dockerfile, ws).toContain(`COPY ${ws}/package.json ${ws}/`);
  });
});

describe('a deployment with a published administrator password', () => {
  const startAuth = (env: Record<string, string>) =>
    spawnSync(process.execPath, [`${root}services/auth/dist/main.js`], {
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '0',
        // Nothing listens here: a refused configuration stops before any connection is tried.
        NATS_URL: 'nats://127.0.0.1:9',
        REDIS_URL: 'redis://127.0.0.1:9',
        MONGO_URL: 'mongodb://127.0.0.1:9',
        INTERNAL_SECRET: 'c'.repeat(64),
        MAIL_SECRET: 'm'.repeat(64),
        ADMIN_EMAIL: 'admin@meydan.example.com',
        ...env,
      },
    });

  it('is refused by auth at start, in one line, when PUBLIC_ORIGIN is not localhost', () => {
    for (const [origin, password] of [
      ['https://meydan.example.com', 'meydan-admin'],
      ['http://192.168.1.20:8080', 'changeme'],
    ] as const) {
      const run = startAuth({ PUBLIC_ORIGIN: origin, ADMIN_PASSWORD: password });
      expect(run.status, `${origin} ${password}`).toBe(1);
      expect(run.stderr).toBe(
        'auth: environment variable ADMIN_PASSWORD is a published default password: set a password of your own before serving a PUBLIC_ORIGIN other than localhost\n',
      );
    }
  });

  it('lets through localhost (npm start’s default) with any password, and any origin with a password of one’s own', () => {
    const base = {
      PORT: '0',
      NATS_URL: 'nats://127.0.0.1:9',
      REDIS_URL: 'redis://127.0.0.1:9',
      MONGO_URL: 'mongodb://127.0.0.1:9',
      INTERNAL_SECRET: 'c'.repeat(64),
      MAIL_SECRET: 'm'.repeat(64),
    };
    for (const env of [
      { ADMIN_PASSWORD: 'meydan-admin' },
      { PUBLIC_ORIGIN: 'http://localhost:8080', ADMIN_PASSWORD: 'meydan-admin' },
      { PUBLIC_ORIGIN: 'http://127.0.0.1:8080', ADMIN_PASSWORD: 'changeme' },
      { PUBLIC_ORIGIN: 'https://meydan.example.com', ADMIN_PASSWORD: 'kendi-uzun-sifrem' },
    ]) {
      expect(() => loadConfig(authConfigSchema, { ...base, ...env }), JSON.stringify(env)).not.toThrow();
    }
    expect(() =>
      loadConfig(authConfigSchema, {
        ...base,
        PUBLIC_ORIGIN: 'https://meydan.example.com',
        ADMIN_PASSWORD: 'meydan-admin',
      }),
    ).toThrow(ConfigError);
  });
});
