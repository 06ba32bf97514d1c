// The data servers of `npm run chaos:cluster`, each as a cluster on loopback, in one temp dir: NATS ×3 as one
// JetStream cluster and PostgreSQL (a primary and a synchronous streaming standby) under FerretDB v1; Redis's are in
// cluster-redis.mjs. Each knows how to find the node a fault should hit, kill it, and start it again so that it rejoins.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgres, which } from '../local/install.mjs';
import { startNats, startProcess, waitForPort } from '../local/servers.mjs';
import { freePorts, holdPorts, killHard, startAgain } from './cluster-nodes.mjs';
import { sleep, until } from './storm.mjs';

/** @import { ProcessHandle, ServerHandle } from '../local/servers.mjs' */
/**
 * One server of the NATS cluster: its client, route and monitoring ports, its handle once started, and what holds its
 * ports while it is down.
 * @typedef {{ name: string, port: number, routePort: number, monitorPort: number, handle: ServerHandle, release?: () => Promise<unknown> }} NatsNode
 */
/** @typedef {{ leader?: string, replicas?: { name: string, current: boolean, offline?: boolean }[] }} StreamCluster */
/** What a server's /jsz answers, as far as it is read here. */
/** @typedef {{ account_details?: { stream_detail?: { name: string, cluster?: StreamCluster }[] }[] }} Jsz */

/** The NATS configuration Kubernetes and Compose run (deploy/k8s/infra-ha/nats.conf), whose lame duck settings the cluster takes. */
const HA_NATS_CONF = fileURLToPath(new URL('../k8s/infra-ha/nats.conf', import.meta.url));

/** The lines of the HA NATS configuration that say how a stopping server leaves (lame_duck_duration, lame_duck_grace_period). */
export function lameDuckSettings(conf = readFileSync(HA_NATS_CONF, 'utf8')) {
  const lines = conf
    .split('\n')
    .filter((line) => /^lame_duck_(duration|grace_period):/.test(line.trim()))
    .map((line) => line.trim());
  if (lines.length !== 2)
    throw new Error(
      `${HA_NATS_CONF}: expected lame_duck_duration and lame_duck_grace_period, found ${lines.length} of them`,
    );
  return lines;
}

/**
 * Three nats-servers routed to each other as one JetStream cluster, each with its monitoring port and the lame duck
 * settings of the HA configuration. `leaderOf(stream)` asks the monitoring endpoint (/jsz) which server leads the
 * stream and which follow; `kill(name)`, `stopGracefully(name)` and `restart(name)` (same port, store and routes) are
 * the faults.
 * @param {string} dir
 * @param {{ binary: string | null | undefined, size?: number }} options
 */
export async function startNatsCluster(dir, { binary, size = 3 }) {
  const ports = await freePorts(size * 3);
  const nodes = Array.from(
    { length: size },
    (_, i) =>
      /** @type {NatsNode} */ ({
        name: `n${i + 1}`,
        port: ports[i],
        routePort: ports[size + i],
        monitorPort: ports[2 * size + i],
      }),
  );
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.routePort}`);
  const lameDuck = lameDuckSettings();
  const start = async (/** @type {NatsNode} */ node) => {
    mkdirSync(join(dir, node.name), { recursive: true });
    const configFile = join(dir, node.name, 'cluster.conf');
    const cluster = { name: 'meydan-chaos', listen: `127.0.0.1:${node.routePort}`, routes };
    writeFileSync(
      configFile,
      `server_name: ${JSON.stringify(node.name)}\nhttp: "127.0.0.1:${node.monitorPort}"\n${lameDuck.join('\n')}\ncluster: ${JSON.stringify(cluster)}\n`,
    );
    node.handle = await startNats({
      port: node.port,
      dataDir: join(dir, node.name, 'data'),
      logFile: join(dir, `${node.name}.log`),
      binary,
      configFile,
    });
    return node.handle;
  };
  /** Its ports held while it is down (see holdPorts). */
  const down = async (/** @type {NatsNode} */ node) => {
    node.release = await holdPorts([node.port, node.routePort, node.monitorPort]);
  };
  await Promise.all(nodes.map(start));
  const byName = (/** @type {string} */ name) => /** @type {NatsNode} */ (nodes.find((n) => n.name === name));
  /** @type {(node: NatsNode) => Promise<Jsz>} */
  const jsz = async (node) =>
    (
      await fetch(`http://127.0.0.1:${node.monitorPort}/jsz?accounts=true&streams=true`, {
        signal: AbortSignal.timeout(3000),
      })
    ).json();
  const live = () => nodes.filter((n) => n.handle.proc.exitCode === null && n.handle.proc.signalCode === null);
  /** The stream's state as `node` sees it (its leader, and the other servers' copies: from the leader, its followers'). */
  /** @type {(node: NatsNode, stream: string) => Promise<StreamCluster | null>} */
  const streamAt = async (node, stream) => {
    const info = await jsz(node).catch(() => null);
    return info?.account_details?.flatMap((a) => a.stream_detail ?? []).find((s) => s.name === stream)?.cluster ?? null;
  };
  const leaderOf = async (/** @type {string} */ stream) => {
    for (const node of live()) {
      const leader = (await streamAt(node, stream))?.leader;
      if (leader) return { leader, followers: nodes.map((n) => n.name).filter((name) => name !== leader) };
    }
    return null;
  };
  /** Whether the server's /healthz says it is caught up: JetStream's meta layer, streams and consumers current. */
  const healthy = async (/** @type {NatsNode} */ node) =>
    (await fetch(`http://127.0.0.1:${node.monitorPort}/healthz`, { signal: AbortSignal.timeout(3000) })).ok;
  return {
    nodes,
    url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(','),
    /** The server leading the stream and the others, as the live servers' /jsz tell it; null while none leads. */
    leaderOf,
    /** @param {string} name */
    async kill(name) {
      await killHard(byName(name).handle);
      await down(byName(name));
    },
    /**
     * Stops a server as Kubernetes stops its pod: SIGUSR2 (what the preStop hook's `nats-server --signal ldm` sends:
     * lame duck mode, its stream and consumer leaders handed to the others, then its clients closed over the lame duck
     * duration), then SIGTERM (the kubelet's, which a server in lame duck mode leaves to it), and SIGKILL if it is still
     * there after `graceMs` (terminationGracePeriodSeconds). Resolves once it has exited.
     */
    async stopGracefully(/** @type {string} */ name, graceMs = 60_000) {
      const { proc, exited } = byName(name).handle;
      proc.kill('SIGUSR2');
      // The hook's own exit and the kubelet's turn come before the SIGTERM: the server is in lame duck mode by then.
      await sleep(300);
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      await down(byName(name));
    },
    /**
     * Starts a stopped server again and waits until the stream's leader counts every follower current again and the
     * server's /healthz passes (what Kubernetes waits for before it stops the next member: the startup probe).
     */
    async restart(/** @type {string} */ name, /** @type {string} */ stream) {
      const node = byName(name);
      await node.release?.();
      node.release = undefined;
      // What answers on its monitoring port is this server (another run's server there would be n1…n3 too, but not on our port).
      const isOurs = async () => {
        const varz = await (
          await fetch(`http://127.0.0.1:${node.monitorPort}/varz`, { signal: AbortSignal.timeout(3000) })
        ).json();
        return varz.server_name === name && varz.port === node.port;
      };
      await startAgain(`NATS ${name}`, () => start(node), isOurs);
      await until(`${name} back in stream ${stream}`, async () => {
        const where = await leaderOf(stream);
        const cluster = where && (await streamAt(byName(where.leader), stream));
        return (
          cluster?.leader === /** @type {NonNullable<typeof where>} */ (where).leader &&
          cluster.replicas?.length === size - 1 &&
          cluster.replicas.every((r) => r.current && !r.offline) &&
          (await healthy(byName(name)))
        );
      });
    },
    stop: () =>
      Promise.all(
        nodes.map(async (n) => {
          await n.handle?.stop(5000);
          await n.release?.();
        }),
      ),
  };
}

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (Debian's package makes it)
 * and its directories are that user's.
 * @returns {{ wrap: (cmd: string, args: string[]) => [string, string[]], own: (path: string) => void }}
 */
function asPostgresUser() {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args], own: () => {} };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return {
    wrap: (cmd, args) => [
      which('setpriv') ?? 'setpriv',
      [`--reuid=${uid}`, `--regid=${gid}`, '--init-groups', cmd, ...args],
    ],
    own: (path) => chownSync(path, uid, gid),
  };
}

/**
 * A PostgreSQL primary and a streaming standby that every commit waits for (synchronous_standby_names on the
 * primary only, so the standby, once promoted, commits alone), and FerretDB v1 on them through one URL listing both
 * with target_session_attrs=read-write: it follows whichever accepts writes. `failover()` kills the primary (its whole
 * process group) and promotes the standby with `pg_ctl promote`.
 * @param {string} dir
 * @param {{ ferretdb: string, say?: (line: string) => void }} options
 */
export async function startPostgresFerret(dir, { ferretdb, say }) {
  const bin = ensurePostgres();
  const user = asPostgresUser();
  const pgDir = join(dir, 'postgres');
  mkdirSync(pgDir, { recursive: true });
  chmodSync(dir, 0o755);
  user.own(pgDir);
  const run = (/** @type {string} */ program, /** @type {string[]} */ args) => {
    const [cmd, full] = user.wrap(join(bin, program), args);
    const result = spawnSync(cmd, full, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stdout}${result.stderr}`.slice(-2000));
  };
  const [primaryPort, standbyPort, ferretPort] = /** @type {[number, number, number]} */ (await freePorts(3));
  const primaryDir = join(pgDir, 'primary');
  const standbyDir = join(pgDir, 'standby');
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  // fsync off: a killed process loses nothing the kernel already has; only a power loss would, and none is staged.
  const common = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=off',
    '-c',
    'max_connections=200',
  ];
  /** @type {(name: string, dataDir: string, port: number, extra?: string[]) => ProcessHandle} */
  const postgres = (name, dataDir, port, extra = []) => {
    const [cmd, args] = user.wrap(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...common, ...extra]);
    return startProcess(name, cmd, args, { logFile: join(dir, `${name}.log`) });
  };
  const primary = postgres('postgres-primary', primaryDir, primaryPort);
  let standby = /** @type {ProcessHandle | null} */ (null);
  try {
    await replicate({
      primary,
      primaryPort,
      standbyDir,
      standbyPort,
      postgres,
      run,
      user,
      bin,
      started: (handle) => (standby = handle),
    });
  } catch (err) {
    await standby?.stop(5000);
    await primary.stop(5000);
    throw err;
  }
  const pgUrl = `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/ferretdb?target_session_attrs=read-write&sslmode=disable`;
  /** @type {(() => Promise<unknown>) | undefined} */
  let releasePrimary;
  const ferret = await startFerret({ ferretdb, dir, port: ferretPort, pgUrl });
  say?.(`PostgreSQL primary :${primaryPort}, synchronous standby :${standbyPort}, FerretDB :${ferretPort}`);
  return {
    url: ferret.url,
    primaryPort,
    standbyPort,
    async failover() {
      await killHard(primary);
      // Held until the end: FerretDB's URL still names it, and must not meet another run's server there.
      releasePrimary = await holdPorts([primaryPort]);
      run('pg_ctl', ['promote', '-w', '-D', standbyDir]);
    },
    stop: async () => {
      await ferret.stop(5000);
      await /** @type {ProcessHandle} */ (standby).stop(10_000);
      await primary.stop(10_000);
      await releasePrimary?.();
    },
  };
}

/**
 * The primary up, its database, the standby copied from it and started (told to `started`), then every commit made to wait for it.
 * @param {{ primary: ProcessHandle, primaryPort: number, standbyDir: string, standbyPort: number, postgres: (name: string, dataDir: string, port: number) => ProcessHandle, run: (program: string, args: string[]) => void, user: ReturnType<typeof asPostgresUser>, bin: string, started: (handle: ProcessHandle) => ProcessHandle }} servers
 */
async function replicate({ primary, primaryPort, standbyDir, standbyPort, postgres, run, user, bin, started }) {
  await waitForPort(primaryPort, { proc: primary.proc, name: 'postgres primary' });
  const sql = (/** @type {string} */ command) =>
    run('psql', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-q', '-c', command]);
  /** The primary's one-value answer to `query` ('' while it does not answer). */
  const value = (/** @type {string} */ query) => {
    const [cmd, args] = user.wrap(join(bin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-tAc',
      query,
    ]);
    return spawnSync(cmd, args, { encoding: 'utf8' }).stdout.trim();
  };
  // The port opens before PostgreSQL takes queries ("the database system is starting up": a fresh-clone run failed so).
  await until('the primary to take queries', () => value('SELECT 1') === '1', 30_000);
  sql('CREATE DATABASE ferretdb');
  // A fast checkpoint: the default spreads it over minutes, and the copy waits for it.
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
  ]);
  const standby = started(postgres('postgres-standby', standbyDir, standbyPort));
  await waitForPort(standbyPort, { proc: standby.proc, name: 'postgres standby' });
  // Only now, and only the primary's own settings (the standby was copied before): every commit waits for the standby.
  sql("ALTER SYSTEM SET synchronous_standby_names = '*'");
  sql('SELECT pg_reload_conf()');
  await until(
    'the standby to be synchronous',
    () => value('SELECT sync_state FROM pg_stat_replication') === 'sync',
    30_000,
  );
}

/** @param {{ ferretdb: string, dir: string, port: number, pgUrl: string }} options */
async function startFerret({ ferretdb, dir, port, pgUrl }) {
  const handle = startProcess(
    'ferretdb',
    ferretdb,
    [
      '--handler=postgresql',
      `--postgresql-url=${pgUrl}`,
      `--listen-addr=127.0.0.1:${port}`,
      // CHAOS_FERRETDB_DEBUG (cluster.mjs): its debug handler, for counting and profiling its commands under a storm.
      `--debug-addr=${process.env.CHAOS_FERRETDB_DEBUG || '-'}`,
      `--state-dir=${dir}`,
      '--telemetry=disable',
      '--log-level=warn',
    ],
    { logFile: join(dir, 'ferretdb.log') },
  );
  await waitForPort(port, { proc: handle.proc, name: 'ferretdb' });
  return { ...handle, url: `mongodb://127.0.0.1:${port}`, port };
}
