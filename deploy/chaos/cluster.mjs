// `npm run chaos:cluster`: the chaos run against clusters of the real data servers on loopback, and proof that no
// acknowledged vote is lost or counted twice when a data node dies under a vote storm.
//
// 1. builds (tsc -b) and starts, in a temp dir: nats-server ×3 as one JetStream cluster (every stream in three copies,
//    NATS_STREAM_REPLICAS=3); Redis with Sentinel (a master, two replicas, three sentinels; `redis+sentinel://`) or,
//    with CHAOS_REDIS=cluster, a Redis Cluster (three masters, three replicas; `redis+cluster://`); PostgreSQL, a
//    primary and a synchronous streaming standby, under FerretDB v1 (one URL naming both, target_session_attrs=
//    read-write: it follows the promoted standby by itself);
// 2. starts two processes of every service (REPLICAS) and the gateway through the launcher, under the supervisor;
// 3. seeds members and polls, and runs deploy/chaos/vote-storm.js (k6) at CHAOS_RATE votes per second until every
//    fault below has healed and a quiet spell has passed after the last;
// 4. meanwhile, one after another, each started again and caught up before the next (except PostgreSQL's): kill -9
//    of the NATS server leading the votes' stream; of a NATS follower of it; a rolling restart of the three NATS
//    servers as Kubernetes does it (each in turn: lame duck mode, SIGTERM, started again and caught up); kill -9 of
//    the Redis master (Sentinel's master, or the Cluster master holding the hottest poll's slot); the Redis master
//    frozen (SIGSTOP) until Sentinel has failed over, then woken: a split brain until Sentinel makes it a replica
//    (Sentinel only); kill -9 of the PostgreSQL primary, the standby promoted with `pg_ctl promote`;
// 5. prints the table of `npm run chaos` (fault, window, failed in it, the longest run of failures, time to recover,
//    votes checked, lost, doubled) and the per-poll equality (accepted = MongoDB = Redis = API); exits non-zero on any
//    lost or doubled vote, any disagreement, any failure outside a fault's window, any fault that kept votes from
//    flowing for longer than CHAOS_RECOVERY_S or met no vote, and any failed vote in the rolling restart.
//
// Env: CHAOS_RATE (votes/s, default 300), CHAOS_STORM_S (the storm's longest, default 600), CHAOS_QUIET_S (default
// 8), CHAOS_RECOVERY_S (default 10), CHAOS_REDIS (sentinel | cluster, default sentinel), CHAOS_FAULTS (a comma list
// of nats-leader, nats-follower, nats-rolling, redis-master, redis-stall (Sentinel only), postgres-primary; default all
// that apply), REPLICAS (processes of each service, default 2), CHAOS_KEEP (keep the temp dir with every log),
// LOG_LEVEL of the processes (default warn), CHAOS_SKIP_BUILD (the caller has just built: `npm test`), CHAOS_PROFILE
// (CPU profiles of the stack's Node processes, written when they stop), CHAOS_FERRETDB_DEBUG (a host:port where
// FerretDB serves its debug handler: /debug/metrics counts its commands, /debug/pprof/profile profiles it).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFerretDb } from '../local/ferretdb-build.mjs';
import { ensureServerBinaries } from '../local/servers.mjs';
import { SERVICES, replicasOf } from '../local/stack.mjs';
import { startThrowawayStack } from '../local/throwaway-stack.mjs';
import { ensureK6 } from '../local/ensure-tools.mjs';
import { startRedisCluster, startRedisSentinel } from './cluster-redis.mjs';
import { startNatsCluster, startPostgresFerret } from './cluster-servers.mjs';
import { runAsProcess, say, seed, stormUnderFaults } from './storm.mjs';
import { verdict } from './verify.mjs';

/** @import { StackProcess } from '../local/stack.mjs' */
/** @import { Fault } from './storm.mjs' */
/** @typedef {Awaited<ReturnType<typeof startThrowawayStack>>} ClusterStack */
/** @typedef {Awaited<ReturnType<typeof startRedisSentinel>>} RedisSentinel */
/** @typedef {Awaited<ReturnType<typeof startRedisCluster>>} RedisCluster */

const root = fileURLToPath(new URL('../..', import.meta.url));
const RATE = Number(process.env.CHAOS_RATE || 300);
const QUIET_MS = Number(process.env.CHAOS_QUIET_S || 8) * 1000;
const STORM_S = Number(process.env.CHAOS_STORM_S || 600);
/** How long after losing a node votes must flow again: the first accepted vote after the fault, none failed after it. */
const RECOVERY_S = Number(process.env.CHAOS_RECOVERY_S || 10);
const REDIS = process.env.CHAOS_REDIS || 'sentinel';
const REPLICAS = replicasOf(process.env.REPLICAS || 2);
const FAULTS = (
  process.env.CHAOS_FAULTS ||
  `nats-leader,nats-follower,nats-rolling,redis-master,${REDIS === 'cluster' ? '' : 'redis-stall,'}postgres-primary`
)
  .split(',')
  .map((f) => f.trim());
const LOG_LEVEL = process.env.LOG_LEVEL || 'warn';

/**
 * The run's temp dir: set by main() before any cluster starts (stopAll checks it).
 * @type {string}
 */
let workDir;
/** @type {ClusterStack | undefined} */
let stack;
/** @type {{ stop(): Promise<unknown> }[]} */
const servers = [];
/**
 * Every process as it starts: what Ctrl-C stops while the stack is still coming up.
 * @type {StackProcess[]}
 */
const started = [];

async function stopAll() {
  if (stack) await stack.stop();
  else for (const handle of started.reverse()) await handle.stop(5000).catch(() => {});
  for (const server of servers.reverse()) await server.stop().catch(() => {});
  if (workDir && !process.env.CHAOS_KEEP) rmSync(workDir, { recursive: true, force: true });
}

/** The three clusters, each in its own directory of the run's temp dir. */
async function startClusters() {
  if (!['sentinel', 'cluster'].includes(REDIS))
    throw new Error(`CHAOS_REDIS must be sentinel or cluster, not ${REDIS}`);
  const binaries = ensureServerBinaries({ mongo: false });
  const ferretdb = ensureFerretDb();
  const startRedis = REDIS === 'cluster' ? startRedisCluster : startRedisSentinel;
  // The three clusters start side by side (each waits mostly on its own members finding each other), and each is
  // listed to be stopped as soon as it is up; all have settled before a failure of one is thrown, so none is left.
  const natsStart = startNatsCluster(join(workDir, 'nats'), { binary: binaries.natsServer });
  const redisStart = startRedis(join(workDir, 'redis'), { binary: binaries.redisServer });
  const postgresStart = startPostgresFerret(join(workDir, 'mongo'), { ferretdb, say });
  for (const start of [natsStart, redisStart, postgresStart])
    start.then(
      (server) => servers.push(server),
      () => {},
    );
  await Promise.allSettled([natsStart, redisStart, postgresStart]);
  const [nats, redis, postgres] = await Promise.all([natsStart, redisStart, postgresStart]);
  say(
    `servers up: NATS ×3 (JetStream, R3), Redis ${REDIS === 'cluster' ? 'Cluster (3 masters, 3 replicas)' : 'with Sentinel (1 master, 2 replicas, 3 sentinels)'}, PostgreSQL primary + synchronous standby under FerretDB`,
  );
  return { nats, redis, postgres };
}

/**
 * Two processes (REPLICAS) of every service and the gateway on the clusters, under the supervisor, all of them needed.
 * @param {Awaited<ReturnType<typeof startClusters>>} clusters
 */
async function startClusterStack({ nats, redis, postgres }) {
  stack = await startThrowawayStack({
    workDir,
    external: { nats: nats.url, redis: redis.url, mongo: postgres.url },
    replicas: REPLICAS,
    // No load shedding: the verdict counts every refused vote, and a storm on a saturated two-core box would have
    // starved processes answer 503 overloaded, which is not the fault under test.
    env: { NATS_STREAM_REPLICAS: '3', SHED_EVENT_LOOP_DELAY_MS: '0', SHED_MAX_IN_FLIGHT: '0' },
    logLevel: LOG_LEVEL,
    required: SERVICES,
    health: true,
    supervise: { backoffFirstMs: 200 },
    started,
    // CHAOS_PROFILE: every Node process of the stack runs with --cpu-prof into <temp dir>/profiles (kept with CHAOS_KEEP).
    profile: () => Boolean(process.env.CHAOS_PROFILE),
  });
  say(`stack up: ${REPLICAS} processes of each service and the gateway (logs in ${workDir})`);
}

/**
 * The faults CHAOS_FAULTS names, in this order. Each kills one data node hard (SIGKILL to its process group); the
 * NATS and Redis ones start it again once votes go through, and wait until it has rejoined and caught up. The rolling
 * restart stops no node hard: it is graceful, and must fail no vote.
 * @param {Awaited<ReturnType<typeof startClusters>>} clusters
 * @param {{ polls: { member: string[] } }} seeded
 * @param {string} VOTES_STREAM
 */
function faults({ nats, redis, postgres }, { polls }, VOTES_STREAM) {
  const leaderOfVotes = async () => {
    const where = await nats.leaderOf(VOTES_STREAM);
    if (!where) throw new Error(`no leader of stream ${VOTES_STREAM}`);
    return where;
  };
  /** @type {string} */
  let natsVictim;
  /** @type {number} */
  let redisVictim;
  const hotKey = `polls:poll:{${polls.member[0]}}:c`;
  /** @type {Record<string, Fault>} */
  const all = {
    'nats-leader': {
      name: `kill -9 NATS leader of ${VOTES_STREAM}`,
      act: async () => {
        natsVictim = (await leaderOfVotes()).leader;
        say(`    ${natsVictim} leads ${VOTES_STREAM}`);
        await nats.kill(natsVictim);
      },
      heal: () => nats.restart(natsVictim, VOTES_STREAM),
    },
    'nats-follower': {
      name: `kill -9 NATS follower of ${VOTES_STREAM}`,
      act: async () => {
        natsVictim = /** @type {string} */ ((await leaderOfVotes()).followers[0]);
        say(`    ${natsVictim} follows`);
        await nats.kill(natsVictim);
      },
      heal: () => nats.restart(natsVictim, VOTES_STREAM),
    },
    'nats-rolling': {
      name: 'rolling restart of NATS (lame duck)',
      graceful: true,
      // As `kubectl rollout restart statefulset/nats`: the highest ordinal first, each started again and caught up
      // (its startup probe, /healthz) before the next stops.
      act: async () => {
        for (const { name } of [...nats.nodes].reverse()) {
          const started = Date.now();
          await nats.stopGracefully(name);
          const stopped = Date.now();
          await nats.restart(name, VOTES_STREAM);
          say(
            `    ${name}: stopped in ${((stopped - started) / 1000).toFixed(1)} s, back and caught up in ${((Date.now() - stopped) / 1000).toFixed(1)} s`,
          );
        }
      },
    },
    'redis-master': {
      name: REDIS === 'cluster' ? 'kill -9 Redis master of the hot slot' : 'kill -9 Redis master',
      act: async () => {
        redisVictim =
          REDIS === 'cluster'
            ? /** @type {RedisCluster} */ (redis).masterOf(hotKey)
            : /** @type {RedisSentinel} */ (redis).master();
        say(`    Redis :${redisVictim} is the master`);
        await redis.kill(redisVictim);
      },
      heal: () => redis.restart(redisVictim),
    },
    'redis-stall': {
      name: 'freeze Redis master, fail over, wake it',
      act: async () => {
        redisVictim = /** @type {RedisSentinel} */ (redis).master();
        say(`    Redis :${redisVictim} is the master`);
        await /** @type {RedisSentinel} */ (redis).stall(redisVictim);
      },
      heal: () => /** @type {RedisSentinel} */ (redis).rejoined(redisVictim),
    },
    'postgres-primary': {
      name: 'kill -9 PostgreSQL primary, promote',
      act: () => postgres.failover(),
    },
  };
  const unknown = FAULTS.filter((f) => !all[f]);
  if (unknown.length)
    throw new Error(`CHAOS_FAULTS: unknown ${unknown.join(', ')} (known: ${Object.keys(all).join(', ')})`);
  if (REDIS === 'cluster' && FAULTS.includes('redis-stall'))
    throw new Error('CHAOS_FAULTS: redis-stall needs CHAOS_REDIS=sentinel');
  return Object.keys(all)
    .filter((f) => FAULTS.includes(f))
    .map((f) => /** @type {Fault} */ (all[f]));
}

async function main() {
  const k6 = ensureK6();
  if (!process.env.CHAOS_SKIP_BUILD) {
    say('building the workspaces (tsc -b)…');
    if (spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('tsc -b failed');
  }
  workDir = mkdtempSync(join(tmpdir(), 'meydan-chaos-cluster-'));
  // Run as root, PostgreSQL runs as its own user (see cluster-servers.mjs), who must reach its directory in here.
  chmodSync(workDir, 0o755);
  const clusters = await startClusters();
  await startClusterStack(clusters);
  const up = /** @type {ClusterStack} */ (stack);
  const run = { base: up.base, workDir, rate: RATE, stormS: STORM_S, quietMs: QUIET_MS };
  const seeded = await seed(up, workDir, run);
  // The stream the votes go to, as proto names it (built only now).
  const { streams } = await import('@meydan/proto');
  const plan = faults(clusters, seeded, streams.events.name);
  const storm = await stormUnderFaults(k6, run, seeded, plan);
  return verdict(up, seeded, storm, { recoveryBoundS: RECOVERY_S });
}

runAsProcess('chaos:cluster', main, stopAll);
