import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, infra, until } from './harness.js';
import { claimIfFree, releasePort, startRedis } from '../deploy/local/servers.mjs';

export type RedisNode = Awaited<ReturnType<typeof startRedis>>;

export interface RedisCluster {
  /** `redis+cluster://127.0.0.1:p1,…`, what REDIS_URL names for a cluster. */
  url: string;
  nodes: RedisNode[];
  /** How many keys each node holds, in the order of `nodes`. */
  keysPerNode(): number[];
  /**
   * Starts node `index` again (after it was killed) on its port with its cluster config: it comes back a master of
   * the same slots, with no keys (tests keep no data on disk), as a master replaced after its loss.
   */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** A throw-away redis-server on a free port in the test's temp dir, with `extraArgs` (cluster mode, replicaof, …). */
export async function startRedisNode(extraArgs: string[] = [], port?: number): Promise<RedisNode> {
  const { dir, redisServer } = infra();
  const p = port ?? (await freePort());
  return startRedis({ port: p, dataDir: join(dir, `redis-node-${p}`), binary: redisServer, extraArgs });
}

/**
 * A free port whose cluster bus port (the port + 10000, where a cluster node also listens) is free too, and claimed
 * beside it so that no other process of the machine is handed it meanwhile (deploy/local/servers.mjs claimIfFree).
 */
async function clusterNodePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = await freePort();
    const bus = port + 10_000;
    if (bus <= 65_535 && (await claimIfFree(bus))) return port;
    releasePort(port);
  }
  throw new Error('no free port with a free cluster bus port beside it');
}

/**
 * A Redis Cluster of `masters` real redis-server processes on loopback (no replicas), every slot assigned;
 * `extraArgs` are more options of every node (e.g. `--cluster-require-full-coverage no`: a master's loss does not stop
 * the others).
 */
export async function startRedisCluster(masters = 3, extraArgs: string[] = []): Promise<RedisCluster> {
  const args = ['--cluster-enabled', 'yes', '--cluster-node-timeout', '1000', ...extraArgs];
  const nodes = await Promise.all(
    Array.from({ length: masters }, async () => startRedisNode(args, await clusterNodePort())),
  );
  const stop = () => Promise.all(nodes.map((n) => n.stop(2_000))).then(() => undefined);
  try {
    execFileSync('redis-cli', ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-yes'], {
      stdio: 'ignore',
    });
    await until(
      () =>
        nodes.every((n) =>
          execFileSync('redis-cli', ['-p', String(n.port), 'cluster', 'info'])
            .toString()
            .includes('cluster_state:ok'),
        ),
      20_000,
      'the cluster to be ok',
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `redis+cluster://${nodes.map((n) => `127.0.0.1:${n.port}`).join(',')}`,
    nodes,
    keysPerNode: () =>
      nodes.map((n) =>
        Number(
          execFileSync('redis-cli', ['-p', String(n.port), 'dbsize'])
            .toString()
            .trim(),
        ),
      ),
    restart: async (index) => {
      nodes[index] = await startRedisNode(args, nodes[index]!.port);
    },
    stop,
  };
}
