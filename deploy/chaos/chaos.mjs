// `npm run chaos`: faults under a vote storm, and proof that no acknowledged vote is lost or counted twice.
//
// 1. builds (tsc -b) and starts a throw-away stack on free ports in a temp dir: NATS (JetStream on files), Redis
//    (append-only file, synced every second), the MongoDB-wire server, the six services and the gateway, the
//    services and the gateway under the same supervisor as `npm start` (a killed one is started again);
// 2. seeds members with sessions, member polls and share-link polls;
// 3. runs deploy/chaos/vote-storm.js (k6): member votes and share-link visitor votes at CHAOS_RATE per second, until
//    the last fault below has recovered and a quiet spell has passed after it;
// 4. meanwhile, one after another with recovery and a quiet spell between: kill -9 of polls; kill -9 of the gateway;
//    restart of NATS; restart of Redis; restart of the MongoDB-wire server; kill -9 of notifications;
// 5. stops the storm, waits for the vote consumer, then for every poll compares the accepted (2xx) votes with
//    MongoDB's votes, Redis's counter and voters, and GET /api/polls/{id}; and per voter: none lost, none twice.
// Prints one table (fault, window, failed requests in it, the longest run of them, time to recover, votes checked,
// lost, doubled) and exits non-zero on any lost or doubled vote, any disagreement, any failure outside a fault's
// window, or a fault that met no vote.
//
// Env: CHAOS_RATE (votes/s, default 300, as `npm run chaos:cluster`), CHAOS_QUIET_S (quiet spell between faults,
// default 8), CHAOS_STORM_S (the storm's longest, default 600), CHAOS_KEEP (keep the temp dir with every process's
// log), LOG_LEVEL of the processes (default warn).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '../local/stack.mjs';
import { startThrowawayStack } from '../local/throwaway-stack.mjs';
import { ensureK6 } from '../local/ensure-tools.mjs';
import { RECOVERY_TIMEOUT_MS, runAsProcess, say, seed, stormUnderFaults, until } from './storm.mjs';
import { verdict } from './verify.mjs';

/** @import { StackProcess } from '../local/stack.mjs' */
/** @import { Supervised } from '../local/supervisor.mjs' */
/** @typedef {Awaited<ReturnType<typeof startThrowawayStack>>} ChaosStack */

const root = fileURLToPath(new URL('../..', import.meta.url));
const RATE = Number(process.env.CHAOS_RATE || 300);
const QUIET_MS = Number(process.env.CHAOS_QUIET_S || 8) * 1000;
/** The storm's longest: it ends once the faults are over, and a run whose faults outlast it fails. */
const STORM_S = Number(process.env.CHAOS_STORM_S || 600);
const LOG_LEVEL = process.env.LOG_LEVEL || 'warn';

/** @type {string | undefined} */
let workDir;
/** @type {ChaosStack | undefined} */
let stack;
/**
 * Every process as it starts: what Ctrl-C stops while the stack is still coming up.
 * @type {StackProcess[]}
 */
const started = [];

async function stopAll() {
  if (stack) await stack.stop();
  else for (const handle of started.reverse()) await handle.stop(5000).catch(() => {});
  if (workDir && !process.env.CHAOS_KEEP) rmSync(workDir, { recursive: true, force: true });
}

/**
 * The launcher's throw-away stack with Redis on its append-only file, every service and the gateway under the
 * supervisor (a killed one is started again soon), all of them needed and /api/health waited for.
 */
async function startChaosStack() {
  workDir = mkdtempSync(join(tmpdir(), 'meydan-chaos-'));
  stack = await startThrowawayStack({
    workDir,
    persist: true,
    logLevel: LOG_LEVEL,
    // No load shedding: the verdict counts every refused vote, and overload on this machine is not the fault under test.
    env: { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_MAX_IN_FLIGHT: '0' },
    required: SERVICES,
    health: true,
    supervise: { backoffFirstMs: 200 },
    started,
  });
  say(`stack up (logs in ${workDir})`);
}

/**
 * The six faults: a service process or the gateway killed (recovered once the supervisor has started it again and it
 * is ready), or a server stopped and started again on its port and data.
 */
function faults() {
  const { handles, gateway, ports, servers } = /** @type {ChaosStack} */ (stack);
  // Every process of this stack runs under the supervisor.
  const supervised = (/** @type {string} */ name) =>
    /** @type {Supervised} */ (name === 'gateway' ? gateway : handles[name]);
  const killed = (/** @type {string} */ name) => async () => {
    const before = supervised(name).restarts;
    process.kill(/** @type {number} */ (supervised(name).proc.pid), 'SIGKILL');
    await until(`${name} restarted`, () => supervised(name).restarts > before);
    await until(
      `${name} ready`,
      async () => (await fetch(`http://127.0.0.1:${ports[name]}/readyz`, { signal: AbortSignal.timeout(5000) })).ok,
      RECOVERY_TIMEOUT_MS,
    );
  };
  const restarted = (/** @type {'nats' | 'redis' | 'mongo'} */ name) => () => servers.restart(name);
  return [
    { name: 'kill -9 polls', act: killed('polls') },
    { name: 'kill -9 gateway', act: killed('gateway') },
    { name: 'restart NATS', act: restarted('nats') },
    { name: 'restart Redis', act: restarted('redis') },
    { name: 'restart MongoDB-wire', act: restarted('mongo') },
    { name: 'kill -9 notifications', act: killed('notifications') },
  ];
}

async function main() {
  const k6 = ensureK6();
  say('building the workspaces (tsc -b)…');
  if (spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('tsc -b failed');
  await startChaosStack();
  const up = /** @type {ChaosStack} */ (stack);
  const dir = /** @type {string} */ (workDir);
  const run = { base: up.base, workDir: dir, rate: RATE, stormS: STORM_S, quietMs: QUIET_MS };
  const seeded = await seed(up, dir, run);
  const storm = await stormUnderFaults(k6, run, seeded, faults());
  return verdict(up, seeded, storm);
}

runAsProcess('chaos', main, stopAll);
