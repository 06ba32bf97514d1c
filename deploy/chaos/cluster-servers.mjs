// The data servers of `npm run chaos:cluster`, each as a cluster on loopback, in one temp dir: NATS ×3 as one
// JetStream cluster, Redis with Sentinel (a master, two replicas, three sentinels) or as a Redis Cluster (three
// masters, three replicas), and PostgreSQL (a primary and a synchronous streaming standby) under FerretDB v1. Each
// knows how to find the node a fault should hit, kill it, and start it again so that it rejoins.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgres, which } from '../local/install.mjs';
import { freePort, startNats, startProcess, startRedis, waitForPort } from '../local/servers.mjs';
import { sleep, until } from './storm.mjs';

/** The NATS configuration Kubernetes and Compose run (deploy/k8s/infra-ha/nats.conf), whose lame duck settings the cluster takes. */
const HA_NATS_CONF = fileURLToPath(new URL('../k8s/infra-ha/nats.conf', import.meta.url));

/** The lines of the HA NATS configuration that say how a stopping server leaves (lame_duck_duration, lame_duck_grace_period). */
export function lameDuckSettings(conf = readFileSync(HA_NATS_CONF, 'utf8')) {
  const lines = conf.split('\n').filter((line) => /^lame_duck_(duration|grace_period):/.test(line.trim())).map((line) => line.trim());
  if (lines.length !== 2) throw new Error(`${HA_NATS_CONF}: expected lame_duck_duration and lame_duck_grace_period, found ${lines.length} of them`);
  return lines;
}

/** `count` different free ports (two asks for a free port may get the same one). */
async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** SIGKILL to a server's whole process group (PostgreSQL's postmaster and its backends, or one Redis or NATS). */
function killHard(handle) {
  try {
    process.kill(-handle.proc.pid, 'SIGKILL');
  } catch {
    handle.proc.kill('SIGKILL');
  }
  return handle.exited;
}

/**
 * Keeps the ports of a server that is down from every other program until `release()`: on a shared machine, another
 * run picking free ports could otherwise listen on one meanwhile, and our clients would reconnect to its server (or
 * ours fail to start again). A connection is closed at once, as a refused one would be. A port that cannot be held
 * (the dead server's last connections still closing) is left: nobody else can take it either.
 */
async function holdPorts(ports) {
  const held = await Promise.all(
    ports.map(
      (port) =>
        new Promise((resolve) => {
          const server = createServer((socket) => socket.destroy());
          server.once('error', () => resolve(null));
          server.listen(port, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  return () => Promise.all(held.filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve))));
}

/** A started server that is still running a moment later (one that could not listen on its ports has exited by then). */
async function stillRunning(handle) {
  await sleep(500);
  return handle.proc.exitCode === null && handle.proc.signalCode === null;
}

/**
 * Starts a stopped server again on its ports (`start()` resolves with its handle), trying again while it cannot
 * listen on them yet (the dead one's last connections closing: EADDRINUSE) or `isOurs` says what answers there is not
 * it; gives up after `timeoutMs`.
 */
async function startAgain(what, start, isOurs = async () => true, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const handle = await start().catch(() => null);
    if (handle && (await stillRunning(handle)) && (await isOurs(handle).catch(() => false))) return handle;
    await handle?.stop(2000).catch(() => {});
    if (Date.now() > end) throw new Error(`${what} did not start again on its ports within ${timeoutMs / 1000} s (see its log)`);
    await sleep(1000);
  }
}

/**
 * Three nats-servers routed to each other as one JetStream cluster, each with its monitoring port and the lame duck
 * settings of the HA configuration. `leaderOf(stream)` asks the monitoring endpoint (/jsz) which server leads the
 * stream and which follow; `kill(name)`, `stopGracefully(name)` and `restart(name)` (same port, store and routes) are
 * the faults.
 */
export async function startNatsCluster(dir, { binary, size = 3 }) {
  const ports = await freePorts(size * 3);
  const nodes = Array.from({ length: size }, (_, i) => ({ name: `n${i + 1}`, port: ports[i], routePort: ports[size + i], monitorPort: ports[2 * size + i] }));
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.routePort}`);
  const lameDuck = lameDuckSettings();
  const start = async (node) => {
    mkdirSync(join(dir, node.name), { recursive: true });
    const configFile = join(dir, node.name, 'cluster.conf');
    const cluster = { name: 'meydan-chaos', listen: `127.0.0.1:${node.routePort}`, routes };
    writeFileSync(configFile, `server_name: ${JSON.stringify(node.name)}\nhttp: "127.0.0.1:${node.monitorPort}"\n${lameDuck.join('\n')}\ncluster: ${JSON.stringify(cluster)}\n`);
    node.handle = await startNats({ port: node.port, dataDir: join(dir, node.name, 'data'), logFile: join(dir, `${node.name}.log`), binary, configFile });
    return node.handle;
  };
  /** Its ports held while it is down (see holdPorts). */
  const down = async (node) => {
    node.release = await holdPorts([node.port, node.routePort, node.monitorPort]);
  };
  await Promise.all(nodes.map(start));
  const byName = (name) => nodes.find((n) => n.name === name);
  const jsz = async (node) => (await fetch(`http://127.0.0.1:${node.monitorPort}/jsz?accounts=true&streams=true`, { signal: AbortSignal.timeout(3000) })).json();
  const live = () => nodes.filter((n) => n.handle.proc.exitCode === null && n.handle.proc.signalCode === null);
  /** The stream's state as `node` sees it (its leader, and the other servers' copies: from the leader, its followers'). */
  const streamAt = async (node, stream) => {
    const info = await jsz(node).catch(() => null);
    return info?.account_details?.flatMap((a) => a.stream_detail ?? []).find((s) => s.name === stream)?.cluster ?? null;
  };
  const leaderOf = async (stream) => {
    for (const node of live()) {
      const leader = (await streamAt(node, stream))?.leader;
      if (leader) return { leader, followers: nodes.map((n) => n.name).filter((name) => name !== leader) };
    }
    return null;
  };
  /** Whether the server's /healthz says it is caught up: JetStream's meta layer, streams and consumers current. */
  const healthy = async (node) => (await fetch(`http://127.0.0.1:${node.monitorPort}/healthz`, { signal: AbortSignal.timeout(3000) })).ok;
  return {
    nodes,
    url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(','),
    /** The server leading the stream and the others, as the live servers' /jsz tell it; null while none leads. */
    leaderOf,
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
    async stopGracefully(name, graceMs = 60_000) {
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
    async restart(name, stream) {
      const node = byName(name);
      await node.release?.();
      node.release = undefined;
      // What answers on its monitoring port is this server (another run's server there would be n1…n3 too, but not on our port).
      const isOurs = async () => {
        const varz = await (await fetch(`http://127.0.0.1:${node.monitorPort}/varz`, { signal: AbortSignal.timeout(3000) })).json();
        return varz.server_name === name && varz.port === node.port;
      };
      await startAgain(`NATS ${name}`, () => start(node), isOurs);
      await until(`${name} back in stream ${stream}`, async () => {
        const where = await leaderOf(stream);
        const cluster = where && (await streamAt(byName(where.leader), stream));
        return cluster?.leader === where.leader && cluster.replicas?.length === size - 1 && cluster.replicas.every((r) => r.current && !r.offline) && (await healthy(byName(name)));
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

/** Whether the Redis answering on `port` is the process `handle` started. */
const isRedisOf = (port) => async (handle) => Number(/process_id:(\d+)/.exec(redisCli(port, 'INFO', 'server'))?.[1]) === handle.proc.pid;

const redisCli = (port, ...args) => execFileSync(which('redis-cli') ?? 'redis-cli', ['-p', String(port), '--raw', ...args], { encoding: 'utf8', timeout: 5000 }).trim();

/** Redis with an append-only file (written to disk every second), as `npm run chaos` runs it; `extraArgs` more. */
async function redisNode(dir, name, port, binary, extraArgs = []) {
  return startRedis({ port, dataDir: join(dir, name), logFile: join(dir, `${name}.log`), persist: true, binary, extraArgs });
}

/**
 * A Redis master, two replicas and three sentinels watching them (master name `meydan`, down after 1 s), and the
 * `redis+sentinel://` URL of the sentinels. `master()` is the port Sentinel names; `kill(port)`, `restart(port)`
 * (same port and data: Sentinel makes it a replica of whoever is master now), `stall(port)` and `rejoined(port)`.
 */
export async function startRedisSentinel(dir, { binary }) {
  const [masterPort, ...rest] = await freePorts(6);
  const replicaPorts = rest.slice(0, 2);
  const sentinelPorts = rest.slice(2);
  const nodes = new Map();
  nodes.set(masterPort, await redisNode(dir, `redis-${masterPort}`, masterPort, binary));
  for (const port of replicaPorts) nodes.set(port, await redisNode(dir, `redis-${port}`, port, binary, ['--replicaof', '127.0.0.1', String(masterPort)]));
  await until('both Redis replicas online', () => (redisCli(masterPort, 'INFO', 'replication').match(/state=online/g) ?? []).length === 2, 30_000);
  const sentinels = [];
  for (const port of sentinelPorts) {
    const confDir = join(dir, `sentinel-${port}`);
    mkdirSync(confDir, { recursive: true });
    const conf = join(confDir, 'sentinel.conf');
    const lines = [`port ${port}`, 'bind 127.0.0.1', `dir ${confDir}`, `sentinel monitor meydan 127.0.0.1 ${masterPort} 2`, 'sentinel down-after-milliseconds meydan 1000', 'sentinel failover-timeout meydan 5000'];
    writeFileSync(conf, `${lines.join('\n')}\n`);
    const sentinel = startProcess(`sentinel-${port}`, binary, [conf, '--sentinel'], { logFile: join(dir, `sentinel-${port}.log`) });
    sentinels.push(sentinel);
    await waitForPort(port, { proc: sentinel.proc, name: 'redis-sentinel' });
  }
  // Every sentinel has found both replicas and the other sentinels: a failover can be agreed on from the start.
  await until('the sentinels to know each other and the replicas', () =>
    sentinelPorts.every((p) => {
      const info = redisCli(p, 'SENTINEL', 'MASTER', 'meydan').split('\n');
      const field = (name) => Number(info[info.indexOf(name) + 1]);
      return field('num-slaves') === 2 && field('num-other-sentinels') === 2;
    }),
  );
  const master = () => Number(redisCli(sentinelPorts[0], 'SENTINEL', 'get-master-addr-by-name', 'meydan').split('\n')[1]);
  const released = new Map();
  const rejoined = (port) => until(`Redis ${port} a replica again`, () => /role:slave[\s\S]*master_link_status:up/.test(redisCli(port, 'INFO', 'replication')), 60_000);
  return {
    url: `redis+sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/meydan`,
    master,
    async kill(port) {
      await killHard(nodes.get(port));
      released.set(port, await holdPorts([port]));
    },
    /**
     * Freezes a node (SIGSTOP) until Sentinel has named another master, then lets it go on (SIGCONT): it wakes up a
     * master still, its clients' connections open, until Sentinel turns it into a replica of the new one (a few
     * seconds later), which drops what was written to it meanwhile: the split brain of a node that stalled.
     */
    async stall(port) {
      const { pid } = nodes.get(port).proc;
      process.kill(pid, 'SIGSTOP');
      try {
        await until(`Sentinel to name a master other than ${port}`, () => master() !== port, 30_000);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
    /** Waits until a stalled node is a replica again, caught up. */
    rejoined,
    async restart(port) {
      await released.get(port)?.();
      released.delete(port);
      nodes.set(port, await startAgain(`Redis ${port}`, () => redisNode(dir, `redis-${port}`, port, binary), isRedisOf(port)));
      await rejoined(port);
    },
    stop: async () => {
      for (const handle of [...sentinels, ...nodes.values()]) await handle.stop(5000);
      for (const release of released.values()) await release();
    },
  };
}

/**
 * A Redis Cluster of three masters and three replicas (node timeout 1 s; a slot range without its master does not
 * stop the others), and its `redis+cluster://` URL. `masterOf(key)` is the port of the master holding the key's slot.
 */
export async function startRedisCluster(dir, { binary }) {
  const ports = await freePorts(6);
  // Validity factor 0: a replica takes over however long ago it last heard from its master (with the default, one
  // whose master had been quiet refused: "Disconnected from master for longer than allowed").
  const args = ['--cluster-enabled', 'yes', '--cluster-node-timeout', '1000', '--cluster-require-full-coverage', 'no', '--cluster-replica-validity-factor', '0', '--cluster-config-file', 'nodes.conf'];
  const nodes = new Map();
  for (const port of ports) nodes.set(port, await redisNode(dir, `redis-${port}`, port, binary, args));
  execFileSync(which('redis-cli') ?? 'redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'], { stdio: 'ignore' });
  const allOk = () => ports.filter((p) => nodes.get(p).proc.exitCode === null).every((p) => redisCli(p, 'CLUSTER', 'INFO').includes('cluster_state:ok'));
  await until('the Redis Cluster to be ok', allOk, 30_000);
  const anyLive = () => ports.find((p) => nodes.get(p).proc.exitCode === null && nodes.get(p).proc.signalCode === null);
  const released = new Map();
  return {
    url: `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
    masterOf(key) {
      const slot = Number(redisCli(anyLive(), 'CLUSTER', 'KEYSLOT', key));
      const line = redisCli(anyLive(), 'CLUSTER', 'NODES')
        .split('\n')
        .map((l) => l.split(' '))
        .find(([, , flags, , , , , , ...ranges]) => flags.includes('master') && !flags.includes('fail') && ranges.some((r) => {
          const [from, to = from] = r.split('-').map(Number);
          return slot >= from && slot <= to;
        }));
      return Number(line[1].split('@')[0].split(':')[1]);
    },
    async kill(port) {
      await killHard(nodes.get(port));
      released.set(port, await holdPorts([port]));
    },
    async restart(port) {
      await released.get(port)?.();
      released.delete(port);
      nodes.set(port, await startAgain(`Redis ${port}`, () => redisNode(dir, `redis-${port}`, port, binary, args), isRedisOf(port)));
      await until(`Redis ${port} a replica again`, () => /role:slave[\s\S]*master_link_status:up/.test(redisCli(port, 'INFO', 'replication')) && allOk());
    },
    stop: async () => {
      for (const handle of nodes.values()) await handle.stop(5000);
      for (const release of released.values()) await release();
    },
  };
}

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (Debian's package makes it)
 * and its directories are that user's.
 */
function asPostgresUser() {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args], own: () => {} };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return {
    wrap: (cmd, args) => [which('setpriv') ?? 'setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--init-groups', cmd, ...args]],
    own: (path) => chownSync(path, uid, gid),
  };
}

/**
 * A PostgreSQL primary and a streaming standby that every commit waits for (synchronous_standby_names on the
 * primary only, so the standby, once promoted, commits alone), and FerretDB v1 on them through one URL listing both
 * with target_session_attrs=read-write: it follows whichever accepts writes. `failover()` kills the primary (its whole
 * process group) and promotes the standby with `pg_ctl promote`.
 */
export async function startPostgresFerret(dir, { ferretdb, say }) {
  const bin = ensurePostgres();
  const user = asPostgresUser();
  const pgDir = join(dir, 'postgres');
  mkdirSync(pgDir, { recursive: true });
  chmodSync(dir, 0o755);
  user.own(pgDir);
  const run = (program, args) => {
    const [cmd, full] = user.wrap(join(bin, program), args);
    const result = spawnSync(cmd, full, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stdout}${result.stderr}`.slice(-2000));
  };
  const [primaryPort, standbyPort, ferretPort] = await freePorts(3);
  const primaryDir = join(pgDir, 'primary');
  const standbyDir = join(pgDir, 'standby');
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  // fsync off: a killed process loses nothing the kernel already has; only a power loss would, and none is staged.
  const common = ['-c', 'listen_addresses=127.0.0.1', '-c', "unix_socket_directories=", '-c', 'fsync=off', '-c', 'max_connections=200'];
  const postgres = (name, dataDir, port, extra = []) => {
    const [cmd, args] = user.wrap(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...common, ...extra]);
    return startProcess(name, cmd, args, { logFile: join(dir, `${name}.log`) });
  };
  const primary = postgres('postgres-primary', primaryDir, primaryPort);
  let standby = null;
  try {
    await replicate({ primary, primaryPort, standbyDir, standbyPort, postgres, run, user, bin, started: (handle) => (standby = handle) });
  } catch (err) {
    await standby?.stop(5000);
    await primary.stop(5000);
    throw err;
  }
  const pgUrl = `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/ferretdb?target_session_attrs=read-write&sslmode=disable`;
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
      await standby.stop(10_000);
      await primary.stop(10_000);
      await releasePrimary?.();
    },
  };
}

/** The primary up, its database, the standby copied from it and started (told to `started`), then every commit made to wait for it. */
async function replicate({ primary, primaryPort, standbyDir, standbyPort, postgres, run, user, bin, started }) {
  await waitForPort(primaryPort, { proc: primary.proc, name: 'postgres primary' });
  const sql = (command) => run('psql', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-q', '-c', command]);
  /** The primary's one-value answer to `query` ('' while it does not answer). */
  const value = (query) => {
    const [cmd, args] = user.wrap(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-tAc', query]);
    return spawnSync(cmd, args, { encoding: 'utf8' }).stdout.trim();
  };
  // The port opens before PostgreSQL takes queries ("the database system is starting up": a fresh-clone run failed so).
  await until('the primary to take queries', () => value('SELECT 1') === '1', 30_000);
  sql('CREATE DATABASE ferretdb');
  // A fast checkpoint: the default spreads it over minutes, and the copy waits for it.
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '--checkpoint=fast']);
  const standby = started(postgres('postgres-standby', standbyDir, standbyPort));
  await waitForPort(standbyPort, { proc: standby.proc, name: 'postgres standby' });
  // Only now, and only the primary's own settings (the standby was copied before): every commit waits for the standby.
  sql("ALTER SYSTEM SET synchronous_standby_names = '*'");
  sql('SELECT pg_reload_conf()');
  await until('the standby to be synchronous', () => value('SELECT sync_state FROM pg_stat_replication') === 'sync', 30_000);
}

async function startFerret({ ferretdb, dir, port, pgUrl }) {
  const handle = startProcess(
    'ferretdb',
    ferretdb,
    ['--handler=postgresql', `--postgresql-url=${pgUrl}`, `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', `--state-dir=${dir}`, '--telemetry=disable', '--log-level=warn'],
    { logFile: join(dir, 'ferretdb.log') },
  );
  await waitForPort(port, { proc: handle.proc, name: 'ferretdb' });
  return { ...handle, url: `mongodb://127.0.0.1:${port}`, port };
}
