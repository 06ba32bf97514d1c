// The bench's throw-away stack: the launcher's (deploy/local/stack.mjs) on free ports in a temp dir, the six services
// and the gateway as `npm start` runs them, taken from `root` (BENCH_ROOT: another checkout can be measured with this
// runner), with the limits a load run needs (LOAD_RUN_ENV). `profile(name)` starts that Node process with
// --cpu-prof into <workDir>/profiles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../local/servers.mjs';
import { waitReady } from '../local/stack.mjs';
import { startThrowawayStack } from '../local/throwaway-stack.mjs';

/**
 * Starts everything; `stop()` stops it in reverse order.
 * @param {{ root: string, workDir: string, webDist?: string, logLevel?: string, profile?: (name: string) => boolean, say?: (line: string) => void }} options
 */
export async function startStack({ root, workDir, webDist, logLevel = 'warn', profile = () => false, say = () => {} }) {
  const stack = await startThrowawayStack({
    workDir,
    root,
    webDist,
    logLevel,
    profile,
    say,
  });
  const { base, secret, urls } = stack;
  return {
    base,
    secret,
    ports: stack.ports,
    nats: { url: urls.nats },
    redis: { url: urls.redis },
    mongo: { url: urls.mongo },
    profileDir: stack.profileDir,
    kitPath: join(root, 'services', 'kit', 'dist', 'index.js'),
    /** Every process of the stack (and whatever was added with `track`), by name. */
    processes: stack.processes,
    track: stack.track,
    /** A second notifications process on the same NATS and Redis (the Redis adapter joins their sockets). */
    /** @param {string} label */
    async addNotifications(label) {
      const port = await freePort();
      const handle = stack.launch({ service: 'notifications', name: label, port });
      await stack.ready(label, port, handle);
      return { port, handle };
    },
    /** One more gateway on the same services, with `env` over its settings (the shedding scenario's, without shedding); its base URL. */
    /**
     * @param {string} label
     * @param {NodeJS.ProcessEnv} env
     */
    async addGateway(label, env) {
      const port = await freePort();
      const handle = stack.launchGateway(label, port, env);
      await stack.ready(label, port, handle);
      return `http://127.0.0.1:${port}`;
    },
    /** A Node script of the bench itself, tracked like the stack's processes (and profiled with them). */
    /**
     * @param {string} label
     * @param {string} script
     * @param {NodeJS.ProcessEnv} env
     * @param {string} [readyUrl]
     */
    async startNodeScript(label, script, env, readyUrl) {
      const handle = stack.startScript(label, script, env);
      if (readyUrl)
        await waitReady(label, readyUrl, handle, { explain: () => `; see ${label}.log in the run's temp dir` });
      return handle;
    },
    stop: stack.stop,
  };
}

/** @typedef {Awaited<ReturnType<typeof startStack>>} BenchStack */

/**
 * CPU time (user + system) a process has used so far, in ms; 0 once it is gone. Linux /proc only.
 * @param {number | undefined} pid
 */
export function cpuMs(pid) {
  try {
    const fields = /** @type {string} */ (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Resident memory of a process, in MB, or null once it is gone.
 * @param {number | undefined} pid
 */
export function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The soft limit on open files of a process (`self`: this one), or Infinity when unlimited. Linux /proc only.
 * @param {number | 'self' | undefined} pid
 */
export function openFilesLimit(pid) {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}
