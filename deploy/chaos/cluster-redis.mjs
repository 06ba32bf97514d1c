// Redis for `npm run chaos:cluster`, on loopback in the run's temp dir: with Sentinel (a master, two replicas, three
// sentinels) or as a Redis Cluster (three masters, three replicas). Each knows how to find the node a fault should hit,
// kill it, and start it again so that it rejoins.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { which } from '../local/install.mjs';
import { startProcess, startRedis, waitForPort } from '../local/servers.mjs';
import { freePorts, holdPorts, killHard, startAgain } from './cluster-nodes.mjs';
import { until } from './storm.mjs';

/** @import { ProcessHandle, ServerHandle } from '../local/servers.mjs' */

/** Whether the Redis answering on `port` is the process `handle` started. */
const isRedisOf = (/** @type {number} */ port) => async (/** @type {ProcessHandle} */ handle) =>
  Number(/process_id:(\d+)/.exec(redisCli(port, 'INFO', 'server'))?.[1]) === handle.proc.pid;

/** @type {(port: number | undefined, ...args: string[]) => string} */
const redisCli = (port, ...args) =>
  execFileSync(which('redis-cli') ?? 'redis-cli', ['-p', String(port), '--raw', ...args], {
    encoding: 'utf8',
    timeout: 5000,
  }).trim();

/**
 * Redis with an append-only file (written to disk every second), as `npm run chaos` runs it; `extraArgs` more.
 * @param {string} dir
 * @param {string} name
 * @param {number} port
 * @param {string | null | undefined} binary
 * @param {string[]} [extraArgs]
 */
async function redisNode(dir, name, port, binary, extraArgs = []) {
  return startRedis({
    port,
    dataDir: join(dir, name),
    logFile: join(dir, `${name}.log`),
    persist: true,
    binary,
    extraArgs,
  });
}

/**
 * A Redis master, two replicas and three sentinels watching them (master name `meydan`, down after 1 s), and the
 * `redis+sentinel://` URL of the sentinels. `master()` is the port Sentinel names; `kill(port)`, `restart(port)`
 * (same port and data: Sentinel makes it a replica of whoever is master now), `stall(port)` and `rejoined(port)`.
 * @param {string} dir
 * @param {{ binary: string | null | undefined }} options
 */
export async function startRedisSentinel(dir, { binary }) {
  const [masterPort, ...rest] = /** @type {[number, ...number[]]} */ (await freePorts(6));
  const replicaPorts = rest.slice(0, 2);
  const sentinelPorts = rest.slice(2);
  /** @type {Map<number, ServerHandle>} */
  const nodes = new Map();
  nodes.set(masterPort, await redisNode(dir, `redis-${masterPort}`, masterPort, binary));
  for (const port of replicaPorts)
    nodes.set(
      port,
      await redisNode(dir, `redis-${port}`, port, binary, ['--replicaof', '127.0.0.1', String(masterPort)]),
    );
  await until(
    'both Redis replicas online',
    () => (redisCli(masterPort, 'INFO', 'replication').match(/state=online/g) ?? []).length === 2,
    30_000,
  );
  /** @type {ProcessHandle[]} */
  const sentinels = [];
  for (const port of sentinelPorts) {
    const confDir = join(dir, `sentinel-${port}`);
    mkdirSync(confDir, { recursive: true });
    const conf = join(confDir, 'sentinel.conf');
    const lines = [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${confDir}`,
      `sentinel monitor meydan 127.0.0.1 ${masterPort} 2`,
      'sentinel down-after-milliseconds meydan 1000',
      'sentinel failover-timeout meydan 5000',
    ];
    writeFileSync(conf, `${lines.join('\n')}\n`);
    const sentinel = startProcess(`sentinel-${port}`, /** @type {string} */ (binary), [conf, '--sentinel'], {
      logFile: join(dir, `sentinel-${port}.log`),
    });
    sentinels.push(sentinel);
    await waitForPort(port, { proc: sentinel.proc, name: 'redis-sentinel' });
  }
  // Every sentinel has found both replicas and the other sentinels: a failover can be agreed on from the start.
  await until('the sentinels to know each other and the replicas', () =>
    sentinelPorts.every((p) => {
      const info = redisCli(p, 'SENTINEL', 'MASTER', 'meydan').split('\n');
      const field = (/** @type {string} */ name) => Number(info[info.indexOf(name) + 1]);
      return field('num-slaves') === 2 && field('num-other-sentinels') === 2;
    }),
  );
  const master = () =>
    Number(redisCli(sentinelPorts[0], 'SENTINEL', 'get-master-addr-by-name', 'meydan').split('\n')[1]);
  /** @type {Map<number, () => Promise<unknown>>} */
  const released = new Map();
  const rejoined = (/** @type {number} */ port) =>
    until(
      `Redis ${port} a replica again`,
      () => /role:slave[\s\S]*master_link_status:up/.test(redisCli(port, 'INFO', 'replication')),
      60_000,
    );
  return {
    url: `redis+sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/meydan`,
    master,
    /** @param {number} port */
    async kill(port) {
      await killHard(/** @type {ServerHandle} */ (nodes.get(port)));
      released.set(port, await holdPorts([port]));
    },
    /**
     * Freezes a node (SIGSTOP) until Sentinel has named another master, then lets it go on (SIGCONT): it wakes up a
     * master still, its clients' connections open, until Sentinel turns it into a replica of the new one (a few
     * seconds later), which drops what was written to it meanwhile: the split brain of a node that stalled.
     */
    async stall(/** @type {number} */ port) {
      const { pid } = /** @type {ServerHandle} */ (nodes.get(port)).proc;
      process.kill(/** @type {number} */ (pid), 'SIGSTOP');
      try {
        await until(`Sentinel to name a master other than ${port}`, () => master() !== port, 30_000);
      } finally {
        process.kill(/** @type {number} */ (pid), 'SIGCONT');
      }
    },
    /** Waits until a stalled node is a replica again, caught up. */
    rejoined,
    /**
     * Starts a killed node again as deploy/k8s/infra/redis-ha.sh does: a replica of the master the sentinels name now
     * (rather than a master until Sentinel turns it into a replica, which it finds out at its next 10 s look).
     * @param {number} port
     */
    async restart(port) {
      await released.get(port)?.();
      released.delete(port);
      // When no sentinel names another master (none answers, or none has failed over yet), it starts as before.
      let named = port;
      try {
        named = master();
      } catch {}
      const replicaOf = Number.isInteger(named) && named !== port ? ['--replicaof', '127.0.0.1', String(named)] : [];
      nodes.set(
        port,
        await startAgain(
          `Redis ${port}`,
          () => redisNode(dir, `redis-${port}`, port, binary, replicaOf),
          isRedisOf(port),
        ),
      );
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
 * @param {string} dir
 * @param {{ binary: string | null | undefined }} options
 */
export async function startRedisCluster(dir, { binary }) {
  const ports = await freePorts(6);
  // Validity factor 0: a replica takes over however long ago it last heard from its master (with the default, one
  // whose master had been quiet refused: "Disconnected from master for longer than allowed").
  const args = [
    '--cluster-enabled',
    'yes',
    '--cluster-node-timeout',
    '1000',
    '--cluster-require-full-coverage',
    'no',
    '--cluster-replica-validity-factor',
    '0',
    '--cluster-config-file',
    'nodes.conf',
  ];
  /** @type {Map<number, ServerHandle>} */
  const nodes = new Map();
  for (const port of ports) nodes.set(port, await redisNode(dir, `redis-${port}`, port, binary, args));
  execFileSync(
    which('redis-cli') ?? 'redis-cli',
    ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'],
    { stdio: 'ignore' },
  );
  const allOk = () =>
    ports
      .filter((p) => /** @type {ServerHandle} */ (nodes.get(p)).proc.exitCode === null)
      .every((p) => redisCli(p, 'CLUSTER', 'INFO').includes('cluster_state:ok'));
  await until('the Redis Cluster to be ok', allOk, 30_000);
  const anyLive = () =>
    ports.find(
      (p) =>
        /** @type {ServerHandle} */ (nodes.get(p)).proc.exitCode === null &&
        /** @type {ServerHandle} */ (nodes.get(p)).proc.signalCode === null,
    );
  /** @type {Map<number, () => Promise<unknown>>} */
  const released = new Map();
  return {
    url: `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
    /** @param {string} key */
    masterOf(key) {
      const slot = Number(redisCli(anyLive(), 'CLUSTER', 'KEYSLOT', key));
      const line = redisCli(anyLive(), 'CLUSTER', 'NODES')
        .split('\n')
        .map((l) => /** @type {[string, string, string, ...string[]]} */ (l.split(' ')))
        .find(
          ([, , flags, , , , , , ...ranges]) =>
            flags.includes('master') &&
            !flags.includes('fail') &&
            ranges.some((r) => {
              const [from, to = from] = /** @type {[number, number?]} */ (r.split('-').map(Number));
              return slot >= from && slot <= to;
            }),
        );
      return Number(
        /** @type {string} */ (/** @type {[string, string, string, ...string[]]} */ (line)[1].split('@')[0]).split(
          ':',
        )[1],
      );
    },
    /** @param {number} port */
    async kill(port) {
      await killHard(/** @type {ServerHandle} */ (nodes.get(port)));
      released.set(port, await holdPorts([port]));
    },
    /** @param {number} port */
    async restart(port) {
      await released.get(port)?.();
      released.delete(port);
      nodes.set(
        port,
        await startAgain(`Redis ${port}`, () => redisNode(dir, `redis-${port}`, port, binary, args), isRedisOf(port)),
      );
      await until(
        `Redis ${port} a replica again`,
        () => /role:slave[\s\S]*master_link_status:up/.test(redisCli(port, 'INFO', 'replication')) && allOk(),
      );
    },
    stop: async () => {
      for (const handle of nodes.values()) await handle.stop(5000);
      for (const release of released.values()) await release();
    },
  };
}
